import type { Db } from '@api/db/database';
import type { SyncChangeRow } from '@api/db/tables';
import { idIn } from '@api/lib/id-list';

export async function readSyncState(db: Db): Promise<{ seq: number; tombstoneHorizon: number; epoch: string }> {
  const row = await db.selectFrom('syncState').select(['seq', 'tombstoneHorizon', 'epoch']).executeTakeFirstOrThrow();
  return { seq: Number(row.seq), tombstoneHorizon: Number(row.tombstoneHorizon), epoch: row.epoch };
}

export type FeedRow = Pick<SyncChangeRow, 'entity' | 'entityId' | 'seq' | 'deleted'>;

/** At most `limit` changes after `since`, oldest first (through the index on seq). */
export function changesAfter(db: Db, since: number, limit: number): Promise<FeedRow[]> {
  return db
    .selectFrom('syncChanges')
    .select(['entity', 'entityId', 'seq', 'deleted'])
    .where('seq', '>', since)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** Customers' names, for vehicles whose owner is not among the rows read already. */
export function customerNames(db: Db, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  return db
    .selectFrom('customers')
    .select(['id', 'name'])
    .where(idIn(db, 'id', ids))
    .execute();
}

/** What decides whether an inspection is in the offline window, without its wide row. */
export function inspectionWindowFields(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; status: string; updatedAt: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('inspections')
    .select(['id', 'status', 'updatedAt'])
    .where(idIn(db, 'id', ids))
    .execute();
}
