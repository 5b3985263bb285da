import type { Db } from '../../db/database';
import type { SyncChangeRow } from '../../db/tables';

export async function readSyncState(db: Db): Promise<{ seq: number; tombstoneHorizon: number }> {
  const row = await db.selectFrom('syncState').select(['seq', 'tombstoneHorizon']).executeTakeFirstOrThrow();
  return { seq: Number(row.seq), tombstoneHorizon: Number(row.tombstoneHorizon) };
}

/** At most `limit` changes after `since`, oldest first (through the index on seq). */
export function changesAfter(db: Db, since: number, limit: number): Promise<SyncChangeRow[]> {
  return db.selectFrom('syncChanges').selectAll().where('seq', '>', since).orderBy('seq').limit(limit).execute();
}
