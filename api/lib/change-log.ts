import { sql } from 'kysely';
import { asNumber, compiledInsert, compiledOnce, numberValue } from '@api/db/compiled-once';
import type { SyncEntity } from '@shared/schemas/sync';
import { TOMBSTONE_RETENTION_DAYS } from '@shared/schemas/sync';
import type { Db } from '@api/db/database';
import { refreshInspectionFunnel } from '@api/db/inspection-funnel';
import { inTransaction } from '@api/db/transaction';
import { gone, type HttpError } from './http-error';
import { idIn } from './id-list';
import { nowIso } from './tokens';

// The change log behind `GET /api/sync/changes`: every write to a customer, vehicle, inspection
// (services, parts and notes count as their inspection's), deferred line or medium records the row here in the same
// transaction. Services also leave a deletion record, so a later write to one answers 410; those
// are never sent to clients.

export type ChangeEntity = SyncEntity | 'service';

export interface Change {
  entity: ChangeEntity;
  id: string;
  deleted?: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
// Five columns a row: far below both drivers' bound-parameter limits.
const CHUNK = 500;

// Every write records its changes: compiled once per number of rows (up to compiledInsert's limit).
const insertChanges = compiledInsert('syncChanges', (insert) =>
  insert.onConflict((oc) =>
    oc.columns(['entity', 'entityId']).doUpdateSet((eb) => ({
      seq: eb.ref('excluded.seq'),
      deleted: eb.ref('excluded.deleted'),
      changedAt: eb.ref('excluded.changedAt'),
    })),
  ),
);

// Every write takes its sequence numbers here: compiled once (the count is bound, as text).
const advanceSeq = compiledOnce((db, [count]) =>
  db
    .updateTable('syncState')
    .set((eb) => ({ seq: eb('seq', '+', asNumber(count!)) }))
    .returning('seq'),
);

const GONE_MESSAGES: Record<ChangeEntity, string> = {
  customer: 'This customer was deleted',
  vehicle: 'This vehicle was deleted',
  inspection: 'This inspection was deleted',
  service: 'This service was deleted',
  deferred: 'This deferred work was deleted',
  media: 'This photo or video was deleted',
};

/**
 * Gives each changed row the next sequence number. Call it last in the transaction: the sequence
 * row stays locked until commit (on PostgreSQL), so sequence order is commit order and a cursor
 * never skips a row that commits later with a lower number.
 */
export async function recordChanges(db: Db, changes: readonly Change[], now = nowIso()): Promise<void> {
  // One row per entity: the last mention wins (a delete after an update is a delete).
  const unique = new Map<string, Change>();
  for (const change of changes) unique.set(`${change.entity}:${change.id}`, change);
  if (unique.size === 0) return;
  // Every write that changes an inspection, its services or its decisions passes here: the funnel
  // report's summary of those inspections follows in the same transaction.
  const live = [...unique.values()].filter((c) => c.entity === 'inspection' && !c.deleted).map((c) => c.id);
  await refreshInspectionFunnel(db, live);
  const [state] = await advanceSeq(db, [numberValue(unique.size)]);
  if (!state) throw new Error('sync_state has no row');
  const { seq } = state;
  let next = Number(seq) - unique.size + 1;
  const rows = [...unique.values()].map((change) => ({
    entity: change.entity,
    entityId: change.id,
    seq: next++,
    deleted: change.deleted ? 1 : 0,
    changedAt: now,
  }));
  for (let start = 0; start < rows.length; start += CHUNK) await insertChanges(db, rows.slice(start, start + CHUNK));
}

/** Live changes of one entity kind. */
export const changed = (entity: ChangeEntity, ids: readonly string[]): Change[] => ids.map((id) => ({ entity, id }));

/** Deletions of one entity kind. */
export const deleted = (entity: ChangeEntity, ids: readonly string[]): Change[] =>
  ids.map((id) => ({ entity, id, deleted: true }));

// Every write checks the ids it creates or names: compiled once per kind (and number of ids).
const feedRowsOf = Object.fromEntries(
  (Object.keys(GONE_MESSAGES) as ChangeEntity[]).map((entity) => [
    entity,
    // By the primary key alone; the deletion flag is checked by the caller, so no index on it can be chosen.
    compiledOnce((db, ids) =>
      db
        .selectFrom('syncChanges')
        .select(['entityId', 'deleted'])
        .where('entity', '=', entity)
        .where(idIn(db, 'entityId', ids)),
    ),
  ]),
) as Record<ChangeEntity, (db: Db, ids: readonly string[]) => Promise<{ entityId: string; deleted: number }[]>>;

/** The ids among `ids` that were deleted (and whose deletion is still remembered). */
export async function deletedIds(db: Db, entity: ChangeEntity, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await feedRowsOf[entity](db, ids);
  return new Set(rows.flatMap((r) => (r.deleted === 1 ? [r.entityId] : [])));
}

// The media clean-up asks these after writes: compiled once (sequences bound as text, which both
// databases read as the integer it spells).
const newestAfter = compiledOnce((db, [afterSeq]) =>
  db
    .selectFrom('syncChanges')
    .select((eb) => eb.fn.max('seq').as('max'))
    .where('seq', '>', asNumber(afterSeq!)),
);
const deletionBetween = compiledOnce((db, [entity, afterSeq, upToSeq]) =>
  db
    .selectFrom('syncChanges')
    .select('seq')
    .where('entity', '=', entity as ChangeEntity)
    .where('deleted', '=', sql.lit(1)) // in the text: the partial index of deletions needs it
    .where('seq', '>', asNumber(afterSeq!))
    .where('seq', '<=', asNumber(upToSeq!))
    .limit(1),
);

/** The sequence of the newest change after `afterSeq`, if there is one (a range on the sequence index). */
export async function newestChangeAfter(db: Db, afterSeq: number): Promise<number | undefined> {
  const [newest] = await newestAfter(db, [numberValue(afterSeq)]);
  return newest?.max === null || newest?.max === undefined ? undefined : Number(newest.max);
}

/** Whether a row of this kind was deleted with a sequence in (afterSeq, upToSeq]. */
export async function deletedBetween(
  db: Db,
  entity: ChangeEntity,
  afterSeq: number,
  upToSeq: number,
): Promise<boolean> {
  const rows = await deletionBetween(db, [entity, numberValue(afterSeq), numberValue(upToSeq)]);
  return rows.length > 0;
}

export async function isDeleted(db: Db, entity: ChangeEntity, id: string): Promise<boolean> {
  return (await deletedIds(db, entity, [id])).has(id);
}

export function goneError(entity: ChangeEntity): HttpError {
  return gone(GONE_MESSAGES[entity], entity);
}

/** For a row that is not there: 410 when it was deleted, else `otherwise` (an id never seen). */
export async function missingRow(db: Db, entity: ChangeEntity, id: string, otherwise: HttpError): Promise<HttpError> {
  return (await isDeleted(db, entity, id)) ? goneError(entity) : otherwise;
}

/** A create with a client id of a deleted row answers 410: a deleted row never comes back. */
export async function assertNotDeleted(db: Db, entity: ChangeEntity, id: string): Promise<void> {
  if (await isDeleted(db, entity, id)) throw goneError(entity);
}

async function serviceIdsOf(db: Db, inspectionIds: readonly string[]): Promise<string[]> {
  if (inspectionIds.length === 0) return [];
  const rows = await db
    .selectFrom('services')
    .select('id')
    .where('inspectionId', 'in', [...inspectionIds])
    .execute();
  return rows.map((r) => r.id);
}

/** The inspections that show (or go with) the vehicles: their nested vehicle changes with them. */
export async function inspectionIdsOfVehicles(db: Db, vehicleIds: readonly string[]): Promise<string[]> {
  if (vehicleIds.length === 0) return [];
  const rows = await db
    .selectFrom('inspections')
    .select('id')
    .where('vehicleId', 'in', [...vehicleIds])
    .execute();
  return rows.map((r) => r.id);
}

/** The inspections that show the user as their technician. */
export async function inspectionIdsOfTechnician(db: Db, technicianId: string): Promise<string[]> {
  const rows = await db.selectFrom('inspections').select('id').where('technicianId', '=', technicianId).execute();
  return rows.map((r) => r.id);
}

/** The media a user took: they show the user's name, so a rename or a deletion records them as changed. */
export async function mediaIdsTakenBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('media').select('id').where('takenBy', '=', userId).execute();
  return rows.map((r) => r.id);
}

