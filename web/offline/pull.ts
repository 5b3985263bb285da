import { SYNC_INSPECTION_WINDOW_DAYS, type SyncChangesResponse, type SyncEntity } from '@shared/schemas/sync';
import type { User } from '@shared/schemas/user';
import { withNestedInStep } from './apply-write';
import { diffStates, emptyState } from './local-rows';
import type { LocalDb } from './local-db';
import { loadTechnicians, mergeServerChanges, replay, saveChanges, writeTables } from './local-state';
import { clearServerMedia, mediaTables, pruneAllMediaFiles, removeMedia, storeServerMedia } from './media/media-store';

// Storing what `GET /api/sync/changes` sends, one page per transaction.

const DAY_MS = 24 * 60 * 60 * 1000;

export async function readCursor(db: LocalDb): Promise<string> {
  const value = (await db.meta.get('cursor'))?.value;
  return typeof value === 'string' && value ? value : '0';
}

/** Every table a page or a resync writes. */
const pageTables = (db: LocalDb) => [...new Set([...writeTables(db), ...mediaTables(db)])];

/** The page's rows (rebased under the outbox), its media and its cursor, together or not at all. */
export async function applyPage(db: LocalDb, page: SyncChangesResponse): Promise<SyncEntity[]> {
  return db.transaction('rw', pageTables(db), async () => {
    const deferredGone = page.deletedDeferred.map((id) => ({ entity: 'deferred' as const, id }));
    const changed = await mergeServerChanges(db, { ...page, deleted: [...page.deleted, ...deferredGone] });
    // Inspections first: which files a medium keeps depends on its inspection's status.
    await storeServerMedia(db, page.media);
    await removeMedia(db, page.deletedMedia);
    if (page.media.length > 0 || page.deletedMedia.length > 0) changed.push('media');
    await db.meta.put({ key: 'cursor', value: page.cursor });
    return changed;
  });
}

/**
 * The server forgot deletions older than our cursor: drop the local copies (never the outbox) and
 * start again from '0'. The outbox is applied again at once, so rows made on this device stay on
 * screen; changes to server rows come back as their rows are pulled.
 */
export async function resetLocalCopy(db: LocalDb): Promise<SyncEntity[]> {
  return db.transaction('rw', pageTables(db), async () => {
    await Promise.all([db.customers.clear(), db.vehicles.clear(), db.inspections.clear(), db.deferred.clear()]);
    await clearServerMedia(db);
    await db.meta.put({ key: 'cursor', value: '0' });
    const entries = await db.outbox.orderBy('seq').toArray();
    const rebuilt = withNestedInStep(replay(emptyState(), entries, await loadTechnicians(db)));
    await saveChanges(db, diffStates(emptyState(), rebuilt));
    return ['customer', 'vehicle', 'inspection', 'deferred', 'media'] as SyncEntity[];
  });
}

/**
 * Forgets inspections the device no longer keeps: not in progress, unchanged for the window, and
 * with nothing waiting to be sent. Returns whether any went.
 */
export async function pruneInspections(db: LocalDb, nowMs: number): Promise<boolean> {
  const cutoff = new Date(nowMs - SYNC_INSPECTION_WINDOW_DAYS * DAY_MS).toISOString();
  return db.transaction('rw', mediaTables(db), async () => {
    const waiting = new Set((await db.outbox.orderBy('entityId').uniqueKeys()) as string[]);
    for (const upload of await db.uploads.toArray()) waiting.add(upload.inspectionId);
    const old = await db.inspections
      .where('updatedAt')
      .below(cutoff)
      .filter((i) => i.status !== 'in_progress' && !waiting.has(i.id))
      .primaryKeys();
    if (old.length > 0) {
      await db.inspections.bulkDelete(old);
      await removeMedia(db, await db.media.where('inspectionId').anyOf(old).primaryKeys());
    }
    // Files of media whose inspection was finished meanwhile.
    await pruneAllMediaFiles(db);
    return old.length > 0;
  });
}

/** The technician picker's list, as the server has it now. */
export async function replaceUsers(db: LocalDb, users: readonly User[]): Promise<void> {
  await db.transaction('rw', db.users, async () => {
    await db.users.clear();
    await db.users.bulkPut([...users]);
  });
}
