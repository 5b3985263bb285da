import type { Db } from '../../db/database';
import type { SyncChangeRow } from '../../db/tables';

export async function readSyncState(db: Db): Promise<{ seq: number; tombstoneHorizon: number; epoch: string }> {
  const row = await db.selectFrom('syncState').select(['seq', 'tombstoneHorizon', 'epoch']).executeTakeFirstOrThrow();
  return { seq: Number(row.seq), tombstoneHorizon: Number(row.tombstoneHorizon), epoch: row.epoch };
}

/** Starts a new history of the change feed (after a restore): every cursor handed out so far resyncs. */
export async function setSyncEpoch(db: Db, epoch: string): Promise<void> {
  await db.updateTable('syncState').set({ epoch }).execute();
}

/** At most `limit` changes after `since`, oldest first (through the index on seq). */
export function changesAfter(db: Db, since: number, limit: number): Promise<SyncChangeRow[]> {
  return db.selectFrom('syncChanges').selectAll().where('seq', '>', since).orderBy('seq').limit(limit).execute();
}
