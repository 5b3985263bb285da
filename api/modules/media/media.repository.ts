import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import type { MediaFileRow, MediaRow } from '@api/db/tables';
import { idIn } from '@api/lib/id-list';

/** A medium with what its URLs and `processing` need from its file and its taker. */
export type MediaView = MediaRow & {
  processing: number;
  playable: string | null;
  takenByName: string | null;
  markupContentType: string | null;
};

function selectMedia(db: Db) {
  return db
    .selectFrom('media')
    .innerJoin('mediaFiles', 'mediaFiles.sha256', 'media.sha256')
    .leftJoin('mediaFiles as markupFiles', 'markupFiles.sha256', 'media.markupSha256')
    .leftJoin('users', 'users.id', 'media.takenBy')
    .selectAll('media')
    .select([
      'mediaFiles.processing',
      'mediaFiles.playable',
      'users.username as takenByName',
      'markupFiles.contentType as markupContentType',
    ]);
}

export function findMediaByIds(db: Db, ids: readonly string[]): Promise<MediaView[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectMedia(db)
    .where(idIn(db, 'media.id', ids))
    .execute();
}

export function findMedia(db: Db, id: string): Promise<MediaView | undefined> {
  return selectMedia(db).where('media.id', '=', id).executeTakeFirst();
}

// Read by every share page view: compiled once.
const inspectionMedia = compiledOnce((db, [inspectionId]) =>
  selectMedia(db)
    .where('media.inspectionId', '=', inspectionId!)
    .orderBy('media.position')
    .orderBy('media.createdAt')
    .orderBy('media.id'),
);

/** An inspection's media in the order the technician gave them. */
export function findInspectionMedia(db: Db, inspectionId: string): Promise<MediaView[]> {
  return inspectionMedia(db, [inspectionId]) as Promise<MediaView[]>;
}

export function findMediaRow(db: Db, id: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMediaFile(db: Db, sha256: string): Promise<MediaFileRow | undefined> {
  return db.selectFrom('mediaFiles').selectAll().where('sha256', '=', sha256).executeTakeFirst();
}

export async function insertMediaFile(db: Db, row: MediaFileRow): Promise<void> {
  await db
    .insertInto('mediaFiles')
    .values(row)
    .onConflict((oc) => oc.column('sha256').doNothing())
    .execute();
}

export async function updateMediaFile(
  db: Db,
  sha256: string,
  set: Partial<Pick<MediaFileRow, 'variants' | 'processing' | 'playable'>>,
) {
  await db.updateTable('mediaFiles').set(set).where('sha256', '=', sha256).execute();
}

/** Marks the media showing this content as changed at `updatedAt`; their ids. */
export async function touchMediaOf(db: Db, sha256: string, updatedAt: string): Promise<string[]> {
  const rows = await db.updateTable('media').set({ updatedAt }).where('sha256', '=', sha256).returning('id').execute();
  return rows.map((row) => row.id);
}

export async function insertMediaRow(db: Db, row: MediaRow): Promise<void> {
  await db.insertInto('media').values(row).execute();
}

export async function updateMediaRow(db: Db, id: string, set: Partial<MediaRow>): Promise<void> {
  await db.updateTable('media').set(set).where('id', '=', id).execute();
}

export async function deleteMediaRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('media').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Files no medium uses any more (neither as its original nor as its marked-up copy). */
export function unusedMediaFiles(db: Db, limit: number): Promise<MediaFileRow[]> {
  return db
    .selectFrom('mediaFiles as f')
    .selectAll('f')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('media as m')
            .select('m.id')
            .where((eb) =>
              eb.or([eb('m.sha256', '=', eb.ref('f.sha256')), eb('m.markupSha256', '=', eb.ref('f.sha256'))]),
            ),
        ),
      ),
    )
    .limit(limit)
    .execute();
}

/** Removes a file's row only if still unused (a new upload of the same content may have claimed it). */
export async function deleteUnusedMediaFile(db: Db, sha256: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mediaFiles')
    .where('sha256', '=', sha256)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('media')
            .select('id')
            .where((eb) => eb.or([eb('sha256', '=', sha256), eb('markupSha256', '=', sha256)])),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function inspectionOf(db: Db, id: string): Promise<{ id: string; shareToken: string } | undefined> {
  return db.selectFrom('inspections').select(['id', 'shareToken']).where('id', '=', id).executeTakeFirst();
}

export async function serviceOf(db: Db, id: string): Promise<{ id: string; inspectionId: string } | undefined> {
  return db.selectFrom('services').select(['id', 'inspectionId']).where('id', '=', id).executeTakeFirst();
}

export async function countInspectionMedia(db: Db, inspectionId: string): Promise<number> {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('inspectionId', '=', inspectionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
