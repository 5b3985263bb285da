import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createTestDatabase } from './test/database';
import { testConfig } from './test/app';

const webRoot = mkdtempSync(path.join(tmpdir(), 'baywise-web-'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Baywise</title><div id="root"></div>');
writeFileSync(path.join(webRoot, 'share.html'), '<!doctype html><title>Baywise</title><div id="share"></div>');
writeFileSync(path.join(webRoot, 'app.js'), 'console.log("app")');
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))})`);
// Files the build compressed once (vite.config.ts, precompressBuiltFiles), as it writes them.
const sharedScript = `console.log(${JSON.stringify('share '.repeat(1000))})`;
const shareHtml = '<!doctype html><title>Baywise</title><div id="share"></div>';
writeFileSync(path.join(webRoot, 'assets', 'share-def456.js'), sharedScript);
writeFileSync(path.join(webRoot, 'assets', 'share-def456.js.br'), brotliCompressSync(sharedScript));
writeFileSync(path.join(webRoot, 'assets', 'share-def456.js.gz'), gzipSync(sharedScript));
writeFileSync(path.join(webRoot, 'share.html.br'), brotliCompressSync(shareHtml));
writeFileSync(path.join(webRoot, 'share.html.gz'), gzipSync(shareHtml));

const database = await createTestDatabase();
const app = await buildApp({ config: testConfig(), db: database.db, webRoot });
afterAll(async () => {
  await app.close();
  await database.drop();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('serving the web app with the API', () => {
  it('serves the built files', async () => {
    const res = await app.inject({ method: 'GET', url: '/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log');
  });

  it('sends hashed assets compressed and cacheable for a year', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(1000);
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('sends the copy the build compressed for Accept-Encoding %s, as it is', async (accepted, sent) => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/share-def456.js',
      headers: { 'accept-encoding': accepted },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(sent);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('accept-encoding');
    const file = path.join(webRoot, 'assets', `share-def456.js.${sent === 'br' ? 'br' : 'gz'}`);
    expect(res.rawPayload.equals(readFileSync(file))).toBe(true);
    // Without Accept-Encoding, the file itself.
    const plain = await app.inject({ method: 'GET', url: '/assets/share-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(sharedScript);
    expect(plain.headers.vary).toBe('accept-encoding');
  });

  it('sends a share link the share page the build compressed, with its headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/mpi/abc123', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.rawPayload.equals(readFileSync(path.join(webRoot, 'share.html.br')))).toBe(true);
  });

  it.each(['/mpi/abc123', '/invoice/abc123', '/receipt/abc123'])(
    'answers %s with the light share entry, not indexed and with no referrer',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="share">');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-robots-tag']).toContain('noindex');
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it.each(['/', '/auth', '/users/3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00', '/mpi', '/mpi/a/b', '/no/such/page'])(
    'answers %s with the app, which draws the page (or its 404 page)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  // A share link cut short or mangled in a text message: the page opens and says the link leads nowhere.
  it.each(['/mpi/%ff', '/invoice/abc%', '/receipt/abc%E0%A4%A'])(
    'opens the share page for a link whose percent-escapes do not decode: %s',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, method).toBe(200);
        expect(res.headers['content-type'], method).toContain('text/html');
        expect(res.headers['x-robots-tag'], method).toBe('noindex, nofollow');
        expect(res.headers['referrer-policy'], method).toBe('no-referrer');
        if (method === 'GET') expect(res.body).toContain('<div id="share">');
      }
    },
  );

  it('opens the staff app, which draws its 404 page, for any other page whose percent-escapes do not decode', async () => {
    const res = await app.inject({ method: 'GET', url: '/customers/%zz?tab=%' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root">');
  });

  it('keeps unknown API paths as JSON 404s, with no-store', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'There is no such API call' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('creates no session for anonymous visitors', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['set-cookie']).toBeUndefined();
    const sessions = await database.db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toEqual([]);
  });
});
