import { INSPECTION_TAX_RATE } from '@shared/constants';
import { formatCents, parseCents, totalsWithTax } from '@shared/money';
import { publicInspectionResponse, type Inspection } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import { jsonBytes, JsonText } from '@api/lib/json-text';
import { notFound } from '@api/lib/http-error';
import { isShareToken } from '@api/lib/tokens';
import { serializerFor } from '@api/plugins/serializer';
import {
  sharePageTail,
  toPublicFindings,
  toPublicService,
  toPublicVehicle,
  type DecideSharedService,
} from './public-view';
import { findReportByToken } from './public-inspection.repository';
import { sharePageMedia } from './share-page.repository';
import { decideRecommendedService } from '@api/modules/inspections/service.service';
import { toPublicMedia } from '@api/modules/media/media.mapper';
import { findInspectionIdByToken } from '@api/modules/inspections/inspection.repository';
import { currentInspection } from '@api/modules/inspections/inspection-documents';
import { inspectionNotFound } from '@api/modules/inspections/inspection-assembly';
import { assertShareLinkAlive } from '@api/modules/inspections/share-link';

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function inspectionIdFor(db: Db, token: string, now: number): Promise<string> {
  const row = isShareToken(token) ? await findInspectionIdByToken(db, token) : undefined;
  if (!row) throw inspectionNotFound();
  assertShareLinkAlive(row, now);
  return row.id;
}

const cents = (money: string) => parseCents(money) ?? 0;

// The report is written in parts with the writers of its own schema: the head (every field up to
// the estimate, all decided by the inspection) and the share page's tail.
const writeHead = serializerFor(publicInspectionResponse.omit({ signatureRequired: true, shop: true, media: true }));

/** The report's head without its closing brace. */
function reportHead(inspection: Inspection): string {
  const pendingCents = inspection.services
    .filter((s) => s.status === 'recommended')
    .reduce((sum, s) => sum + cents(s.partsCost) + cents(s.laborCost), 0);
  const estimate = totalsWithTax(pendingCents, INSPECTION_TAX_RATE);
  const head = writeHead({
    ...toPublicFindings(inspection),
    updatedAt: inspection.updatedAt,
    customer: { name: inspection.customer.name },
    vehicle: toPublicVehicle(inspection.vehicle),
    estimate: {
      subtotal: formatCents(estimate.subtotalCents),
      tax: formatCents(estimate.taxCents),
      total: formatCents(estimate.totalCents),
    },
  });
  return head.slice(0, -1);
}

/** What the report page shows, and nothing more: its statement, its inspection, and its media when there are some. */
export async function getPublicInspection(db: Db, token: string, now: number): Promise<Buffer> {
  const read = isShareToken(token) ? await findReportByToken(db, token) : undefined;
  const inspection = read?.inspectionId ? await currentInspection(db, read.inspectionId) : undefined;
  if (!read || !inspection) throw inspectionNotFound();
  assertShareLinkAlive(read.life, now);
  const media = await sharePageMedia(db, read);
  const tail = sharePageTail(
    read.page,
    media.map((m) => toPublicMedia(m, token)),
  );
  return jsonBytes(new JsonText(reportHead(inspection), `,${tail}}`));
}

/** The customer's approve or decline, scoped to the token's own inspection. */
export const decidePublicService: DecideSharedService = async (db, token, serviceId, status, from, now) => {
  const inspectionId = await inspectionIdFor(db, token, now);
  if (!ID_SHAPE.test(serviceId)) throw notFound('Service not found');
  return toPublicService(await decideRecommendedService(db, { inspectionId, serviceId, status, ...from }));
};
