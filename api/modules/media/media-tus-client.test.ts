import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import * as tus from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { MEDIA_UPLOAD_PATH } from '../../../shared/constants';
import { useTestApp } from '../../test/app';
import { createInspection } from '../../test/factories';
import { makeJpeg, sha256 } from './media-test-kit';

// The client devices use (tus-js-client), against the API listening on a port: an upload cut
// after some chunks continues from the server's offset, and the last answer carries the medium.

const t = await useTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'baywise-media-')) });
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db);
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const origin = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

const CHUNK = 4 * 1024;

function options(bytes: Buffer, mediaId: string, extra: Partial<tus.UploadOptions>): tus.UploadOptions {
  return {
    endpoint: `${origin}${MEDIA_UPLOAD_PATH}`,
    headers: { cookie: tech.cookie },
    chunkSize: CHUNK,
    retryDelays: null,
    storeFingerprintForResuming: false,
    uploadSize: bytes.length,
    metadata: { mediaId, role: 'original', sha256: sha256(bytes), inspectionId: inspection.id, itemKey: 'oil', kind: 'photo', filetype: 'image/jpeg' },
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
      const upload = new tus.Upload(bytes, options(bytes, mediaId, {
        onChunkComplete: () => {
          chunks += 1;
          if (chunks === 2) void upload.abort().then(() => resolve(upload.url!));
        },
        onError: reject,
      }));
      upload.start();
    });
    expect(first).toMatch(/\/api\/uploads\/[\w-]+$/);
    const head = await tech.inject({ method: 'HEAD', url: new URL(first).pathname, headers: { 'tus-resumable': '1.0.0' } });
    expect(head.headers['upload-offset']).toBe(String(CHUNK * 2));

    const progress: number[] = [];
    const body = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(bytes, options(bytes, mediaId, {
        uploadUrl: first,
        onProgress: (sent) => progress.push(sent),
        onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
        onError: reject,
      }));
      upload.start();
    });
    // Nothing before the offset was sent again.
    expect(Math.min(...progress)).toBeGreaterThanOrEqual(CHUNK * 2);
    expect(JSON.parse(body)).toMatchObject({ id: mediaId, sha256: sha256(bytes), width: 1600, height: 1200 });
    expect(await t.db.selectFrom('media').select('id').where('id', '=', mediaId).execute()).toEqual([{ id: mediaId }]);
  });
});