/** A customer's vehicles, and the inspections of the customer or of those vehicles. */
export async function customerDependents(
  db: Db,
  customerId: string,
): Promise<{ vehicleIds: string[]; inspectionIds: string[] }> {
  const vehicles = await db.selectFrom('vehicles').select('id').where('customerId', '=', customerId).execute();
  const inspections = await db
    .selectFrom('inspections')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('customerId', '=', customerId),
        eb('vehicleId', 'in', eb.selectFrom('vehicles').select('id').where('customerId', '=', customerId)),
      ]),
    )
    .execute();
  return { vehicleIds: vehicles.map((v) => v.id), inspectionIds: inspections.map((i) => i.id) };
}

/**
 * The deferred work lines that show this customer or vehicle (its name and phone, the vehicle's
 * label): a change to either records them as changed too, as it does its inspections.
 */
export async function deferredIdsShowing(db: Db, column: 'customerId' | 'vehicleId', id: string): Promise<string[]> {
  const rows = await db.selectFrom('deferredWork').select('id').where(column, '=', id).execute();
  return rows.map((r) => r.id);
}

async function deferredIdsOf(db: Db, inspectionIds: readonly string[]): Promise<string[]> {
  if (inspectionIds.length === 0) return [];
  const rows = await db
    .selectFrom('deferredWork')
    .select('id')
    .where('sourceInspectionId', 'in', [...inspectionIds])
    .execute();
  return rows.map((r) => r.id);
}

