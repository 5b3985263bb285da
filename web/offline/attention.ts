import { newRowId } from '@shared/ids';
import type { SyncEntity } from '@shared/schemas/sync';
import { applyWrite, dependsOnOf, entityOf } from './apply-write';
import type { LocalDb } from './local-db';
import { diffStates } from './local-rows';
import { loadState, loadTechnicians, mergeServerChanges, saveChanges, scopeOfWrite, writeTables } from './local-state';
import { isCreate, withDependents } from './outbox';
import type { LocalWrite } from './types';

// The user's decisions about entries that need attention: retry (maybe edited) or discard.

/**
 * Puts an entry back to pending, with an edited write of the same kind and row applied locally
 * when given. It gets a new id (Idempotency-Key): the server keeps its refusal of the old one for
 * good. Returns the entities whose tables changed, or null when there is no such entry.
 */
export async function retryEntry(db: LocalDb, entryId: string, editedWrite?: LocalWrite): Promise<SyncEntity[] | null> {
  const entry = await db.outbox.where('id').equals(entryId).first();
  if (!entry?.seq) return null;
  if (editedWrite && (editedWrite.kind !== entry.write.kind || entityOf(editedWrite).entityId !== entry.entityId)) {
    throw new Error(`An edited change must be a ${entry.write.kind} of the same row`);
  }
  const seq = entry.seq;
  return db.transaction('rw', writeTables(db), async () => {
    let changed: SyncEntity[] = [];
    if (editedWrite) {
      const before = await loadState(db, scopeOfWrite(editedWrite));
      const after = applyWrite(before, editedWrite, {
        now: entry.createdAt,
        userId: entry.userId,
        technicians: await loadTechnicians(db),
      });
      changed = await saveChanges(db, diffStates(before, after));
    }
    await db.outbox.update(seq, {
      // A new Idempotency-Key: the retry is a new request.
      id: newRowId(),
      state: 'pending',
      attempts: 0,
      lastError: undefined,
      ...(editedWrite ? { write: editedWrite, dependsOn: dependsOnOf(editedWrite) } : {}),
    });
    return changed;
  });
}

/**
 * Drops the entry and the entries that depend on it, removes the rows only they made, and moves the
 * cursor back to the start so the next pull shows the server's copy of every other row again.
 */
export async function discardEntry(db: LocalDb, entryId: string): Promise<{ dropped: number; changed: SyncEntity[] }> {
  return db.transaction('rw', writeTables(db), async () => {
    const gone = withDependents(await db.outbox.orderBy('seq').toArray(), entryId);
    if (gone.length === 0) return { dropped: 0, changed: [] };
    await db.outbox.bulkDelete(gone.map((e) => e.seq as number));
    const made = gone.filter(isCreate).map((e) => ({ entity: e.entity, id: e.entityId }));
    const changed = made.length > 0 ? await mergeServerChanges(db, { deleted: made }) : [];
    await db.meta.put({ key: 'cursor', value: '0' });
    return { dropped: gone.length, changed };
  });
}
