import type { MediaResponse } from '@shared/schemas/media';
import type { LocalDb } from '../local-db';
import type { MediaBlobRole, MediaRow } from './media-types';

// The media table against the server's rows: confirmed uploads, the change feed, and which files
// the device still keeps.

/** The tables these functions use, for `db.transaction('rw', …)`. */
export const mediaTables = (db: LocalDb) => [db.media, db.mediaBlobs, db.uploads, db.outbox, db.inspections];

/** The server's row with this device's unsent caption and order changes (`changes`, oldest first) on top. */
async function rebased(db: LocalDb, row: MediaResponse, changes: readonly Partial<MediaRow>[]): Promise<MediaRow> {
  let next: MediaRow = row;
  for (const change of changes) next = { ...next, ...change };
  // A mark-up still going up is the one the screens show.
  const markup = (await db.uploads.where('mediaId').equals(row.id).sortBy('seq'))
    .filter((u) => u.role === 'markup')
    .pop();
  if (markup) next = { ...next, markupSha256: markup.sha256 };
  return next;
}

/** Which files a medium keeps: what its queued uploads need; once confirmed, only the thumbnail and marked-up image of an in-progress inspection. */
async function keptRoles(db: LocalDb, row: MediaRow): Promise<Set<MediaBlobRole>> {
  const kept = new Set<MediaBlobRole>();
  for (const upload of await db.uploads.where('mediaId').equals(row.id).toArray()) kept.add(upload.role);
  // Not on the server yet: everything stays (the screens show the local files).
  if (row.urls === null) return new Set(['original', 'thumb', 'markup', 'markupThumb']);
  const inspection = await db.inspections.get(row.inspectionId);
  if (inspection?.status === 'in_progress')
    for (const role of ['thumb', 'markup', 'markupThumb'] as const) kept.add(role);
  return kept;
}

/** Drops the files the device no longer needs for these media. Call inside a transaction over mediaTables. */
export async function pruneMediaFiles(db: LocalDb, mediaIds: Iterable<string>): Promise<void> {
  for (const id of new Set(mediaIds)) {
    const row = await db.media.get(id);
    const blobs = await db.mediaBlobs.where('mediaId').equals(id).toArray();
    const kept = row ? await keptRoles(db, row) : new Set<MediaBlobRole>();
    const gone = blobs.filter((b) => !kept.has(b.role)).map((b) => [b.mediaId, b.role] as [string, string]);
    if (gone.length > 0) await db.mediaBlobs.bulkDelete(gone);
  }
}

/** Server rows in (a confirmed upload, a PATCH answer, the feed), unless a delete of theirs is still waiting. */
export async function storeServerMedia(db: LocalDb, rows: readonly MediaResponse[]): Promise<void> {
  if (rows.length === 0) return;
  // The outbox's media changes, read once for the whole batch.
  const deleting = new Set<string>();
  const unsent = new Map<string, Partial<MediaRow>[]>();
  for (const { write } of await db.outbox
    .filter((e) => e.write.kind === 'media.update' || e.write.kind === 'media.delete')
    .sortBy('seq')) {
    if (write.kind === 'media.delete') deleting.add(write.id);
    else if (write.kind === 'media.update') unsent.set(write.id, [...(unsent.get(write.id) ?? []), write.changes]);
  }
  const incoming = rows.filter((row) => !deleting.has(row.id));
  for (const row of incoming) await db.media.put(await rebased(db, row, unsent.get(row.id) ?? []));
  await pruneMediaFiles(
    db,
    incoming.map((row) => row.id),
  );
}

/** Media deleted on the server: rows and files go, and so do uploads that can no longer land. */
export async function removeMedia(db: LocalDb, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.media.bulkDelete([...ids]);
  await db.mediaBlobs
    .where('mediaId')
    .anyOf([...ids])
    .delete();
  await db.uploads
    .where('mediaId')
    .anyOf([...ids])
    .delete();
}

/** Files of media whose inspection is no longer in progress (finished on this or another device). */
export async function pruneAllMediaFiles(db: LocalDb): Promise<void> {
  const ids = (await db.mediaBlobs.orderBy('mediaId').uniqueKeys()) as string[];
  await pruneMediaFiles(db, ids);
}

/**
 * Resync: the server's media come again from the start. Media not yet on the server stay, with
 * their files and queued uploads; the rest goes.
 */
export async function clearServerMedia(db: LocalDb): Promise<void> {
  const queued = new Set((await db.uploads.orderBy('mediaId').uniqueKeys()) as string[]);
  const onServer = await db.media.filter((row) => !queued.has(row.id)).primaryKeys();
  await removeMedia(db, onServer);
}