/** Deletions of the media of services about to go: the cascade takes them too. */
export async function serviceMediaDeletions(db: Db, serviceIds: readonly string[]): Promise<Change[]> {
  if (serviceIds.length === 0) return [];
  const rows = await db
    .selectFrom('media')
    .select('id')
    .where('serviceId', 'in', [...serviceIds])
    .execute();
  return deleted(
    'media',
    rows.map((r) => r.id),
  );
}

async function mediaIdsOf(db: Db, inspectionIds: readonly string[]): Promise<string[]> {
  if (inspectionIds.length === 0) return [];
  const rows = await db
    .selectFrom('media')
    .select('id')
    .where('inspectionId', 'in', [...inspectionIds])
    .execute();
  return rows.map((r) => r.id);
}

/** Deletions for inspections about to go by cascade, with their services, deferred lines and media. */
export async function inspectionDeletions(db: Db, inspectionIds: readonly string[]): Promise<Change[]> {
  return [
    ...deleted('inspection', inspectionIds),
    ...deleted('service', await serviceIdsOf(db, inspectionIds)),
    ...deleted('deferred', await deferredIdsOf(db, inspectionIds)),
    ...deleted('media', await mediaIdsOf(db, inspectionIds)),
  ];
}

/**
 * Forgets deletions older than TOMBSTONE_RETENTION_DAYS and raises the horizon to the highest
 * sequence forgotten, so a client whose cursor is older is told to resync.
 */
export async function pruneTombstones(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - TOMBSTONE_RETENTION_DAYS * DAY_MS).toISOString();
  return inTransaction(db, async (trx) => {
    // Through the partial index of deletions by time (`deleted = 1` in the text for it).
    const forgotten = await trx
      .deleteFrom('syncChanges')
      .where('deleted', '=', sql.lit(1))
      .where('changedAt', '<', cutoff)
      .returning('seq')
      .execute();
    if (forgotten.length === 0) return 0;
    const horizon = Math.max(...forgotten.map((r) => Number(r.seq)));
    await trx
      .updateTable('syncState')
      .set((eb) => ({
        tombstoneHorizon: eb
          .case()
          .when('tombstoneHorizon', '<', horizon)
          .then(horizon)
          .else(eb.ref('tombstoneHorizon'))
          .end(),
      }))
      .execute();
    return forgotten.length;
  });
}
