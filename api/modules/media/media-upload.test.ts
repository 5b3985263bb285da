import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES } from '@shared/constants';
import { useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';
import { NOT_A_MEDIUM } from './media-ingest';
import { NOT_TUS } from './media-upload';
import { createPhotoUpload, createUpload, headUpload, makeJpeg, patchUpload, sha256, upload } from './media-test-kit';
import { useTempDir } from '@api/test/temp-dir';

const dataDir = useTempDir('baywise-media-');
const t = await useTestApp({ dataDir });
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db, {}, [{ description: 'Front pads' }]);
const other = await createInspection(t.db, {}, [{ description: 'Wipers' }]);
const photo = await makeJpeg(1200, 800);

/** Every stored file under DATA_DIR/media, as `<sha>/<variant>`. */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'media');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${path.basename(e.parentPath)}/${e.name}`)
    .sort();
}

describe('uploads through tus', () => {
  it('stores a photo sent in one PATCH: a row, the original and three sizes, and the medium as the answer', async () => {
    const mediaId = randomUUID();
    const res = await upload(
      tech,
      {
        mediaId,
        inspectionId: inspection.id,
        itemKey: 'frontLeftBrake',
        caption: 'Worn pad',
        capturedAt: '2026-11-25T10:00:00.000Z',
      },
      photo,
    );
    expect(res.statusCode, res.body).toBe(200);
    const medium = res.json();
    expect(medium).toMatchObject({
      id: mediaId,
      inspectionId: inspection.id,
      itemKey: 'frontLeftBrake',
      serviceId: null,
      kind: 'photo',
      contentType: 'image/jpeg',
      bytes: photo.length,
      width: 1200,
      height: 800,
      sha256: sha256(photo),
      markupSha256: null,
      caption: 'Worn pad',
      position: 0,
      capturedAt: '2026-11-25T10:00:00.000Z',
      takenBy: { id: tech.user.id, name: tech.user.username },
      processing: false,
    });
    const v = sha256(photo).slice(0, 16);
    expect(medium.urls).toEqual({
      w320: `/api/media/${mediaId}/files/${v}/w320`,
      w960: `/api/media/${mediaId}/files/${v}/w960`,
      w1920: `/api/media/${mediaId}/files/${v}/w1920`,
      original: `/api/media/${mediaId}/files/${v}/original`,
      markup: null,
      poster: null,
      video: null,
    });
    expect(storedFiles()).toEqual(['original', 'w1920', 'w320', 'w960'].map((n) => `${sha256(photo)}/${n}`));
    const small = await tech.inject({ method: 'GET', url: medium.urls.w320 });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 213 });
    // No upscaling: the 1200 px photo's largest copy stays 1200 px wide.
    const large = await tech.inject({ method: 'GET', url: medium.urls.w1920 });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(1200);
  });

  it('stores a photo sent in chunks, and HEAD tells where a cut upload stands so PATCH continues there', async () => {
    const bytes = await makeJpeg(900, 900);
    const mediaId = randomUUID();
    const created = await createPhotoUpload(tech, bytes, {
      mediaId,
      inspectionId: inspection.id,
      serviceId: inspection.services[0]!.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/api\/uploads\/[\w-]+$/);
    const cut = Math.floor(bytes.length * 0.6);
    expect((await patchUpload(tech, location, 0, bytes.subarray(0, cut))).statusCode).toBe(204);
    // The device restarts: it asks how far the server got.
    const head = await headUpload(tech, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(cut));
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    // Sending from a wrong offset is refused without changing anything.
    expect((await patchUpload(tech, location, 0, bytes)).statusCode).toBe(409);
    const done = await patchUpload(tech, location, cut, bytes.subarray(cut));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      id: mediaId,
      serviceId: inspection.services[0]!.id,
      itemKey: null,
      position: 1,
    });
  });

  it('keeps one row and one file when the same upload comes again after a lost answer', async () => {
    const bytes = await makeJpeg(640, 480);
    const mediaId = randomUUID();
    const meta = { mediaId, inspectionId: inspection.id, itemKey: 'oil' };
    expect((await upload(tech, meta, bytes)).statusCode).toBe(200);
    const before = storedFiles().length;
    // The answer never reached the device: it starts the same upload again from scratch.
    const again = await upload(tech, meta, bytes);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(mediaId);
    const rows = await t.db.selectFrom('media').select('id').where('sha256', '=', sha256(bytes)).execute();
    expect(rows).toEqual([{ id: mediaId }]);
    expect(storedFiles().length).toBe(before);
    // The staged upload is gone too: HEAD on it no longer finds it.
    expect(readdirSync(path.join(dataDir, 'media-staging')).filter((n) => !n.endsWith('.json'))).toEqual([]);
  });

  it('refuses another content for a medium already stored with 409', async () => {
    const mediaId = randomUUID();
    expect(
      (await upload(tech, { mediaId, inspectionId: inspection.id, itemKey: 'oil' }, await makeJpeg(300, 200)))
        .statusCode,
    ).toBe(200);
    const res = await upload(tech, { mediaId, inspectionId: inspection.id, itemKey: 'oil' }, await makeJpeg(200, 300));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message: 'This photo or video was already uploaded with other content',
    });
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['an HTML page', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['a script', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF')],
  ])('refuses %s named photo.jpg with 415, stores nothing', async (_name, bytes) => {
    const before = storedFiles();
    const res = await upload(
      tech,
      { inspectionId: inspection.id, itemKey: 'oil', filetype: 'image/jpeg' } as never,
      bytes,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: 'unsupported_media_type', message: NOT_A_MEDIUM });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a video sent as a photo with 415', async () => {
    const res = await upload(
      tech,
      { inspectionId: inspection.id, itemKey: 'oil', kind: 'photo' },
      Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('This file is a video, not a photo');
  });

  it('refuses an upload over the cap at creation with 413, before a byte is sent', async () => {
    const res = await createPhotoUpload(
      tech,
      photo,
      { inspectionId: inspection.id, itemKey: 'oil' },
      PHOTO_MAX_BYTES + 1,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: 'A photo can be at most 25 MB' });
    const video = await createPhotoUpload(
      tech,
      photo,
      { kind: 'video', inspectionId: inspection.id, itemKey: 'oil' },
      200 * 1024 * 1024,
    );
    expect(video.statusCode).toBe(413);
  });

  it('refuses bytes whose SHA-256 is not the one announced with 400', async () => {
    const res = await upload(tech, { inspectionId: inspection.id, itemKey: 'oil', sha256: 'f'.repeat(64) }, photo);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'The file received does not match its sha256' });
  });

  it("checks the metadata at creation: 400 with a clear message, 404 for an unknown inspection, 400 for another inspection's service", async () => {
    const base = {
      mediaId: randomUUID(),
      role: 'original',
      kind: 'photo',
      sha256: sha256(photo),
      inspectionId: inspection.id,
    };
    const both = await createUpload(tech, { ...base, itemKey: 'oil', serviceId: inspection.services[0]!.id }, 10);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      error: 'validation_error',
      message: 'Invalid upload metadata: A medium belongs to one inspection item or one service',
    });
    const badKey = await createUpload(tech, { ...base, itemKey: 'sunroof' }, 10);
    expect(badKey.json().message).toBe('Invalid upload metadata: Unknown inspection item');
    const noSha = await createUpload(tech, { ...base, sha256: 'abc', itemKey: 'oil' }, 10);
    expect(noSha.json().message).toBe('Invalid upload metadata: sha256 must be 64 hex digits');
    // Numbers are their digits: what Number() would read as 16, 1000 and 0 is refused.
    for (const [meta, message] of [
      [{ durationMs: '0x10' }, 'durationMs must be a number'],
      [{ durationMs: '1e3' }, 'durationMs must be a number'],
      [{ position: ' 0' }, 'position must be a number'],
      [{ position: '2.5' }, 'position must be a whole number'],
      [{ position: '10001' }, 'position must be at most 10000'],
      [{ durationMs: '-1' }, 'durationMs must be at least 0'],
    ] as const) {
      const res = await createUpload(tech, { ...base, itemKey: 'oil', ...meta }, 10);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_error', message: `Invalid upload metadata: ${message}` });
    }
    const unknown = await createUpload(tech, { ...base, itemKey: 'oil', inspectionId: randomUUID() }, 10);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Inspection not found' });
    const foreign = await createUpload(tech, { ...base, serviceId: other.services[0]!.id }, 10);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ error: 'bad_request', message: 'This service belongs to another inspection' });
    const unknownService = await createUpload(tech, { ...base, serviceId: randomUUID() }, 10);
    expect(unknownService.statusCode).toBe(404);
  });

  it('refuses a new medium for an inspection that holds 200 already with 409', async () => {
    const full = await createInspection(t.db);
    const now = new Date().toISOString();
    const sha = 'c'.repeat(64);
    await t.db
      .insertInto('mediaFiles')
      .values({
        sha256: sha,
        contentType: 'image/jpeg',
        bytes: 1,
        width: 1,
        height: 1,
        durationMs: null,
        variants: '[]',
        processing: 0,
        playable: null,
        createdAt: now,
      })
      .execute();
    const rows = Array.from({ length: 200 }, (_, i) => ({
      id: randomUUID(),
      inspectionId: full.id,
      itemKey: 'oil',
      serviceId: null,
      kind: 'photo',
      contentType: 'image/jpeg',
      bytes: 1,
      width: 1,
      height: 1,
      durationMs: null,
      sha256: sha,
      markupSha256: null,
      caption: null,
      position: i,
      capturedAt: now,
      takenBy: null,
      createdAt: now,
      updatedAt: now,
    }));
    await t.db.insertInto('media').values(rows).execute();
    const res = await createPhotoUpload(tech, photo, { inspectionId: full.id, itemKey: 'oil' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: 'An inspection holds at most 200 photos and videos' });
  });

  it('lets the device give up an upload (DELETE), after which HEAD and PATCH find nothing', async () => {
    const created = await createPhotoUpload(tech, photo, { inspectionId: inspection.id, itemKey: 'oil' });
    const location = String(created.headers.location);
    expect((await patchUpload(tech, location, 0, photo.subarray(0, 100))).statusCode).toBe(204);
    const gone = await tech.inject({ method: 'DELETE', url: location, headers: { 'tus-resumable': '1.0.0' } });
    expect(gone.statusCode).toBe(204);
    expect((await headUpload(tech, location)).statusCode).toBe(404);
    const patch = await patchUpload(tech, location, 100, photo.subarray(100));
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ error: 'not_found' });
  });

  it('answers a request without the tus header with 400', async () => {
    const res = await tech.inject({ method: 'POST', url: '/api/uploads', headers: { 'upload-length': '10' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: NOT_TUS });
  });

  it('needs a session before tus sees anything', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'You need to sign in' });
  });
});

describe('media in the change feed', () => {
  it('sends a medium again when the name of whoever took it changes, and when that user is deleted', async () => {
    const admin = await t.signIn('admin');
    const taker = await t.signIn('technician');
    const mediaId = randomUUID();
    const res = await upload(taker, { mediaId, inspectionId: other.id, itemKey: 'frontLeftBrake' }, photo);
    expect(res.statusCode, res.body).toBe(200);
    const pull = async (since: string) => {
      const page = await admin.inject({ method: 'GET', url: `/api/sync/changes?since=${since}&limit=1000` });
      expect(page.statusCode, page.body).toBe(200);
      return page.json<{ cursor: string; hasMore: boolean; media: { id: string; takenBy: unknown }[] }>();
    };
    let cursor = '0';
    for (let page = await pull(cursor); ; page = await pull(cursor)) {
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const renamed = await admin.inject({
      method: 'PUT',
      url: `/api/users/${taker.user.id}`,
      payload: { username: 'renamed-taker' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await pull(cursor);
    expect(afterRename.media.map((m) => [m.id, m.takenBy])).toEqual([
      [mediaId, { id: taker.user.id, name: 'renamed-taker' }],
    ]);
    const removed = await admin.inject({ method: 'DELETE', url: `/api/users/${taker.user.id}` });
    expect(removed.statusCode, removed.body).toBe(204);
    const afterDelete = await pull(afterRename.cursor);
    expect(afterDelete.media.map((m) => [m.id, m.takenBy])).toEqual([[mediaId, null]]);
  });
});
