import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Role } from '@shared/constants';
import type { Db } from '@api/db/database';
import { refreshInspectionFunnel } from '@api/db/inspection-funnel';
import { NO_USER_CONTACT } from '@api/db/user-rows';
import type {
  CustomerRow,
  InspectionRow,
  InvoicesTable,
  ServicePartRow,
  ServiceRow,
  UserRow,
  VehicleRow,
} from '@api/db/tables';
import { hashPassword } from '@api/lib/password';
import { newShareToken, nowIso } from '@api/lib/tokens';
import { writeSetting } from '@api/modules/shop-settings/shop-settings.repository';
import { insertMediaFile, insertMediaRow } from '@api/modules/media/media.repository';

export const TEST_PASSWORD = 'correct horse battery';

// Factory users get a cheap hash (its parameters travel with it), so sign-ins in tests stay fast;
// the production parameters are tested on their own in the auth tests.
let cheapHash: Promise<string> | undefined;
/** A cheap scrypt cost for test users; test apps hash with it too (see `testConfig`). */
export const TEST_HASH_PARAMS = { log2N: 10, r: 8, p: 1 } as const;
const testPasswordHash = () => (cheapHash ??= hashPassword(TEST_PASSWORD, TEST_HASH_PARAMS));

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createUser(
  db: Db,
  fields: Partial<Omit<UserRow, 'role'>> & { role?: Role } = {},
): Promise<UserRow> {
  const tag = unique();
  const row: UserRow = {
    id: randomUUID(),
    username: `user_${tag}`,
    email: `user_${tag}@shop.test`,
    passwordHash: await testPasswordHash(),
    role: 'technician',
    ...NO_USER_CONTACT,
    passwordChangeRequired: 0,
    mustChangePassword: 0,
    status: 'active',
    createdAt: nowIso(),
    updatedAt: nowIso(),
    ...fields,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

/** A customer row with believable defaults, not stored. */
export function customerRow(fields: Partial<CustomerRow> = {}): CustomerRow {
  const tag = unique();
  return {
    id: randomUUID(),
    name: `Customer ${tag}`,
    email: `customer_${tag}@mail.test`,
    phone: '555-0100',
    address: null,
    status: 'active',
    textConsentAt: null,
    textConsentSource: null,
    createdBy: null,
    createdAt: nowIso(),
    updatedAt: nowIso(),
    ...fields,
  };
}

/**
 * Moves the change feed's sequence number, as every write of the app that changes a customer,
 * vehicle or inspection does with the change it records.
 * The factories record no change themselves (tests of the feed make theirs through the API).
 */
export async function moveFeed(db: Db): Promise<void> {
  await db
    .updateTable('syncState')
    .set((eb) => ({ seq: eb('seq', '+', 1) }))
    .execute();
}

export async function createCustomer(db: Db, fields: Partial<CustomerRow> = {}): Promise<CustomerRow> {
  const row = customerRow(fields);
  await db.insertInto('customers').values(row).execute();
  await moveFeed(db);
  return row;
}

export async function createVehicle(db: Db, customerId: string, fields: Partial<VehicleRow> = {}): Promise<VehicleRow> {
  const row: VehicleRow = {
    id: randomUUID(),
    customerId,
    year: 2018,
    make: 'Honda',
    model: 'Civic',
    vin: null,
    licensePlate: null,
    mileage: 42000,
    color: null,
    createdBy: null,
    createdAt: nowIso(),
    updatedAt: nowIso(),
    ...fields,
  };
  await db.insertInto('vehicles').values(row).execute();
  await moveFeed(db);
  return row;
}

export interface ServiceSeed {
  description?: string;
  laborCostCents?: number;
  partsCostCents?: number;
  status?: string;
  parts?: { partName?: string; partCostCents?: number; partUrl?: string | null }[];
}

export interface InspectionWithServices extends InspectionRow {
  services: (ServiceRow & { parts: ServicePartRow[] })[];
}

/** An inspection (with its own customer and vehicle unless given) and its services and parts. */
/** An inspection's row of a customer's vehicle, not yet stored (for bulk inserts); `createInspection` stores one. */
export function inspectionRow(
  customerId: string,
  vehicleId: string,
  fields: Partial<InspectionRow> = {},
): InspectionRow {
  return {
    id: randomUUID(),
    customerId,
    vehicleId,
    technicianId: null,
    shareToken: newShareToken(),
    shareTokenAt: null,
    status: 'in_progress',
    frontLeftTread: null,
    frontRightTread: null,
    rearLeftTread: null,
    rearRightTread: null,
    frontLeftBrake: null,
    frontRightBrake: null,
    rearLeftBrake: null,
    rearRightBrake: null,
    cabinFilterCondition: null,
    engineFilterCondition: null,
    oilCondition: null,
    oilLevel: null,
    coolantLevel: null,
    suspensionCondition: null,
    leaks: '[]',
    checkEngineLight: 0,
    diagnosticCodes: null,
    notes: null,
    createdAt: nowIso(),
    updatedAt: nowIso(),
    ...fields,
  };
}

export async function createInspection(
  db: Db,
  fields: Partial<InspectionRow> = {},
  services: ServiceSeed[] = [],
): Promise<InspectionWithServices> {
  const customerId = fields.customerId ?? (await createCustomer(db)).id;
  const vehicleId = fields.vehicleId ?? (await createVehicle(db, customerId)).id;
  const row = inspectionRow(customerId, vehicleId, fields);
  await db.insertInto('inspections').values(row).execute();
  await moveFeed(db);
  const created: InspectionWithServices = { ...row, services: [] };
  for (const [position, seed] of services.entries()) {
    const service: ServiceRow = {
      id: randomUUID(),
      inspectionId: row.id,
      description: seed.description ?? `Service ${position + 1}`,
      partsLink: null,
      partsCostCents: seed.partsCostCents ?? 0,
      laborCostCents: seed.laborCostCents ?? 0,
      status: seed.status ?? 'recommended',
      position,
      approvedAmountCents: null,
      needsReapproval: 0,
      createdAt: nowIso(),
      updatedAt: nowIso(),
    };
    await db.insertInto('services').values(service).execute();
    const parts: ServicePartRow[] = [];
    for (const [partPosition, part] of (seed.parts ?? []).entries()) {
      const partRow: ServicePartRow = {
        id: randomUUID(),
        serviceId: service.id,
        partName: part.partName ?? `Part ${partPosition + 1}`,
        partUrl: part.partUrl ?? null,
        partCostCents: part.partCostCents ?? 0,
        position: partPosition,
        createdAt: nowIso(),
      };
      await db.insertInto('serviceParts').values(partRow).execute();
      parts.push(partRow);
    }
    created.services.push({ ...service, parts });
  }
  // As every write of the app does, in step with the rows just written.
  await refreshInspectionFunnel(db, [row.id]);
  return created;
}

/** An invoice (draft, no line items, zero totals unless told) on an inspection, with its share token. */
export async function createInvoiceFor(
  db: Db,
  inspection: { id: string; customerId: string; vehicleId: string; createdAt: string },
  fields: Partial<Insertable<InvoicesTable>> = {},
): Promise<{ id: string; shareToken: string }> {
  const row = {
    id: randomUUID(),
    inspectionId: inspection.id,
    customerId: inspection.customerId,
    vehicleId: inspection.vehicleId,
    shareToken: newShareToken(),
    subtotalCents: 0,
    taxCents: 0,
    totalCents: 0,
    status: 'draft',
    createdAt: inspection.createdAt,
    updatedAt: inspection.createdAt,
    ...fields,
  };
  await db.insertInto('invoices').values(row).execute();
  return { id: row.id, shareToken: row.shareToken };
}

/** Turns the shop's "Open sign-up" on, so `POST /api/register` makes (pending) accounts. */
export async function openSignUp(db: Db): Promise<void> {
  await writeSetting(db, 'openSignUp', 'true');
}

/** A send of an inspection's link by a user at a moment (an email that went out, unless told). */
export async function insertShareSend(
  db: Db,
  fields: { inspectionId: string; userId: string | null; sentAt: string; channel?: string; status?: string },
): Promise<void> {
  await db
    .insertInto('shareSends')
    .values({
      id: randomUUID(),
      inspectionId: fields.inspectionId,
      invoiceId: null,
      userId: fields.userId,
      channel: fields.channel ?? 'email',
      recipient: 'customer@example.test',
      subject: null,
      body: null,
      status: fields.status ?? 'sent',
      error: null,
      sentAt: fields.sentAt,
      createdAt: fields.sentAt,
    })
    .execute();
  await refreshInspectionFunnel(db, [fields.inspectionId]);
}

/** The customer's views of an inspection's share page, first at `firstViewedAt`. */
export async function insertShareView(db: Db, inspectionId: string, firstViewedAt: string): Promise<void> {
  await db
    .insertInto('shareViews')
    .values({
      targetKind: 'inspection',
      targetId: inspectionId,
      firstViewedAt,
      lastViewedAt: firstViewedAt,
      viewCount: 1,
    })
    .execute();
  await refreshInspectionFunnel(db, [inspectionId]);
}

/** One decision on one service of an inspection, by the customer through the link unless told. */
export async function insertServiceDecision(
  db: Db,
  fields: { inspectionId: string; serviceId: string; decision: string; decidedAt: string; amountCents?: number },
): Promise<void> {
  await db
    .insertInto('serviceDecisions')
    .values({
      id: randomUUID(),
      inspectionId: fields.inspectionId,
      serviceId: fields.serviceId,
      description: 'Service',
      decision: fields.decision,
      actor: 'customer',
      userId: null,
      method: 'link',
      amountCents: fields.amountCents ?? 0,
      clientAddress: null,
      userAgent: null,
      signerName: null,
      signature: null,
      decidedAt: fields.decidedAt,
    })
    .execute();
  await refreshInspectionFunnel(db, [fields.inspectionId]);
}

/**
 * A photo of the inspection, as its rows alone (a small file of `sha256`, no variants made): for
 * reads that list media, without an upload. Returns the medium's id.
 */
export async function createPhoto(
  db: Db,
  inspectionId: string,
  { sha256, caption = null }: { sha256: string; caption?: string | null },
): Promise<string> {
  const at = nowIso();
  const photo = { sha256, contentType: 'image/jpeg', bytes: 10, width: 4, height: 3, durationMs: null };
  await insertMediaFile(db, {
    ...photo,
    variants: '[]',
    processing: 0,
    playable: null,
    copyStartedAt: null,
    createdAt: at,
  });
  const id = randomUUID();
  await insertMediaRow(db, {
    ...photo,
    id,
    inspectionId,
    itemKey: null,
    serviceId: null,
    kind: 'photo',
    markupSha256: null,
    caption,
    position: 0,
    capturedAt: at,
    takenBy: null,
    createdAt: at,
    updatedAt: at,
  });
  return id;
}
