import { INSPECTION_TAX_RATE } from '@shared/constants';
import { formatCents, parseCents, totalsWithTax } from '@shared/money';
import type { PublicInspection } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import { notFound } from '@api/lib/http-error';
import { isShareToken } from '@api/lib/tokens';
import {
  shopContact,
  toPublicFindings,
  toPublicService,
  toPublicVehicle,
  type DecideSharedService,
} from './public-view';
import { signatureRequired } from '@api/modules/decisions/decision.service';
import { decideRecommendedService } from '@api/modules/inspections/service.service';
import { toPublicMedia } from '@api/modules/media/media.mapper';
import { findInspectionMedia } from '@api/modules/media/media.repository';
import { findInspectionIdByToken } from '@api/modules/inspections/inspection.repository';
import { inspectionByToken } from '@api/modules/inspections/inspection-documents';
import { inspectionNotFound } from '@api/modules/inspections/inspection-assembly';

const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function inspectionIdFor(db: Db, token: string): Promise<string> {
  const row = isShareToken(token) ? await findInspectionIdByToken(db, token) : undefined;
  if (!row) throw inspectionNotFound();
  return row.id;
}

const cents = (money: string) => parseCents(money) ?? 0;

/** What the report page shows, and nothing more. */
export async function getPublicInspection(db: Db, token: string): Promise<PublicInspection> {
  // The inspection by its token, from its stored answer when there is one.
  const inspection = isShareToken(token) ? await inspectionByToken(db, token) : undefined;
  if (!inspection) throw inspectionNotFound();
  const [shop, signature, media] = await Promise.all([
    shopContact(db),
    signatureRequired(db, inspection.id),
    findInspectionMedia(db, inspection.id),
  ]);
  const pendingCents = inspection.services
    .filter((s) => s.status === 'recommended')
    .reduce((sum, s) => sum + cents(s.partsCost) + cents(s.laborCost), 0);
  const estimate = totalsWithTax(pendingCents, INSPECTION_TAX_RATE);
  return {
    ...toPublicFindings(inspection),
    updatedAt: inspection.updatedAt,
    customer: { name: inspection.customer.name },
    vehicle: toPublicVehicle(inspection.vehicle),
    estimate: {
      subtotal: formatCents(estimate.subtotalCents),
      tax: formatCents(estimate.taxCents),
      total: formatCents(estimate.totalCents),
    },
    signatureRequired: signature,
    shop,
    media: media.map((m) => toPublicMedia(m, token)),
  };
}

/** The customer's approve or decline, scoped to the token's own inspection. */
export const decidePublicService: DecideSharedService = async (db, token, serviceId, status, from) => {
  const inspectionId = await inspectionIdFor(db, token);
  if (!ID_SHAPE.test(serviceId)) throw notFound('Service not found');
  return toPublicService(await decideRecommendedService(db, { inspectionId, serviceId, status, ...from }));
};
