import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/app';
import { createCustomer } from './test/factories';

// The API's answers, as a browser gets them: compressed in one call at the codecs' cheap levels
// (`API_COMPRESSION` in api/app.ts), so a large page comes with its length, not in chunks.
const t = await useTestApp();
const admin = await t.signIn('admin');
for (let i = 0; i < 120; i++) {
  await createCustomer(t.db, { name: `Compression Customer ${i}`, address: `${i} Long Street, Springfield` });
}
const page = '/api/customers?limit=120&sort=name';
const plain = await admin.inject({ method: 'GET', url: page });

describe('compressed answers', () => {
  it('a large page is over the size the plugin used to stream', () => {
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(16 * 1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
    ['deflate', inflateSync],
  ] as const)('%s: the same answer, with its length, a fraction of the size', async (encoding, decompress) => {
    const res = await admin.inject({ method: 'GET', url: page, headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(decompress(res.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('a small answer is sent as it is', async () => {
    const res = await admin.inject({ method: 'GET', url: '/api/user', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
