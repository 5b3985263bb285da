import type { MediaUploadRole } from '@shared/constants';
import { newRowId } from '@shared/ids';
import type { UpdateMediaBody } from '@shared/schemas/media';
import type { LocalDb } from '../local-db';
import { announceEnqueued, newEntry } from '../outbox';
import type { OutboxEntry } from '../types';
import type { CaptureInput, MediaRow, UploadEntry } from './media-types';
import { announceMedia, sha256Hex } from './signals';
import { checkStorage } from './storage';

// What the screens do to media: capture, mark up, caption and order, delete. Each change is one
// transaction; files go up through the upload queue, other changes through the outbox.

function uploadEntry(
  row: MediaRow,
  userId: string,
  role: MediaUploadRole,
  sha256: string,
  file: Blob,
  contentType: string,
): UploadEntry {
  return {
    mediaId: row.id,
    inspectionId: row.inspectionId,
    serviceId: row.serviceId,
    role,
    userId,
    sha256,
    size: file.size,
    contentType,
    uploadUrl: null,
    sent: 0,
    state: 'waiting',
    attempts: 0,
    lastError: null,
    createdAt: new Date().toISOString(),
  };
}

/** Stores a prepared photo or video with its thumbnail and queues its upload; returns its id. */
export async function captureMedia(db: LocalDb, userId: string, input: CaptureInput): Promise<string> {
  if (Boolean(input.itemKey) === Boolean(input.serviceId))
    throw new Error('A medium belongs to one inspection item or one service');
  void checkStorage();
  const id = newRowId();
  const sha256 = await sha256Hex(input.file);
  const now = new Date().toISOString();
  await db.transaction('rw', [db.media, db.mediaBlobs, db.uploads, db.meta], async () => {
    const siblings = await db.media
      .where('inspectionId')
      .equals(input.inspectionId)
      .filter((m) => m.itemKey === (input.itemKey ?? null) && m.serviceId === (input.serviceId ?? null))
      .toArray();
    const user = (await db.meta.get('currentUser'))?.value as { id?: string; username?: string } | undefined;
    const row: MediaRow = {
      id,
      inspectionId: input.inspectionId,
      itemKey: input.itemKey ?? null,
      serviceId: input.serviceId ?? null,
      kind: input.kind,
      contentType: input.contentType,
      bytes: input.file.size,
      width: input.width,
      height: input.height,
      durationMs: input.durationMs ?? null,
      sha256,
      markupSha256: null,
      caption: input.caption?.trim() || null,
      position: siblings.reduce((max, m) => Math.max(max, m.position + 1), 0),
      capturedAt: now,
      takenBy: user?.id === userId && user.username ? { id: userId, name: user.username } : null,
      processing: false,
      urls: null,
      createdAt: now,
      updatedAt: now,
    };
    await db.media.add(row);
    await db.mediaBlobs.bulkPut([
      { mediaId: id, role: 'original', blob: input.file },
      { mediaId: id, role: 'thumb', blob: input.thumb },
    ]);
    await db.uploads.add(uploadEntry(row, userId, 'original', sha256, input.file, input.contentType));
  });
  announceMedia(db, { type: 'queued' });
  return id;
}

/** Keeps the original and adds the marked-up copy (replacing one not yet sent); queues its upload. */
export async function saveMarkup(
  db: LocalDb,
  userId: string,
  mediaId: string,
  markup: Blob,
  markupThumb: Blob,
): Promise<void> {
  void checkStorage();
  const sha256 = await sha256Hex(markup);
  let replaced = false;
  await db.transaction('rw', [db.media, db.mediaBlobs, db.uploads], async () => {
    const row = await db.media.get(mediaId);
    if (!row) throw new Error('This photo is no longer on this device');
    const earlier = await db.uploads
      .where('mediaId')
      .equals(mediaId)
      .filter((u) => u.role === 'markup')
      .primaryKeys();
    replaced = earlier.length > 0;
    await db.uploads.bulkDelete(earlier);
    await db.media.put({ ...row, markupSha256: sha256, updatedAt: new Date().toISOString() });
    await db.mediaBlobs.bulkPut([
      { mediaId, role: 'markup', blob: markup },
      { mediaId, role: 'markupThumb', blob: markupThumb },
    ]);
    await db.uploads.add(uploadEntry(row, userId, 'markup', sha256, markup, markup.type || 'image/jpeg'));
  });
  // A mark-up still going up is stale now: stop it, the new one goes instead.
  if (replaced) announceMedia(db, { type: 'dropped', mediaId });
  announceMedia(db, { type: 'queued' });
}

const label = (row: MediaRow, what: string) => `${what} ${row.kind === 'video' ? 'video' : 'photo'}`;

/** A caption or position change: on the row at once, to the server through the outbox. */
export async function updateMedia(
  db: LocalDb,
  userId: string,
  mediaId: string,
  change: UpdateMediaBody,
): Promise<void> {
  const changes: UpdateMediaBody = {};
  if (change.caption !== undefined) changes.caption = change.caption?.trim() || null;
  if (change.position !== undefined) changes.position = change.position;
  if (Object.keys(changes).length === 0) return;
  const entry = await db.transaction('rw', [db.media, db.outbox], async () => {
    const row = await db.media.get(mediaId);
    if (!row) return null;
    await db.media.put({ ...row, ...changes, updatedAt: new Date().toISOString() });
    const added = newEntry(
      userId,
      { kind: 'media.update', id: mediaId, inspectionId: row.inspectionId, changes },
      label(row, 'Edit'),
    );
    added.seq = await db.outbox.add(added);
    return added;
  });
  if (entry) announceEnqueued(db, entry, []);
}

/**
 * Removes a medium. One the server never heard of just goes, with its queued uploads and changes;
 * otherwise (on the server, or its upload had begun) a delete goes through the outbox too.
 */
export async function deleteMedia(db: LocalDb, userId: string, mediaId: string): Promise<void> {
  const entry = await db.transaction('rw', [db.media, db.mediaBlobs, db.uploads, db.outbox], async () => {
    const row = await db.media.get(mediaId);
    if (!row) return null;
    const uploads = await db.uploads.where('mediaId').equals(mediaId).toArray();
    const original = uploads.find((u) => u.role === 'original');
    const serverMayHaveIt = !original || original.uploadUrl !== null || original.state === 'uploading';
    await db.media.delete(mediaId);
    await db.mediaBlobs.where('mediaId').equals(mediaId).delete();
    await db.uploads.bulkDelete(uploads.map((u) => u.seq as number));
    const changes = await db.outbox
      .filter((e) => e.write.kind === 'media.update' && e.write.id === mediaId)
      .primaryKeys();
    await db.outbox.bulkDelete(changes);
    if (!serverMayHaveIt) return null;
    const added: OutboxEntry = newEntry(
      userId,
      { kind: 'media.delete', id: mediaId, inspectionId: row.inspectionId },
      label(row, 'Delete'),
    );
    added.seq = await db.outbox.add(added);
    return added;
  });
  announceMedia(db, { type: 'dropped', mediaId });
  if (entry) announceEnqueued(db, entry, []);
}

/**
 * Sends a failed file again (after a refusal that may pass: the inspection was missing, the server
 * erred): its entries wait again, continuing from their upload URL.
 */
export async function retryUpload(db: LocalDb, mediaId: string): Promise<void> {
  const retried = await db.uploads
    .where('mediaId')
    .equals(mediaId)
    .filter((u) => u.state === 'failed')
    .modify((u) => {
      u.state = 'waiting';
      u.lastError = null;
    });
  if (retried > 0) announceMedia(db, { type: 'queued' });
}
