import type { MediaResponse, UpdateMediaBody } from '@shared/schemas/media';
import type { Db } from '@api/db/database';
import { inTransaction } from '@api/db/transaction';
import { notFound } from '@api/lib/http-error';
import { isShareToken, nowIso } from '@api/lib/tokens';
import { findInspectionIdByToken } from '@api/modules/inspections/inspection.repository';
import { shareLinkExpired } from '@api/modules/inspections/share-link';
import { changed, deleted, missingRow, recordChanges } from '@api/lib/change-log';
import { MEDIA_NOT_FOUND } from './media-ingest';
import { toMedia } from './media.mapper';
import * as repo from './media.repository';

export async function getMedia(db: Db, id: string): Promise<MediaResponse> {
  const row = await repo.findMedia(db, id);
  if (!row) throw await missingRow(db, 'media', id, notFound(MEDIA_NOT_FOUND));
  return toMedia(row);
}

export async function listInspectionMedia(db: Db, inspectionId: string): Promise<{ items: MediaResponse[] }> {
  if (!(await repo.inspectionOf(db, inspectionId))) {
    throw await missingRow(db, 'inspection', inspectionId, notFound('Inspection not found'));
  }
  return { items: (await repo.findInspectionMedia(db, inspectionId)).map(toMedia) };
}

/** Caption and order; only the fields sent change. */
export async function updateMedia(db: Db, id: string, body: UpdateMediaBody): Promise<MediaResponse> {
  return inTransaction(db, async (trx) => {
    if (!(await repo.findMediaRow(trx, id))) throw await missingRow(trx, 'media', id, notFound(MEDIA_NOT_FOUND));
    const now = nowIso();
    await repo.updateMediaRow(trx, id, {
      ...(body.caption !== undefined ? { caption: body.caption ? body.caption : null } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
      updatedAt: now,
    });
    await recordChanges(trx, changed('media', [id]), now);
    return getMedia(trx, id);
  });
}

/** The row goes now; its files when no other row uses them (the sweep after the response). */
export async function deleteMedia(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await repo.deleteMediaRow(trx, id))) throw await missingRow(trx, 'media', id, notFound(MEDIA_NOT_FOUND));
    await recordChanges(trx, deleted('media', [id]));
  });
}

/** A medium as the share page of `token` may reach it: another inspection's, or a bad token, is 404. */
export async function findPublicMedia(
  db: Db,
  token: string,
  id: string,
  now: number,
): Promise<repo.MediaView | undefined> {
  const inspection = isShareToken(token) ? await findInspectionIdByToken(db, token) : undefined;
  // An expired link shows nothing more, its photos included.
  if (!inspection || shareLinkExpired(inspection, now)) return undefined;
  const row = await repo.findMedia(db, id);
  return row && row.inspectionId === inspection.id ? row : undefined;
}
