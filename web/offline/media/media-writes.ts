import { mediaResponse } from '@shared/schemas/media';
import type { LocalDb } from '../local-db';
import type { LocalWrite } from '../types';
import { mediaTables, removeMedia, storeServerMedia } from './media-store';

// What the sync loop does with a medium's caption, order and delete changes in the outbox.

export type MediaWrite = Extract<LocalWrite, { kind: 'media.update' | 'media.delete' }>;

export const isMediaWrite = (write: LocalWrite): write is MediaWrite =>
  write.kind === 'media.update' || write.kind === 'media.delete';

/** A change to a medium whose file has not reached the server yet waits for it. */
export async function mediaWaitsForUpload(db: LocalDb, write: MediaWrite): Promise<boolean> {
  return (
    (await db.uploads
      .where('mediaId')
      .equals(write.id)
      .filter((u) => u.role === 'original')
      .count()) > 0
  );
}

/** A PATCH answers with the medium: it replaces the local row (later changes on top). */
export async function storeMediaReply(db: LocalDb, write: LocalWrite, body: unknown): Promise<void> {
  if (write.kind !== 'media.update') return;
  const row = mediaResponse.safeParse(body);
  if (!row.success) return;
  await db.transaction('rw', mediaTables(db), async () => {
    if (await db.media.get(write.id)) await storeServerMedia(db, [row.data]);
  });
}

/** 410: the medium was deleted elsewhere; its changes and its local copy go (deletes win). */
export async function dropGoneMedia(db: LocalDb, write: MediaWrite): Promise<void> {
  await db.transaction('rw', mediaTables(db), async () => {
    const entries = await db.outbox.filter((e) => isMediaWrite(e.write) && e.write.id === write.id).primaryKeys();
    await db.outbox.bulkDelete(entries);
    await removeMedia(db, [write.id]);
  });
}
