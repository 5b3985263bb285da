import { INSPECTION_TAX_RATE } from '@shared/constants';
import { formatCents, parseCents, totalsWithTax } from '@shared/money';
import { publicInspectionResponse, type Inspection } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import { notFound } from '@api/lib/http-error';
import { isShareToken } from '@api/lib/tokens';
import { writtenInParts } from '@api/plugins/written-in-parts';
import { serializerFor } from '@api/plugins/serializer';
import {
  sharePageTail,
  toPublicFindings,
  toPublicService,
  toPublicVehicle,
  type DecideSharedService,
} from './public-view';
import { findReportByToken } from './public-inspection.repository';
import { KEPT_SHARE_PAGE_PARTS, sharePageAnswer } from './kept-share-pages';
import { decideRecommendedService } from '@api/modules/inspections/service.service';
import { toPublicMedia } from '@api/modules/media/media.mapper';
import { findInspectionIdByToken } from '@api/modules/inspections/inspection.repository';
import { DocumentDerived } from '@api/modules/inspections/inspection-documents';
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
// the estimate, all decided by the inspection's document, kept per document version) and the share
// page's tail.
const writeHead = serializerFor(publicInspectionResponse.omit({ signatureRequired: true, shop: true, media: true }));

/** The report's head without its closing brace, kept per inspection and document version. */
const reportHeads = new DocumentDerived((inspection: Inspection): string => {
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
}, KEPT_SHARE_PAGE_PARTS);

/**
 * What the report page shows, and nothing more: one statement, the media when there are some, and
 * the answer kept for them.
 */
export async function getPublicInspection(db: Db, token: string, now: number): Promise<Buffer> {
  const read = isShareToken(token) ? await findReportByToken(db, token) : undefined;
  if (!read) throw inspectionNotFound();
  assertShareLinkAlive(read.life, now);
  return sharePageAnswer(db, 'inspection', token, read, async (found, media) => {
    const { document } = found;
    const head = await reportHeads.of(db, document);
    if (head === undefined) throw inspectionNotFound();
    const tail = sharePageTail(
      found,
      media.map((m) => toPublicMedia(m, token)),
    );
    // Kept only when written from the stored document its statement read the version of.
    return { answer: writtenInParts(db, publicInspectionResponse, head, `,${tail}}`), keep: document.stored };
  });
}

/** The customer's approve or decline, scoped to the token's own inspection. */
export const decidePublicService: DecideSharedService = async (db, token, serviceId, status, from, now) => {
  const inspectionId = await inspectionIdFor(db, token, now);
  if (!ID_SHAPE.test(serviceId)) throw notFound('Service not found');
  return toPublicService(await decideRecommendedService(db, { inspectionId, serviceId, status, ...from }));
};
