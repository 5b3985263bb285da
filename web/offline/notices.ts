import { GONE_ENTITIES, type GoneEntity } from '@shared/errors';
import type { Vehicle } from '@shared/schemas/vehicle';
import type { LocalDb } from './local-db';
import { errorField } from './transport';
import type { OutboxEntry } from './types';

// What the sync loop tells the app; the app words it (web/features/sync/notice-text.ts) and shows it.

type VehicleName = Pick<Vehicle, 'year' | 'make' | 'model'>;

/** The row a dropped change was about, read from the local copy while it is still there. */
export type NoticeSubject =
  | { entity: 'service'; description: string }
  | { entity: 'customer'; name: string }
  | ({ entity: 'vehicle' } & VehicleName)
  | { entity: 'deferred'; description: string }
  | ({ entity: 'inspection'; customerName: string } & VehicleName);

export type GoneKind = GoneEntity;

/**
 * Told when the server answers 410 and the change is dropped: its row was deleted elsewhere, or
 * (`reference`) the customer or vehicle it points at was.
 */
export interface GoneNotice {
  kind: 'gone';
  /** The entry's own label, for when its row is no longer on the device. */
  label: string;
  subject: NoticeSubject | null;
  reference: GoneKind | null;
}

export type SyncNotice = GoneNotice;

/** The row an entry is about, from the local copy, when it is still here. */
async function subjectOf(db: LocalDb, entry: OutboxEntry): Promise<NoticeSubject | null> {
  const write = entry.write;
  if (write.kind === 'service.status') {
    const service = (await db.inspections.get(write.inspectionId))?.services.find((s) => s.id === write.serviceId);
    return service ? { entity: 'service', description: service.description } : null;
  }
  if (entry.entity === 'customer') {
    const customer = await db.customers.get(entry.entityId);
    return customer ? { entity: 'customer', name: customer.name } : null;
  }
  if (entry.entity === 'vehicle') {
    const vehicle = await db.vehicles.get(entry.entityId);
    return vehicle ? { entity: 'vehicle', year: vehicle.year, make: vehicle.make, model: vehicle.model } : null;
  }
  if (entry.entity === 'deferred') {
    const line = await db.deferred.get(entry.entityId);
    return line ? { entity: 'deferred', description: line.description } : null;
  }
  const inspection = await db.inspections.get(entry.entityId);
  if (!inspection) return null;
  const { year, make, model } = inspection.vehicle;
  return { entity: 'inspection', customerName: inspection.customer.name, year, make, model };
}

/** Which row a 410 is about: the body's `gone` field (null when the answer names none). */
export function goneEntityOf(body: unknown): GoneKind | null {
  const what = errorField(body, 'gone');
  return GONE_ENTITIES.find((entity) => entity === what) ?? null;
}

/** The notice for an entry the server answered 410, read before its rows go. */
export async function goneNotice(
  db: LocalDb,
  entry: OutboxEntry,
  reference: GoneKind | null = null,
): Promise<GoneNotice> {
  return { kind: 'gone', label: entry.label, subject: await subjectOf(db, entry), reference };
}
