import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import exifReader from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';
import { makeJpeg, sha256, upload } from './media-test-kit';
import { useTempDir } from '@api/test/temp-dir';

const dataDir = useTempDir('baywise-media-');
const t = await useTestApp({ dataDir });
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db, {}, [{ description: 'Front pads' }, { description: 'Wipers' }]);
const other = await createInspection(t.db);

function storedShas(): string[] {
  const root = path.join(dataDir, 'media');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .flatMap((prefix) => readdirSync(path.join(root, prefix)))
    .sort();
}

async function addPhoto(fields: Record<string, string> = {}, bytes?: Buffer) {
  const res = await upload(
    tech,
    { inspectionId: inspection.id, itemKey: 'oil', ...fields },
    bytes ?? (await makeJpeg(400 + Math.floor(Math.random() * 400), 300)),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('serving media files', () => {
  it('serves a file with its type, nosniff, a year of immutable caching, and ranges', async () => {
    const medium = await addPhoto();
    const res = await tech.inject({ method: 'GET', url: medium.urls.original });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const size = res.rawPayload.length;
    expect(res.headers['content-length']).toBe(String(size));

    const part = await tech.inject({ method: 'GET', url: medium.urls.original, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload).toEqual(res.rawPayload.subarray(10, 20));
    const tail = await tech.inject({ method: 'GET', url: medium.urls.original, headers: { range: 'bytes=-5' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload).toEqual(res.rawPayload.subarray(size - 5));
    const open = await tech.inject({
      method: 'GET',
      url: medium.urls.original,
      headers: { range: `bytes=${size - 3}-` },
    });
    expect(open.headers['content-range']).toBe(`bytes ${size - 3}-${size - 1}/${size}`);
    const outside = await tech.inject({
      method: 'GET',
      url: medium.urls.original,
      headers: { range: `bytes=${size}-` },
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${size}`);
    // An error answer is never kept by a cache.
    expect(outside.headers['cache-control']).toBe('no-store');
    expect(outside.json()).toEqual({ error: 'bad_request', message: 'The requested range is outside the file' });
  });

  it('answers a range whose last byte comes before its first (no valid range) with the whole file', async () => {
    const medium = await addPhoto();
    const whole = await tech.inject({ method: 'GET', url: medium.urls.original });
    const res = await tech.inject({ method: 'GET', url: medium.urls.original, headers: { range: 'bytes=5-2' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.rawPayload).toEqual(whole.rawPayload);
  });

  it('answers HEAD with the headers of the file and no body, whole or ranged (players ask before they stream)', async () => {
    const medium = await addPhoto();
    const size = (await tech.inject({ method: 'GET', url: medium.urls.original })).rawPayload.length;
    const head = await tech.inject({ method: 'HEAD', url: medium.urls.original });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.headers['content-length']).toBe(String(size));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.rawPayload.length).toBe(0);
    const ranged = await tech.inject({ method: 'HEAD', url: medium.urls.original, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(ranged.rawPayload.length).toBe(0);
    const anonymous = await t.app.inject({
      method: 'HEAD',
      url: '/api/media/00000000-0000-4000-8000-000000000000/files/abc/original',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 for a URL with another version, an unknown file name or an unknown medium, and 401 without a session', async () => {
    const medium = await addPhoto();
    const old = medium.urls.original.replace(/files\/[0-9a-f]{16}/, 'files/0000000000000000');
    expect((await tech.inject({ method: 'GET', url: old })).statusCode).toBe(404);
    expect(
      (await tech.inject({ method: 'GET', url: medium.urls.original.replace(/original$/, 'secret') })).statusCode,
    ).toBe(404);
    expect(
      (await tech.inject({ method: 'GET', url: medium.urls.original.replace(medium.id, randomUUID()) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: medium.urls.original })).statusCode).toBe(401);
  });

  it('turns a photo upright from its EXIF orientation and keeps no GPS or camera data', async () => {
    // Stored 600×400 with orientation 6 (turn 90° clockwise): shown 400×600.
    const bytes = await makeJpeg(
      600,
      400,
      {
        IFD0: { Make: 'PhoneMaker', Model: 'Camera 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 30/1' },
      },
      6,
    );
    const before = await exifReader(bytes).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain('PhoneMaker');
    const medium = await addPhoto({}, bytes);
    expect([medium.width, medium.height]).toEqual([400, 600]);
    for (const url of [medium.urls.original, medium.urls.w320, medium.urls.w1920]) {
      const file = (await tech.inject({ method: 'GET', url })).rawPayload;
      const meta = await exifReader(file).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.orientation, url).toBeUndefined();
      expect(meta.height! > meta.width!, url).toBe(true);
      expect(file.toString('latin1')).not.toContain('PhoneMaker');
    }
  });
});

describe('the share page reaches media only through its token', () => {
  it("lists the inspection's media on the public report with token-scoped URLs that serve the files", async () => {
    const inspection2 = await createInspection(t.db);
    const medium = (
      await upload(tech, { inspectionId: inspection2.id, itemKey: 'leaks', caption: 'Drip' }, await makeJpeg(500, 300))
    ).json();
    const page = await t.app.inject({ method: 'GET', url: `/api/public/inspections/${inspection2.shareToken}` });
    expect(page.statusCode).toBe(200);
    const v = medium.sha256.slice(0, 16);
    const base = `/api/public/inspections/${inspection2.shareToken}/media/${medium.id}/files/${v}`;
    expect(page.json().media).toEqual([
      {
        id: medium.id,
        itemKey: 'leaks',
        serviceId: null,
        kind: 'photo',
        width: 500,
        height: 300,
        durationMs: null,
        caption: 'Drip',
        position: 0,
        urls: {
          w320: `${base}/w320`,
          w960: `${base}/w960`,
          w1920: `${base}/w1920`,
          original: `${base}/original`,
          markup: null,
          poster: null,
          video: null,
        },
      },
    ]);
    const file = await t.app.inject({ method: 'GET', url: `${base}/w960` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it("answers 404 for another inspection's medium, a guessed id, a wrong token and a token no longer valid", async () => {
    const medium = await addPhoto();
    const path = (token: string, id = medium.id) =>
      `/api/public/inspections/${token}/media/${id}/files/${medium.sha256.slice(0, 16)}/w320`;
    expect((await t.app.inject({ method: 'GET', url: path(inspection.shareToken) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path(other.shareToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path(inspection.shareToken, randomUUID()) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: path('not-a-token') })).statusCode).toBe(404);
    await t.db
      .updateTable('inspections')
      .set({ shareToken: 'a-new-token-replacing-the-old-one' })
      .where('id', '=', inspection.id)
      .execute();
    const revoked = await t.app.inject({ method: 'GET', url: path(inspection.shareToken) });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ error: 'not_found', message: 'File not found' });
    await t.db
      .updateTable('inspections')
      .set({ shareToken: inspection.shareToken })
      .where('id', '=', inspection.id)
      .execute();
  });
});

describe('media rows', () => {
  it("lists an inspection's media by position, changes caption and position, and sends both in the change feed", async () => {
    const inspection3 = await createInspection(t.db);
    const first = (
      await upload(tech, { inspectionId: inspection3.id, itemKey: 'coolant' }, await makeJpeg(320, 200))
    ).json();
    const second = (
      await upload(tech, { inspectionId: inspection3.id, itemKey: 'coolant' }, await makeJpeg(330, 200))
    ).json();
    const moved = await tech.inject({
      method: 'PATCH',
      url: `/api/media/${second.id}`,
      payload: { position: 0, caption: '  Low level ' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ position: 0, caption: 'Low level' });
    await tech.inject({ method: 'PATCH', url: `/api/media/${first.id}`, payload: { position: 1 } });
    const list = await tech.inject({ method: 'GET', url: `/api/inspections/${inspection3.id}/media` });
    expect(list.json().items.map((m: { id: string }) => m.id)).toEqual([second.id, first.id]);
    const one = await tech.inject({ method: 'GET', url: `/api/media/${first.id}` });
    expect(one.json()).toMatchObject({ id: first.id, position: 1, caption: null });
    const bad = await tech.inject({ method: 'PATCH', url: `/api/media/${first.id}`, payload: {} });
    expect(bad.statusCode).toBe(400);
    const feed = await tech.inject({ method: 'GET', url: '/api/sync/changes?since=0&limit=1000' });
    const sent = feed.json().media.filter((m: { inspectionId: string }) => m.inspectionId === inspection3.id);
    expect(sent.map((m: { id: string; position: number }) => [m.id, m.position]).sort()).toEqual(
      [
        [first.id, 1],
        [second.id, 0],
      ].sort(),
    );
  });

  it('deletes a medium (204, then 410) and its files once no row uses them; a file shared by two media stays for the other', async () => {
    const bytes = await makeJpeg(700, 500);
    const a = await addPhoto({}, bytes);
    const b = await addPhoto({ itemKey: 'leaks' }, bytes);
    expect(storedShas()).toContain(sha256(bytes));
    const cursor = (await tech.inject({ method: 'GET', url: '/api/sync/changes?since=0&limit=1000' })).json().cursor;
    expect((await tech.inject({ method: 'DELETE', url: `/api/media/${a.id}` })).statusCode).toBe(204);
    await t.app.media.idle();
    expect(storedShas()).toContain(sha256(bytes));
    expect((await tech.inject({ method: 'GET', url: b.urls.w320 })).statusCode).toBe(200);
    expect((await tech.inject({ method: 'DELETE', url: `/api/media/${b.id}` })).statusCode).toBe(204);
    await t.app.media.idle();
    expect(storedShas()).not.toContain(sha256(bytes));
    expect(await t.db.selectFrom('mediaFiles').select('sha256').where('sha256', '=', sha256(bytes)).execute()).toEqual(
      [],
    );
    const again = await tech.inject({ method: 'DELETE', url: `/api/media/${a.id}` });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ error: 'gone', gone: 'media' });
    const feed = (await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${cursor}` })).json();
    expect(feed.deletedMedia.sort()).toEqual([a.id, b.id].sort());
    expect(feed.deleted).toEqual([]);
  });

  it("removes a service's media with the service, and their files", async () => {
    const service = inspection.services[1]!;
    const bytes = await makeJpeg(610, 410);
    const medium = await addPhoto({ itemKey: undefined as never, serviceId: service.id }, bytes);
    const cursor = (await tech.inject({ method: 'GET', url: '/api/sync/changes?since=0&limit=1000' })).json().cursor;
    expect((await tech.inject({ method: 'DELETE', url: `/api/services/${service.id}` })).statusCode).toBe(204);
    await t.app.media.idle();
    expect((await tech.inject({ method: 'GET', url: `/api/media/${medium.id}` })).statusCode).toBe(410);
    expect(storedShas()).not.toContain(sha256(bytes));
    expect(
      (await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${cursor}` })).json().deletedMedia,
    ).toEqual([medium.id]);
  });

  it('removes the media of a service an inspection save leaves out, and says so in the change feed', async () => {
    const saved = await createInspection(t.db, {}, [{ description: 'Keep' }, { description: 'Drop' }]);
    const [keep, drop] = saved.services;
    const kept = (await upload(tech, { inspectionId: saved.id, serviceId: keep!.id }, await makeJpeg(630, 430))).json();
    const dropped = (
      await upload(tech, { inspectionId: saved.id, serviceId: drop!.id }, await makeJpeg(640, 440))
    ).json();
    const cursor = (await tech.inject({ method: 'GET', url: '/api/sync/changes?since=0&limit=1000' })).json().cursor;
    const res = await tech.inject({
      method: 'PUT',
      url: `/api/inspections/${saved.id}`,
      payload: { services: [{ id: keep!.id, description: 'Keep' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.media.idle();
    expect(
      (await t.db.selectFrom('media').select('id').where('inspectionId', '=', saved.id).execute()).map((m) => m.id),
    ).toEqual([kept.id]);
    expect(storedShas()).not.toContain(dropped.sha256);
    expect(storedShas()).toContain(kept.sha256);
    expect(
      (await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${cursor}` })).json().deletedMedia,
    ).toEqual([dropped.id]);
  });

  it("removes an inspection's media when its customer is deleted, and their files", async () => {
    const gone = await createInspection(t.db);
    const bytes = await makeJpeg(620, 420);
    const medium = (await upload(tech, { inspectionId: gone.id, itemKey: 'oil' }, bytes)).json();
    const admin = await t.signIn('admin');
    const res = await admin.inject({ method: 'DELETE', url: `/api/customers/${gone.customerId}` });
    expect(res.statusCode, res.body).toBe(204);
    await t.app.media.idle();
    expect(await t.db.selectFrom('media').select('id').where('id', '=', medium.id).execute()).toEqual([]);
    expect(storedShas()).not.toContain(sha256(bytes));
  });

  it('adds a marked-up copy: shown first in the sizes, the original kept; the same mark-up again changes nothing', async () => {
    const medium = await addPhoto();
    const markup = await makeJpeg(400, 300);
    const meta = { mediaId: medium.id, role: 'markup', sha256: sha256(markup) };
    const res = await upload(tech, meta, markup);
    expect(res.statusCode, res.body).toBe(200);
    const marked = res.json();
    const mv = sha256(markup).slice(0, 16);
    expect(marked).toMatchObject({ id: medium.id, sha256: medium.sha256, markupSha256: sha256(markup) });
    expect(marked.urls).toMatchObject({
      original: medium.urls.original,
      markup: `/api/media/${medium.id}/files/${mv}/markup`,
      w320: `/api/media/${medium.id}/files/${mv}/w320`,
    });
    expect((await tech.inject({ method: 'GET', url: marked.urls.markup })).headers['content-type']).toBe('image/jpeg');
    // The old sizes' URLs (of the unmarked photo) no longer answer: a URL always means one content.
    expect((await tech.inject({ method: 'GET', url: medium.urls.w320 })).statusCode).toBe(404);
    const again = await upload(tech, meta, markup);
    expect(again.statusCode).toBe(200);
    expect(again.json().updatedAt).toBe(marked.updatedAt);
    const unknown = await upload(tech, { ...meta, mediaId: randomUUID() }, markup);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Photo or video not found' });
  });
});
