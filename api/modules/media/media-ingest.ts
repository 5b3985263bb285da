import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  MEDIA_PER_INSPECTION_MAX,
  PHOTO_MAX_BYTES,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_EDGE,
  VIDEO_MAX_SECONDS,
} from '@shared/constants';
import type { MediaUploadMetadata } from '@shared/schemas/media';
import type { Db } from '@api/db/database';
import { isUniqueViolation } from '@api/db/errors';
import { PRIVATE_DIR_MODE } from '@api/db/private-files';
import { inTransaction } from '@api/db/transaction';
import { HttpError, badRequest, conflict, notFound } from '@api/lib/http-error';
import { nowIso } from '@api/lib/tokens';
import { assertNotDeleted, changed, missingRow, recordChanges } from '@api/lib/change-log';
import {
  PHOTO_MAX_MEGAPIXELS,
  photoPixels,
  preparePhoto,
  prepareVideo,
  sha256OfFile,
  sniffType,
  type Prepared,
} from './media-files';
import type { MediaRuntime } from './media-runtime';
import { mediaKey } from './media-store';
import { ContainerError, readVideoFacts, type VideoFacts } from './video-facts';
import * as repo from './media.repository';

// An upload that reached its end becomes a medium (role original) or its marked-up copy (role
// markup). The same medium, role and content again is answered with what is stored: one row, one file.

export const MEDIA_NOT_FOUND = 'Photo or video not found';
export const NOT_A_MEDIUM =
  'Only photos (JPEG, PNG, WebP, HEIC, AVIF) and videos (MP4, WebM, MOV) can be uploaded; this file is neither';
const MB = 1024 * 1024;
export const capFor = (kind: 'photo' | 'video') => (kind === 'video' ? VIDEO_MAX_BYTES : PHOTO_MAX_BYTES);
export const tooLarge = (kind: 'photo' | 'video') =>
  new HttpError(413, 'payload_too_large', `A ${kind} can be at most ${capFor(kind) / MB} MB`);
const unsupported = (message: string) => new HttpError(415, 'unsupported_media_type', message);
const MAX_MS = VIDEO_MAX_SECONDS * 1000;
/** A video's length beyond the cap, measured from its container. */
const tooLong = (ms: number) =>
  new HttpError(
    413,
    'payload_too_large',
    `This video is too long (${(ms / 1000).toFixed(1)} seconds); the limit is ${VIDEO_MAX_SECONDS}.`,
  );
const tooWide = (facts: VideoFacts) =>
  new HttpError(
    413,
    'payload_too_large',
    `This video is too large (${facts.width}×${facts.height}); the limit is ${VIDEO_MAX_EDGE} pixels on its long edge.`,
  );

/**
 * A video's facts from its container, checked against the caps before any decoder sees it:
 * 415 for a container that cannot be read, 413 over the length or the size.
 */
async function checkedVideoFacts(staged: string, contentType: string): Promise<VideoFacts> {
  let facts: VideoFacts;
  try {
    facts = await readVideoFacts(staged, contentType);
  } catch (err) {
    if (err instanceof ContainerError) throw unsupported(`This video could not be read: ${err.message}`);
    throw err;
  }
  if (facts.durationMs > MAX_MS + 500) throw tooLong(facts.durationMs);
  if (Math.max(facts.width, facts.height) > VIDEO_MAX_EDGE) throw tooWide(facts);
  return facts;
}

/** What the upload's metadata names must exist before a byte is taken (checked at creation). */
export async function checkUploadTarget(db: Db, meta: MediaUploadMetadata): Promise<void> {
  if (meta.role === 'markup') {
    const medium = await repo.findMediaRow(db, meta.mediaId);
    if (!medium) throw await missingRow(db, 'media', meta.mediaId, notFound(MEDIA_NOT_FOUND));
    if (medium.kind !== 'photo') throw badRequest('Only a photo can be marked up');
    return;
  }
  const inspectionId = meta.inspectionId!;
  if (!(await repo.inspectionOf(db, inspectionId))) {
    throw await missingRow(db, 'inspection', inspectionId, notFound('Inspection not found'));
  }
  if (meta.serviceId) {
    const service = await repo.serviceOf(db, meta.serviceId);
    if (!service) throw await missingRow(db, 'service', meta.serviceId, notFound('Service not found'));
    if (service.inspectionId !== inspectionId) throw badRequest('This service belongs to another inspection');
  }
  const existing = await repo.findMediaRow(db, meta.mediaId);
  if (existing && existing.inspectionId !== inspectionId)
    throw conflict('This photo or video belongs to another inspection');
  if (existing) return;
  // A deleted medium never comes back (410), as for every row the devices create.
  await assertNotDeleted(db, 'media', meta.mediaId);
  if ((await repo.countInspectionMedia(db, inspectionId)) >= MEDIA_PER_INSPECTION_MAX) {
    throw conflict(`An inspection holds at most ${MEDIA_PER_INSPECTION_MAX} photos and videos`);
  }
}

/** The already stored answer for a repeat of an upload, or null when this content is new for the medium. */
async function storedRepeat(db: Db, meta: MediaUploadMetadata): Promise<repo.MediaView | null> {
  const row = await repo.findMedia(db, meta.mediaId);
  if (!row) return null;
  if (meta.role === 'original') {
    if (row.sha256 === meta.sha256) return row;
    throw conflict('This photo or video was already uploaded with other content');
  }
  return row.markupSha256 === meta.sha256 ? row : null;
}

