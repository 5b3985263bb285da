import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import * as tus from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { MEDIA_UPLOAD_PATH } from '@shared/constants';
import { useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';
import { encodeMetadata, makeJpeg, patchUpload, sha256 } from './media-test-kit';
import { useTempDir } from '@api/test/temp-dir';

// The client devices use (tus-js-client), against the API listening on a port: an upload cut
// after some chunks continues from the server's offset, and the last answer carries the medium.

const t = await useTestApp({ dataDir: useTempDir('baywise-media-') });
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

const CHUNK = 4 * 1024;

/** The tus metadata of `bytes` as the original photo of the inspection's oil item. */
const oilPhotoMeta = (bytes: Buffer, mediaId: string) => ({
  mediaId,
  role: 'original',
  sha256: sha256(bytes),
  inspectionId: inspection.id,
  itemKey: 'oil',
  kind: 'photo',
});

function options(bytes: Buffer, mediaId: string, extra: Partial<tus.UploadOptions>): tus.UploadOptions {
  return {
    endpoint: `${origin}${MEDIA_UPLOAD_PATH}`,
    headers: { cookie: tech.cookie },
    chunkSize: CHUNK,
    retryDelays: null,
    storeFingerprintForResuming: false,
    uploadSize: bytes.length,
    metadata: { ...oilPhotoMeta(bytes, mediaId), filetype: 'image/jpeg' },
    ...extra,
  };
}

describe('tus-js-client against the API', () => {
  it('resumes a cut upload from the offset the server reports and gets the medium in the last answer', async () => {
    const bytes = await makeJpeg(1600, 1200);
    expect(bytes.length).toBeGreaterThan(CHUNK * 4);
    const mediaId = randomUUID();
    // The first attempt stops after two chunks (the connection drops in the bay).
    const first = await new Promise<string>((resolve, reject) => {
      let chunks = 0;
      const upload = new tus.Upload(
        bytes,
        options(bytes, mediaId, {
          onChunkComplete: () => {
            chunks += 1;
            if (chunks === 2) void upload.abort().then(() => resolve(upload.url!));
          },
          onError: reject,
        }),
      );
      upload.start();
    });
    expect(first).toMatch(/\/api\/uploads\/[\w-]+$/);
    const head = await tech.inject({
      method: 'HEAD',
      url: new URL(first).pathname,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.headers['upload-offset']).toBe(String(CHUNK * 2));

    const progress: number[] = [];
    const body = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(
        bytes,
        options(bytes, mediaId, {
          uploadUrl: first,
          onProgress: (sent) => progress.push(sent),
          onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
          onError: reject,
        }),
      );
      upload.start();
    });
    // Nothing before the offset was sent again.
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(CHUNK * 2);
    expect(JSON.parse(body)).toMatchObject({ id: mediaId, sha256: sha256(bytes), width: 1600, height: 1200 });
    expect(await t.db.selectFrom('media').select('id').where('id', '=', mediaId).execute()).toEqual([{ id: mediaId }]);
  });

  it('keeps the bytes that arrived before a connection dropped in the middle of a PATCH, and continues from there', async () => {
    const bytes = await makeJpeg(1600, 1200);
    const mediaId = randomUUID();
    const meta = oilPhotoMeta(bytes, mediaId);
    const created = await tech.inject({
      method: 'POST',
      url: MEDIA_UPLOAD_PATH,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': encodeMetadata(meta),
      },
    });
    const location = String(created.headers.location);
    // One PATCH announcing every byte, cut after 60 % of them.
    const cut = Math.floor(bytes.length * 0.6);
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${origin}${location}`, {
        method: 'PATCH',
        headers: {
          cookie: tech.cookie,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.write(bytes.subarray(0, cut), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300),
      );
    });
    // The server notices the drop and keeps what it wrote.
    let offset = 0;
    for (let i = 0; i < 50 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const head = await tech.inject({ method: 'HEAD', url: location, headers: { 'tus-resumable': '1.0.0' } });
      offset = Number(head.headers['upload-offset']);
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(cut);
    const done = await patchUpload(tech, location, offset, bytes.subarray(offset));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: mediaId, sha256: sha256(bytes) });
  });
});
