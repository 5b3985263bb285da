import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';
import { directoryStore, mediaKey, s3Store, type MediaStore, type S3Settings } from './media-store';
import { makeJpeg, sha256, upload } from './media-test-kit';
import { useTempDir } from '@api/test/temp-dir';

// The same contract for both stores: the directory, and a real S3-compatible server (s3rver)
// listening on a free port for this file.

const scratch = useTempDir('baywise-store-');
const s3server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: path.join(scratch, 's3'),
  configureBuckets: [{ name: 'baywise-media' }],
});
const { port } = await s3server.run();
afterAll(() => s3server.close());

const s3Settings: S3Settings = {
  bucket: 'baywise-media',
  endpoint: `http://127.0.0.1:${port}`,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  prefix: 'media/',
};

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe.each<[string, () => MediaStore]>([
  ['a directory', () => directoryStore(path.join(scratch, 'dir'))],
  ['an S3-compatible bucket', () => s3Store(s3Settings)],
])('the media store in %s', (_name, makeStore) => {
  const store = makeStore();
  const file = path.join(scratch, 'sample.txt');
  writeFileSync(file, '0123456789abcdefghij');
  const key = mediaKey('ab'.repeat(32), 'original');

  it('stores a file and tells its size; an absent key has none', async () => {
    expect(await store.size(key)).toBeNull();
    await store.put(key, file, 'text/plain');
    expect(await store.size(key)).toBe(20);
  });

  it('reads the whole file or a range of it', async () => {
    expect(await text(await store.read(key))).toBe('0123456789abcdefghij');
    expect(await text(await store.read(key, { start: 5, end: 9 }))).toBe('56789');
    expect(await text(await store.read(key, { start: 19, end: 19 }))).toBe('j');
  });

  it('replaces a file put again under its key', async () => {
    const other = path.join(scratch, 'other.txt');
    writeFileSync(other, 'new');
    await store.put(key, other, 'text/plain');
    expect(await text(await store.read(key))).toBe('new');
  });

  it('fails to read a missing key, and removes keys (missing ones are no error)', async () => {
    await expect(store.read(mediaKey('cd'.repeat(32), 'w320'))).rejects.toThrow();
    await store.remove([key, mediaKey('ef'.repeat(32), 'w320')]);
    expect(await store.size(key)).toBeNull();
  });
});

const t = await createTestApp({ dataDir: path.join(scratch, 'data'), mediaS3: s3Settings });
afterAll(() => t.close());
const tech = await t.signIn('technician');
const inspection = await createInspection(t.db);

describe('uploads with media in an S3-compatible bucket', () => {
  it('stores the files in the bucket, serves them from it, and removes them when the medium goes', async () => {
    const bytes = await makeJpeg(800, 600);
    const res = await upload(tech, { inspectionId: inspection.id, itemKey: 'oil' }, bytes);
    expect(res.statusCode, res.body).toBe(200);
    const medium = res.json();
    const bucket = s3Store(s3Settings);
    for (const variant of ['original', 'w320', 'w960', 'w1920'])
      expect(await bucket.size(mediaKey(sha256(bytes), variant)), variant).toBeGreaterThan(0);
    // Nothing went to the data directory's media folder.
    expect(() =>
      readFileSync(path.join(scratch, 'data', 'media', sha256(bytes).slice(0, 2), sha256(bytes), 'original')),
    ).toThrow();
    const file = await tech.inject({ method: 'GET', url: medium.urls.w960, headers: { range: 'bytes=0-3' } });
    expect(file.statusCode).toBe(206);
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect((await tech.inject({ method: 'DELETE', url: `/api/media/${medium.id}` })).statusCode).toBe(204);
    await t.app.media.idle();
    for (const variant of ['original', 'w320', 'w960', 'w1920'])
      expect(await bucket.size(mediaKey(sha256(bytes), variant)), variant).toBeNull();
  });
});
