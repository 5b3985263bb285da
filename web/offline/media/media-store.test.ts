import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb } from '../local-db';
import { resetLocalCopy } from '../pull';
import { customerRow, inspectionRow, uuid, vehicleRow } from '@web/test/offline/test-rows';
import { captureMedia } from './capture';
import { pruneAllMediaFiles, storeServerMedia } from './media-store';
import type { MediaRow } from './media-types';

// Which files the device keeps: everything until the server has it, then only what the screens of
// an in-progress inspection show; a resync never loses a file still waiting to go up.

let db: LocalDb;
let n = 0;
beforeEach(() => {
  db = new LocalDb(`media-store-${++n}`);
});
afterEach(() => db.delete());

const USER = uuid(900);
const blob = (text: string) => new Blob([text], { type: 'image/jpeg' });

async function captured(inspectionId: string): Promise<string> {
  return captureMedia(db, USER, {
    inspectionId,
    itemKey: 'oil',
    kind: 'photo',
    file: blob('photo'),
    thumb: blob('thumb'),
    contentType: 'image/jpeg',
    width: 1,
    height: 1,
  });
}

/** The server's copy of a captured medium, as a confirmed upload or the feed brings it. */
async function onServer(id: string, fields: Partial<MediaRow> = {}) {
  const row = (await db.media.get(id)) as MediaRow;
  const urls = {
    w320: `/m/${id}/w320`,
    w960: `/m/${id}/w960`,
    w1920: `/m/${id}/w1920`,
    original: `/m/${id}/o`,
    markup: null,
    poster: null,
    video: null,
  };
  await db.uploads.where('mediaId').equals(id).delete();
  await db.transaction('rw', [db.media, db.mediaBlobs, db.uploads, db.outbox, db.inspections], () =>
    storeServerMedia(db, [{ ...row, ...fields, urls }]),
  );
}

const roles = async (id: string) =>
  (await db.mediaBlobs.where('mediaId').equals(id).toArray()).map((b) => b.role).sort();

describe('the files a device keeps', () => {
  it('keeps the thumbnail of an in-progress inspection’s confirmed photo, and nothing once it is finished', async () => {
    const inspection = inspectionRow(1, customerRow(10), vehicleRow(11, customerRow(10)), { status: 'in_progress' });
    await db.inspections.put(inspection);
    const id = await captured(inspection.id);
    expect(await roles(id)).toEqual(['original', 'thumb']);
    await onServer(id);
    expect(await roles(id)).toEqual(['thumb']);
    await db.inspections.put({ ...inspection, status: 'completed' });
    await pruneAllMediaFiles(db);
    expect(await roles(id)).toEqual([]);
    expect((await db.media.get(id))?.urls?.w320).toBe(`/m/${id}/w320`);
  });

  it('drops the server’s media on a resync but never a file still waiting to go up', async () => {
    const inspection = inspectionRow(2, customerRow(10), vehicleRow(11, customerRow(10)), { status: 'in_progress' });
    await db.inspections.put(inspection);
    const sent = await captured(inspection.id);
    const waiting = await captured(inspection.id);
    await onServer(sent);
    await resetLocalCopy(db);
    expect(await db.media.get(sent)).toBeUndefined();
    expect(await roles(sent)).toEqual([]);
    expect((await db.media.get(waiting))?.id).toBe(waiting);
    expect(await roles(waiting)).toEqual(['original', 'thumb']);
    expect(await db.uploads.count()).toBe(1);
  });
});
