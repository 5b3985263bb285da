import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';
import { runFfmpeg } from './media-files';
import { claimPlayableCopy, COPY_LEASE_MS, createMediaRuntime } from './media-runtime';
import type { MediaStore } from './media-store';
import { makeVideo, upload } from './media-test-kit';
import { useTempDir } from '@api/test/temp-dir';
import { readVideoFacts } from './video-facts';

const dataDir = useTempDir('baywise-media-');
const t = await useTestApp({ dataDir });
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db);

/** What ffmpeg reads from served bytes (written to a file first). */
async function probeBytes(bytes: Buffer) {
  const file = path.join(dataDir, `probe-${Date.now()}.mp4`);
  writeFileSync(file, bytes);
  return { probe: await readVideoFacts(file, 'video/mp4'), text: (await runFfmpeg(['-i', file])).stderr };
}

describe('videos', () => {
  it('stores an H.264 video with its length, size, a poster frame and its sizes, without its location', async () => {
    const bytes = await makeVideo(1);
    expect((await probeBytes(bytes)).text).toContain('location');
    const res = await upload(tech, { inspectionId: inspection.id, itemKey: 'leaks', kind: 'video' }, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const medium = res.json();
    expect(medium).toMatchObject({
      kind: 'video',
      contentType: 'video/mp4',
      width: 320,
      height: 240,
      durationMs: 1000,
      processing: false,
    });
    const v = medium.sha256.slice(0, 16);
    expect(medium.urls).toMatchObject({
      poster: `/api/media/${medium.id}/files/${v}/poster`,
      video: `/api/media/${medium.id}/files/${v}/video`,
      w320: `/api/media/${medium.id}/files/${v}/w320`,
    });
    const poster = await tech.inject({ method: 'GET', url: medium.urls.poster });
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    const video = await tech.inject({ method: 'GET', url: medium.urls.video });
    expect(video.headers['content-type']).toBe('video/mp4');
    const { probe, text } = await probeBytes(video.rawPayload);
    expect(probe?.codec).toBe('h264');
    expect(text).not.toContain('location');
    const seek = await tech.inject({ method: 'GET', url: medium.urls.video, headers: { range: 'bytes=0-99' } });
    expect(seek.statusCode).toBe(206);
    expect(seek.rawPayload.length).toBe(100);
  });

  it('plays an HEVC video from its original while a background job makes an H.264 copy, then from the copy', async () => {
    const bytes = await makeVideo(1, 'libx265');
    const res = await upload(tech, { inspectionId: inspection.id, itemKey: 'suspension', kind: 'video' }, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const medium = res.json();
    expect(medium.processing).toBe(true);
    const v = medium.sha256.slice(0, 16);
    expect(medium.urls.video).toBe(`/api/media/${medium.id}/files/${v}/video`);
    await t.app.media.idle();
    const after = (await tech.inject({ method: 'GET', url: `/api/media/${medium.id}` })).json();
    expect(after.processing).toBe(false);
    expect(after.urls.video).toBe(`/api/media/${medium.id}/files/${v}-h264/video`);
    expect((await tech.inject({ method: 'GET', url: medium.urls.video })).statusCode).toBe(404);
    const copy = await tech.inject({ method: 'GET', url: after.urls.video });
    expect(copy.headers['content-type']).toBe('video/mp4');
    expect((await probeBytes(copy.rawPayload)).probe?.codec).toBe('h264');
    // The original stays as it was sent.
    expect(
      (await probeBytes((await tech.inject({ method: 'GET', url: after.urls.original })).rawPayload)).probe?.codec,
    ).toBe('hevc');
  });

  it('leaves no copy behind when the medium is deleted while its H.264 copy is made', async () => {
    const bytes = await makeVideo(2, 'libx265');
    // The copy waits before storing its file until the medium is deleted: it is under way at the
    // delete however fast the machine makes it.
    const store = t.app.media.store;
    const put = store.put;
    let deleted!: () => void;
    const afterDelete = new Promise<void>((resolve) => (deleted = resolve));
    store.put = async (key, file, type) => {
      if (key.endsWith('/h264')) await afterDelete;
      return put.call(store, key, file, type);
    };
    try {
      const res = await upload(tech, { inspectionId: inspection.id, itemKey: 'leaks', kind: 'video' }, bytes);
      expect(res.statusCode, res.body).toBe(200);
      const medium = res.json();
      expect(medium.processing).toBe(true);
      expect((await tech.inject({ method: 'DELETE', url: `/api/media/${medium.id}` })).statusCode).toBe(204);
      deleted();
      await t.app.media.idle();
      await t.app.media.sweep(true);
      expect(
        await t.db.selectFrom('mediaFiles').select('sha256').where('sha256', '=', medium.sha256).execute(),
      ).toEqual([]);
      const folder = path.join(dataDir, 'media', medium.sha256.slice(0, 2), medium.sha256);
      expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    } finally {
      deleted();
      store.put = put;
    }
  });

  it('makes a copy once when two workers queue it at the same time: the first to claim it makes it', async () => {
    const bytes = await makeVideo(1, 'libx265');
    const medium = (await upload(tech, { inspectionId: inspection.id, itemKey: 'oil', kind: 'video' }, bytes)).json();
    await t.app.media.idle();
    // As it was before any copy: two workers find it to do.
    await t.db
      .updateTable('mediaFiles')
      .set({ processing: 1, playable: null, copyStartedAt: null })
      .where('sha256', '=', medium.sha256)
      .execute();
    const puts: string[] = [];
    const counting: MediaStore = {
      ...t.app.media.store,
      put: async (key, file, type) => {
        puts.push(key);
        return t.app.media.store.put(key, file, type);
      },
    };
    const workers = [1, 2].map(() => createMediaRuntime(t.app.config, t.db, t.app.log, counting));
    for (const w of workers) w.queuePlayableCopy(medium.sha256);
    await Promise.all(workers.map((w) => w.idle()));
    expect(puts).toEqual([`${medium.sha256.slice(0, 2)}/${medium.sha256}/h264`]);
    expect(
      await t.db
        .selectFrom('mediaFiles')
        .select(['processing', 'playable'])
        .where('sha256', '=', medium.sha256)
        .executeTakeFirst(),
    ).toEqual({ processing: 0, playable: 'h264' });
  });

  it('tells devices through the change feed when a copy cannot be made: the original plays, nothing is processing', async () => {
    const bytes = await makeVideo(1, 'libx265');
    const res = await upload(tech, { inspectionId: inspection.id, itemKey: 'suspension', kind: 'video' }, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const medium = res.json();
    await t.app.media.idle();
    await t.db
      .updateTable('mediaFiles')
      .set({ processing: 1, playable: null, copyStartedAt: null })
      .where('sha256', '=', medium.sha256)
      .execute();
    const { cursor } = (await tech.inject({ method: 'GET', url: '/api/sync/changes?since=0&limit=1000' })).json();
    // A store that cannot give the original back: the copy fails.
    const unreadable: MediaStore = {
      ...t.app.media.store,
      read: () => Promise.reject(new Error('the store is unreachable')),
    };
    const worker = createMediaRuntime(t.app.config, t.db, t.app.log, unreadable);
    worker.queuePlayableCopy(medium.sha256);
    await worker.idle();
    const file = await t.db
      .selectFrom('mediaFiles')
      .select(['processing', 'playable'])
      .where('sha256', '=', medium.sha256)
      .executeTakeFirstOrThrow();
    expect(file).toEqual({ processing: 0, playable: null });
    const page = (await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${cursor}&limit=1000` })).json();
    const sent = page.media.find((m: { id: string }) => m.id === medium.id);
    // The original plays (the same content may have had a copy from an earlier test: it is not named).
    const original = `/api/media/${medium.id}/files/${medium.sha256.slice(0, 16)}/video`;
    expect(sent).toMatchObject({ id: medium.id, processing: false, urls: { video: original } });
  });

  it('lets another worker claim a copy once the first claim has lapsed', async () => {
    const bytes = await makeVideo(1, 'libx265');
    const medium = (
      await upload(tech, { inspectionId: inspection.id, itemKey: 'coolant', kind: 'video' }, bytes)
    ).json();
    await t.app.media.idle();
    await t.db
      .updateTable('mediaFiles')
      .set({ processing: 1, copyStartedAt: null })
      .where('sha256', '=', medium.sha256)
      .execute();
    const now = Date.now();
    expect(await claimPlayableCopy(t.db, medium.sha256, now)).toBe(true);
    expect(await claimPlayableCopy(t.db, medium.sha256, now + 1000)).toBe(false);
    expect(await claimPlayableCopy(t.db, medium.sha256, now + COPY_LEASE_MS + 1000)).toBe(true);
    await t.db.updateTable('mediaFiles').set({ processing: 0 }).where('sha256', '=', medium.sha256).execute();
    // A copy no longer to be made is claimed by no one.
    expect(await claimPlayableCopy(t.db, medium.sha256, now + 3 * COPY_LEASE_MS)).toBe(false);
  });
});
