import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';
import { readVideoFacts } from './video-facts';
import { declareJpegSize, makeJpeg, makeLiveWebm, upload } from './media-test-kit';
import { useTempDir } from '@api/test/temp-dir';

// What the server refuses or reduces whatever the device sent: photos too large to decode safely,
// originals larger than any screen needs, and videos whose container hides their length.

const dataDir = useTempDir('baywise-media-');
const t = await useTestApp({ dataDir });
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db);

describe('photo size limits', () => {
  it('refuses a photo whose header declares more than 50 megapixels (413) before decoding it', async () => {
    const bomb = declareJpegSize(await makeJpeg(64, 64), 16000, 16000);
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 16000, height: 16000 });
    const res = await upload(tech, { inspectionId: inspection.id, itemKey: 'leaks' }, bomb);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      error: 'payload_too_large',
      message: 'This photo is too large (256 megapixels); the limit is 50.',
    });
  });

  it('stores the original at most 4096 px on its long edge, with its sizes from it', async () => {
    const res = await upload(tech, { inspectionId: inspection.id, itemKey: 'oil' }, await makeJpeg(5000, 1000));
    expect(res.statusCode, res.body).toBe(200);
    const medium = res.json();
    expect([medium.width, medium.height]).toEqual([4096, 819]);
    const original = await tech.inject({ method: 'GET', url: medium.urls.original });
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 4096, height: 819 });
    const large = await tech.inject({ method: 'GET', url: medium.urls.w1920 });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(1920);
  });
});

describe('video length when the container states none', () => {
  it('measures a WebM without a stated length from its blocks and stores that, not the length the device sent', async () => {
    const bytes = await makeLiveWebm(2);
    const file = path.join(dataDir, 'probe.webm');
    writeFileSync(file, bytes);
    // The container states no Duration: the last block's time and the frame before it tell.
    expect(bytes.includes(Buffer.from([0x44, 0x89]))).toBe(false);
    expect(await readVideoFacts(file, 'video/webm')).toEqual({
      codec: 'vp8',
      width: 160,
      height: 120,
      durationMs: 2000,
    });
    const res = await upload(
      tech,
      { inspectionId: inspection.id, itemKey: 'leaks', kind: 'video', durationMs: '1000' },
      bytes,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'video', contentType: 'video/webm', durationMs: 2000 });
  });

  it('refuses such a WebM longer than 30 seconds (413) whatever length the device claims', async () => {
    const bytes = await makeLiveWebm(35);
    const mediaId = randomUUID();
    const res = await upload(
      tech,
      { mediaId, inspectionId: inspection.id, itemKey: 'leaks', kind: 'video', durationMs: '10000' },
      bytes,
    );
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({
      error: 'payload_too_large',
      message: 'This video is too long (35.0 seconds); the limit is 30.',
    });
    expect((await tech.inject({ method: 'GET', url: `/api/media/${mediaId}` })).statusCode).toBe(404);
  });
});
