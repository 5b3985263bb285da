import { GONE_ENTITIES, type GoneEntity } from '../../shared/errors';
import type { LocalDb } from './local-db';
import { errorField } from './transport';
import type { OutboxEntry } from './types';

// The one-line notices the sync loop shows the user.

/** "customer Jane Doe", "vehicle 2018 Honda Civic", … from the local row, when it is still here. */
async function describe(db: LocalDb, entry: OutboxEntry): Promise<string | null> {
  const write = entry.write;
  if (write.kind === 'service.status') {
    const service = (await db.inspections.get(write.inspectionId))?.services.find((s) => s.id === write.serviceId);
    return service ? `service ${service.description}` : null;
  }
  if (entry.entity === 'customer') {
    const customer = await db.customers.get(entry.entityId);
    return customer ? `customer ${customer.name}` : null;
  }
  if (entry.entity === 'vehicle') {
    const vehicle = await db.vehicles.get(entry.entityId);
    return vehicle ? `vehicle ${vehicle.year} ${vehicle.make} ${vehicle.model}` : null;
  }
  if (entry.entity === 'deferred') {
    const line = await db.deferred.get(entry.entityId);
    return line ? `deferred work ${line.description}` : null;
  }
  const inspection = await db.inspections.get(entry.entityId);
  if (!inspection) return null;
  const { year, make, model } = inspection.vehicle;
  return `the inspection of ${inspection.customer.name}'s ${year} ${make} ${model}`;
}

export type GoneKind = GoneEntity;

/** Which row a 410 is about: the body's `gone` field (null when the answer names none). */
export function goneEntityOf(body: unknown): GoneKind | null {
  const what = errorField(body, 'gone');
  return GONE_ENTITIES.find((entity) => entity === what) ?? null;
}

/**
 * Told when the server answers 410 and the change is dropped: its row was deleted elsewhere, or
 * (`reference`) the customer or vehicle it points at was.
 */
export async function goneNotice(db: LocalDb, entry: OutboxEntry, reference: GoneKind | null = null): Promise<string> {
  const what = await describe(db, entry);
  const why = reference ? `its ${reference} was deleted` : 'it was deleted';
  return what ? `Your change to ${what} could not be applied: ${why}.` : `Your change "${entry.label}" could not be applied: ${why}.`;
}
