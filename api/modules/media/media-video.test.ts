import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { createInspection } from '../../test/factories';
import { probeVideo, runFfmpeg } from './media-files';
import { makeVideo, upload } from './media-test-kit';

const dataDir = mkdtempSync(path.join(tmpdir(), 'baywise-media-'));
const t = await useTestApp({ dataDir });
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db);

/** What ffmpeg reads from served bytes (written to a file first). */
async function probeBytes(bytes: Buffer) {
  const file = path.join(dataDir, `probe-${Date.now()}.mp4`);
  writeFileSync(file, bytes);
  return { probe: await probeVideo(file), text: (await runFfmpeg(['-i', file])).stderr };
}

describe('videos', () => {
  it('stores an H.264 video with its length, size, a poster frame and its sizes, without its location', async () => {
    const bytes = await makeVideo(1);
    expect((await probeBytes(bytes)).text).toContain('location');
    const res = await upload(tech, { inspectionId: inspection.id, itemKey: 'leaks', kind: 'video' }, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const medium = res.json();
    expect(medium).toMatchObject({ kind: 'video', contentType: 'video/mp4', width: 320, height: 240, durationMs: 1000, processing: false });
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
    expect((await probeBytes((await tech.inject({ method: 'GET', url: after.urls.original })).rawPayload)).probe?.codec).toBe('hevc');
  });
});
