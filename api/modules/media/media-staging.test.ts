import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@api/app';
import { type Client, testConfig, useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';
import { NO_CONCAT, NO_DEFERRED_LENGTH, TOO_MANY_OPEN, UPLOAD_EXPIRED } from './media-upload';
import { createPhotoUpload, headUpload, makeJpeg, patchUpload, sha256 } from './media-test-kit';
import { useTempDir } from '@api/test/temp-dir';

// What happens to uploads between their creation and their medium: a server that stopped after
// the last byte, uploads abandoned or expired, the work folder after a crash, and what tus offers
// that devices never need.

const dataDir = useTempDir('baywise-media-');
const t = await useTestApp({ dataDir });
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db);
const staging = path.join(dataDir, 'media-staging');
const DAY_AND_HOUR = 25 * 60 * 60;

/** Creates an upload of `bytes` as a photo of the oil item of the inspection. */
const createOilPhoto = (client: Client, bytes: Buffer, mediaId = randomUUID()) =>
  createPhotoUpload(client, bytes, { mediaId, inspectionId: inspection.id, itemKey: 'oil' });

/** Creates an upload of `bytes` and writes them all into its staged file directly, as a PATCH would have before the server died. */
async function stagedComplete(bytes: Buffer, mediaId = randomUUID()) {
  const created = await createOilPhoto(tech, bytes, mediaId);
  expect(created.statusCode, created.body).toBe(201);
  const location = String(created.headers.location);
  writeFileSync(path.join(staging, location.split('/').pop()!), bytes);
  return { mediaId, location };
}

/** Creates an upload and sends part of it. */
async function stagedPart(bytes: Buffer, client = tech) {
  const created = await createOilPhoto(client, bytes);
  expect(created.statusCode, created.body).toBe(201);
  const location = String(created.headers.location);
  expect((await patchUpload(client, location, 0, bytes.subarray(0, 100))).statusCode).toBe(204);
  return { location, id: location.split('/').pop()! };
}

const ago = (file: string, seconds: number) => {
  const when = new Date(Date.now() - seconds * 1000);
  utimesSync(file, when, when);
};

describe('a complete upload the server did not store (it stopped after the last byte)', () => {
  it('is stored by the HEAD a device sends on resuming, which answers offset = length as usual', async () => {
    const bytes = await makeJpeg(300, 200);
    const { mediaId, location } = await stagedComplete(bytes);
    expect((await tech.inject({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(404);
    const head = await headUpload(tech, location);
    expect(head.statusCode, head.body).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(bytes.length));
    expect(head.headers['upload-length']).toBe(String(bytes.length));
    expect(head.headers['tus-resumable']).toBe('1.0.0');
    const medium = await tech.inject({ method: 'GET', url: `/api/media/${mediaId}` });
    expect(medium.statusCode).toBe(200);
    expect(medium.json()).toMatchObject({ id: mediaId, sha256: sha256(bytes), takenBy: { id: tech.user.id } });
    expect(existsSync(path.join(staging, location.split('/').pop()!))).toBe(false);
  });

  it('is stored at the next start, with the stale work files and the expired uploads cleared', async () => {
    const bytes = await makeJpeg(200, 300);
    const { mediaId } = await stagedComplete(bytes);
    const expired = await stagedPart(await makeJpeg(100, 100));
    ago(path.join(staging, expired.id), DAY_AND_HOUR);
    const fresh = await stagedPart(await makeJpeg(120, 100));
    const work = path.join(dataDir, 'media-work');
    for (const stale of ['in-abc', '999999999', 'copy-abc'])
      mkdirSync(path.join(work, stale, 'x'), { recursive: true });

    const restarted = await buildApp({ config: testConfig({ dataDir }), db: t.db });
    await restarted.ready();
    // The start-up chores run in the background; close waits for them.
    await restarted.close();

    expect((await tech.inject({ method: 'GET', url: `/api/media/${mediaId}` })).json()).toMatchObject({
      id: mediaId,
      takenBy: { id: tech.user.id },
    });
    const left = readdirSync(staging);
    expect(left).toContain(fresh.id);
    expect(left).not.toContain(expired.id);
    expect(left).not.toContain(`${expired.id}.json`);
    expect(readdirSync(work).filter((n) => ['in-abc', '999999999', 'copy-abc'].includes(n))).toEqual([]);
  });
});

describe('expired and unknown uploads', () => {
  it('answers 404 `not_found` (never 410) for an upload with no byte for a day and for an unknown one', async () => {
    const { location, id } = await stagedPart(await makeJpeg(200, 200));
    ago(path.join(staging, id), DAY_AND_HOUR);
    const expected = { error: 'not_found', message: UPLOAD_EXPIRED };
    const head = await headUpload(tech, location);
    expect(head.statusCode).toBe(404);
    const patch = await patchUpload(tech, location, 100, Buffer.alloc(10));
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual(expected);
    const unknown = await patchUpload(tech, `/api/uploads/${'a'.repeat(32)}`, 0, Buffer.alloc(10));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(expected);
  });

  it('counts the day from the last byte received, not from the creation', async () => {
    const bytes = await makeJpeg(220, 200);
    const { location, id } = await stagedPart(bytes);
    // Created more than a day ago, but bytes arrived a moment ago.
    const info = path.join(staging, `${id}.json`);
    const json = JSON.parse(readFileSync(info, 'utf8'));
    writeFileSync(
      info,
      JSON.stringify({ ...json, creation_date: new Date(Date.now() - DAY_AND_HOUR * 1000).toISOString() }),
    );
    const head = await headUpload(tech, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('100');
    const done = await patchUpload(tech, location, 100, bytes.subarray(100));
    expect(done.statusCode, done.body).toBe(200);
  });
});

describe('limits on what an upload may be', () => {
  it('refuses a 21st unfinished upload of one user with 429; another user is not held back', async () => {
    const user = await t.signIn('technician');
    const bytes = await makeJpeg(64, 64);
    const open = [];
    for (let i = 0; i < 20; i++) open.push(await stagedPart(bytes, user));
    const refused = await createOilPhoto(user, bytes);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'too_many_requests', message: TOO_MANY_OPEN });
    expect((await createOilPhoto(tech, bytes)).statusCode).toBe(201);
    // Finishing one makes room for the next.
    expect((await patchUpload(user, open[0]!.location, 100, bytes.subarray(100))).statusCode).toBe(200);
    expect((await createOilPhoto(user, bytes)).statusCode).toBe(201);
  });

  it('refuses an upload without a length (Upload-Defer-Length) and concatenation with 400', async () => {
    const metadata = `mediaId ${Buffer.from(randomUUID()).toString('base64')}`;
    const deferred = await tech.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1', 'upload-metadata': metadata },
    });
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json()).toEqual({ error: 'bad_request', message: NO_DEFERRED_LENGTH });
    const concat = await tech.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-concat': 'partial',
        'upload-length': '10',
        'upload-metadata': metadata,
      },
    });
    expect(concat.statusCode).toBe(400);
    expect(concat.json()).toEqual({ error: 'bad_request', message: NO_CONCAT });
  });
});
