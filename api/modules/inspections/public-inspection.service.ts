import { INSPECTION_TAX_RATE } from '../../../shared/constants';
import { formatCents, parseCents, totalsWithTax } from '../../../shared/money';
import type { PublicInspection, PublicService, Service, ShopContact } from '../../../shared/schemas/inspection';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { decideRecommendedService } from '../services/service.service';
import { findInspectionIdByToken } from './inspection.repository';
import { getInspectionsByIds } from './inspection.service';

const INSPECTION_NOT_FOUND = 'Inspection not found';
// Share tokens are base64url; anything else cannot match and is answered like an unknown token.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function inspectionIdFor(db: Db, token: string): Promise<string> {
  const row = TOKEN_SHAPE.test(token) ? await findInspectionIdByToken(db, token) : undefined;
  if (!row) throw notFound(INSPECTION_NOT_FOUND);
  return row.id;
}

export function toPublicService(service: Service): PublicService {
  return {
    id: service.id,
    description: service.description,
    partsCost: service.partsCost,
    laborCost: service.laborCost,
    status: service.status,
    parts: service.parts.map((p) => ({ id: p.id, partName: p.partName, partUrl: p.partUrl, partCost: p.partCost })),
  };
}

/** The contact block: the earliest-created admin's settings, all null when there is no admin. */
async function shopContact(db: Db): Promise<ShopContact> {
  const admin = await db
    .selectFrom('users')
    .select(['companyName', 'phone', 'email', 'address', 'city', 'state', 'zipCode', 'website'])
    .where('role', '=', 'admin')
    .orderBy('createdAt')
    .orderBy('id')
    .executeTakeFirst();
  return (
    admin ?? {
      companyName: null,
      phone: null,
      email: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      website: null,
    }
  );
}

const cents = (money: string) => parseCents(money) ?? 0;

/** What the report page shows, and nothing more. */
export async function getPublicInspection(db: Db, token: string): Promise<PublicInspection> {
  const [inspection] = await getInspectionsByIds(db, [await inspectionIdFor(db, token)]);
  if (!inspection) throw notFound(INSPECTION_NOT_FOUND);
  const pendingCents = inspection.services
    .filter((s) => s.status === 'recommended')
    .reduce((sum, s) => sum + cents(s.partsCost) + cents(s.laborCost), 0);
  const estimate = totalsWithTax(pendingCents, INSPECTION_TAX_RATE);
  const { customer, vehicle, technician } = inspection;
  return {
    id: inspection.id,
    status: inspection.status,
    createdAt: inspection.createdAt,
    updatedAt: inspection.updatedAt,
    frontLeftTread: inspection.frontLeftTread,
    frontRightTread: inspection.frontRightTread,
    rearLeftTread: inspection.rearLeftTread,
    rearRightTread: inspection.rearRightTread,
    frontLeftBrake: inspection.frontLeftBrake,
    frontRightBrake: inspection.frontRightBrake,
    rearLeftBrake: inspection.rearLeftBrake,
    rearRightBrake: inspection.rearRightBrake,
    cabinFilterCondition: inspection.cabinFilterCondition,
    engineFilterCondition: inspection.engineFilterCondition,
    oilCondition: inspection.oilCondition,
    oilLevel: inspection.oilLevel,
    coolantLevel: inspection.coolantLevel,
    suspensionCondition: inspection.suspensionCondition,
    leaks: inspection.leaks,
    checkEngineLight: inspection.checkEngineLight,
    diagnosticCodes: inspection.diagnosticCodes,
    notes: inspection.notes,
    customer: { name: customer.name },
    vehicle: {
      year: vehicle.year,
      make: vehicle.make,
      model: vehicle.model,
      licensePlate: vehicle.licensePlate,
      vin: vehicle.vin,
      mileage: vehicle.mileage,
    },
    technician: technician ? { username: technician.username } : null,
    services: inspection.services.map(toPublicService),
    inspectionNotes: inspection.inspectionNotes.map((n) => ({ id: n.id, note: n.note, createdAt: n.createdAt })),
    estimate: {
      subtotal: formatCents(estimate.subtotalCents),
      tax: formatCents(estimate.taxCents),
      total: formatCents(estimate.totalCents),
    },
    shop: await shopContact(db),
  };
}

/** The customer's approve or decline, scoped to the token's own inspection. */
export async function decidePublicService(
  db: Db,
  token: string,
  serviceId: string,
  status: 'approved' | 'declined',
): Promise<PublicService> {
  const inspectionId = await inspectionIdFor(db, token);
  if (!ID_SHAPE.test(serviceId)) throw notFound('Service not found');
  return toPublicService(await decideRecommendedService(db, { inspectionId, serviceId, status }));
}