/** Prepares and stores a content not stored yet; a content stored before is reused as it is. */
async function storeContent(
  db: Db,
  runtime: MediaRuntime,
  staged: string,
  kind: 'photo' | 'video',
  contentType: string,
  sha256: string,
) {
  const known = await repo.findMediaFile(db, sha256);
  if (known) return known;
  await mkdir(runtime.workDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (kind === 'photo') {
    // Read from the header before anything is decoded: a 1.5 MB JPEG can hold a 256-megapixel image.
    const pixels = await photoPixels(staged);
    if (pixels !== null && pixels > PHOTO_MAX_MEGAPIXELS * 1_000_000) {
      throw new HttpError(
        413,
        'payload_too_large',
        `This photo is too large (${Math.round(pixels / 1_000_000)} megapixels); the limit is ${PHOTO_MAX_MEGAPIXELS}.`,
      );
    }
  }
  const facts = kind === 'video' ? await checkedVideoFacts(staged, contentType) : null;
  const dir = await mkdtemp(path.join(runtime.workDir, 'in-'));
  let keepForCopy: string | undefined;
  try {
    let prepared: Prepared;
    try {
      prepared =
        kind === 'photo'
          ? await preparePhoto(staged, contentType, path.join(dir, 'f'))
          : await prepareVideo(staged, contentType, path.join(dir, 'f'), facts!);
    } catch {
      throw unsupported(
        kind === 'photo'
          ? 'This photo could not be read; send it as JPEG, PNG or WebP'
          : 'This video could not be read',
      );
    }
    // Variants first, the original last: a file set whose original is there is complete.
    for (const v of prepared.variants) await runtime.store.put(mediaKey(sha256, v.name), v.file, v.contentType);
    await runtime.store.put(mediaKey(sha256, 'original'), prepared.original.file, prepared.original.contentType);
    const row = {
      sha256,
      contentType: prepared.original.contentType,
      bytes: (await stat(prepared.original.file)).size,
      width: prepared.width,
      height: prepared.height,
      durationMs: prepared.durationMs,
      variants: JSON.stringify(prepared.variants.map((v) => v.name)),
      processing: prepared.needsPlayableCopy ? 1 : 0,
      playable: null,
      copyStartedAt: null,
      createdAt: nowIso(),
    };
    await repo.insertMediaFile(db, row);
    if (prepared.needsPlayableCopy) {
      keepForCopy = path.join(runtime.workDir, `copy-${sha256}-${Date.now()}`);
      await rename(prepared.original.file, keepForCopy);
      runtime.queuePlayableCopy(sha256, keepForCopy);
    }
    return (await repo.findMediaFile(db, sha256)) ?? row;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Turns a finished upload (the staged file `staged` of `size` bytes) into stored files and a row.
 * Checks the type from the bytes (415), the caps (413) and the SHA-256 (400) first.
 */
export async function ingestUpload(
  db: Db,
  runtime: MediaRuntime,
  input: { meta: MediaUploadMetadata; staged: string; size: number; userId: string },
): Promise<repo.MediaView> {
  const { meta, staged, size, userId } = input;
  const sniffed = await sniffType(staged);
  if (!sniffed) throw unsupported(NOT_A_MEDIUM);
  const expected = meta.role === 'markup' ? 'photo' : meta.kind!;
  if (sniffed.kind !== expected) throw unsupported(`This file is a ${sniffed.kind}, not a ${expected}`);
  if (size > capFor(sniffed.kind)) throw tooLarge(sniffed.kind);
  if ((await sha256OfFile(staged)) !== meta.sha256) throw badRequest('The file received does not match its sha256');

  const repeat = await storedRepeat(db, meta);
  if (repeat) return repeat;
  await checkUploadTarget(db, meta);
  const file = await storeContent(db, runtime, staged, sniffed.kind, sniffed.contentType, meta.sha256);
  const now = nowIso();
  try {
    await inTransaction(db, async (trx) => {
      if (meta.role === 'markup') {
        await repo.updateMediaRow(trx, meta.mediaId, { markupSha256: meta.sha256, updatedAt: now });
      } else {
        const position = meta.position ?? (await repo.countInspectionMedia(trx, meta.inspectionId!));
        await repo.insertMediaRow(trx, {
          id: meta.mediaId,
          inspectionId: meta.inspectionId!,
          itemKey: meta.itemKey ?? null,
          serviceId: meta.serviceId ?? null,
          kind: sniffed.kind,
          contentType: file.contentType,
          bytes: size,
          width: file.width,
          height: file.height,
          // The length measured from the file, never the one the device sent.
          durationMs: file.durationMs,
          sha256: meta.sha256,
          markupSha256: null,
          caption: meta.caption ? meta.caption : null,
          position,
          capturedAt: meta.capturedAt ?? now,
          takenBy: userId,
          createdAt: now,
          updatedAt: now,
        });
      }
      await recordChanges(trx, changed('media', [meta.mediaId]), now);
    });
  } catch (err) {
    // The same upload finished twice at once: the other one stored it.
    if (!isUniqueViolation(err)) throw err;
    const again = await storedRepeat(db, meta);
    if (!again) throw err;
    return again;
  }
  const row = await repo.findMedia(db, meta.mediaId);
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  return row;
}
