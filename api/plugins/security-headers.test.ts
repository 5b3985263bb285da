import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@api/app';
import { createTestDatabase, type TestDatabase } from '@api/test/database';
import { testConfig } from '@api/test/app';
import { ROBOTS_TXT } from './security-headers';

const INLINE = "window.__early = fetch('/api/public/inspections/x');";
const webRoot = mkdtempSync(path.join(tmpdir(), 'baywise-headers-'));
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><title>Baywise</title><div id="root"></div><script type="module" src="/assets/main.js"></script>',
);
writeFileSync(
  path.join(webRoot, 'share.html'),
  `<!doctype html><title>Baywise</title><script>${INLINE}</script><div id="root"></div>`,
);

let database: TestDatabase;
let app: FastifyInstance;
let behindProxy: FastifyInstance;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, webRoot });
  behindProxy = await buildApp({ config: testConfig({ trustProxy: true }), db: database.db, webRoot });
});
afterAll(async () => {
  // The folder goes first, and a failed setup (no app yet) leaves nothing behind either.
  rmSync(webRoot, { recursive: true, force: true });
  await app?.close();
  await behindProxy?.close();
  await database?.drop();
});

const directives = (csp: string): Record<string, string[]> =>
  Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers', () => {
  const urls = [
    '/',
    '/?section=customers',
    '/mpi/some-token',
    '/receipt/tok',
    '/api/user',
    '/api/config',
    '/api/public/inspections/nope',
    '/api/nope',
    '/robots.txt',
  ];

  it('send a Content-Security-Policy that allows scripts from this origin only, no plugins, no base, no framing', async () => {
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['script-src']?.[0], url).toBe("'self'");
      expect(
        csp['script-src']?.some((s) => s.includes('unsafe')),
        url,
      ).toBe(false);
      expect(csp['object-src'], url).toEqual(["'none'"]);
      expect(csp['base-uri'], url).toEqual(["'none'"]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
      expect(csp['default-src'], url).toEqual(["'self'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it("allow the share page's one inline script by its hash, and nothing else inline", async () => {
    const res = await app.inject({ method: 'GET', url: '/mpi/some-token' });
    const hash = `'sha256-${createHash('sha256').update(INLINE, 'utf8').digest('base64')}'`;
    expect(directives(String(res.headers['content-security-policy']))['script-src']).toEqual(["'self'", hash]);
  });

  it('send no referrer from share and invite pages and their API (the URL holds the token), same-origin elsewhere', async () => {
    for (const url of [
      '/mpi/tok',
      '/invoice/tok',
      '/receipt/tok',
      '/api/public/inspections/tok',
      '/api/public/invoices/tok',
      '/invite/tok',
      '/api/invites/tok',
    ]) {
      expect((await app.inject({ method: 'GET', url })).headers['referrer-policy'], url).toBe('no-referrer');
    }
    for (const url of ['/', '/users/1', '/api/user', '/api/config', '/api/invites']) {
      expect((await app.inject({ method: 'GET', url })).headers['referrer-policy'], url).toBe('same-origin');
    }
  });

  it('allow the camera and microphone to the staff app only', async () => {
    const staff = String((await app.inject({ method: 'GET', url: '/' })).headers['permissions-policy']);
    expect(staff).toContain('camera=(self)');
    expect(staff).toContain('microphone=(self)');
    expect(staff).toContain('geolocation=()');
    for (const url of ['/mpi/tok', '/api/public/invoices/tok']) {
      const share = String((await app.inject({ method: 'GET', url })).headers['permissions-policy']);
      expect(share, url).toContain('camera=()');
      expect(share, url).toContain('microphone=()');
    }
  });

  it('send HSTS for a year over HTTPS behind TRUST_PROXY, and not over plain HTTP', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const res = await behindProxy.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('/robots.txt', () => {
  it('is a real robots file that keeps the share pages out of search engines', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(ROBOTS_TXT);
    const rules = res.body.split('\n');
    expect(rules[0]).toBe('User-agent: *');
    for (const page of ['/mpi/', '/invoice/', '/receipt/']) expect(rules).toContain(`Disallow: ${page}`);
  });

  it('is served without a built web app too', async () => {
    const bare = await buildApp({ config: testConfig(), db: database.db });
    const res = await bare.inject({ method: 'GET', url: '/robots.txt' });
    await bare.close();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Disallow: /mpi/');
  });
});
