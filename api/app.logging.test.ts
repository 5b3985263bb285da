import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from './config';
import { buildApp, redactTokens } from './app';
import { createTestDatabase } from './test/database';
import { testConfig } from './test/app';

interface LogRecord {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

/** An app logging at `level` into a list, with a route that fails and one that takes 60 ms. */
async function withLoggedApp(
  config: Partial<AppConfig>,
  level: string,
  run: (app: FastifyInstance, records: () => LogRecord[]) => Promise<void>,
): Promise<void> {
  const lines: string[] = [];
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(config),
    db: database.db,
    logger: { level, stream: { write: (line) => lines.push(line) } },
  });
  app.get('/api/public/inspections/:token/log-test-failure', () => {
    throw new Error('a bug');
  });
  app.get('/api/log-test-slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
    return { slow: true };
  });
  try {
    await run(app, () => lines.map((line) => JSON.parse(line) as LogRecord));
  } finally {
    await app.close();
    await database.drop();
  }
}

const TOKEN = 'Zq8pXv2LmN4rT6yB0cD1eF3gH5jK7wQ9';
const ERROR = 50;
const WARN = 40;
const INFO = 30;

describe('request logs', () => {
  it.each([
    ['/api/public/inspections/abcDEF123_-xyz/services/9/approve', '/api/public/inspections/[token]/services/9/approve'],
    ['/api/public/invoices/abcDEF123_-xyz', '/api/public/invoices/[token]'],
    ['/api/invites/abcdefghijklmnopqrstuvwxyz012345/accept', '/api/invites/[token]/accept'],
    ['/invite/abcdefghijklmnopqrstuvwxyz012345?x=1', '/invite/[token]?x=1'],
    ['/mpi/abcDEF', '/mpi/[token]'],
    ['/api/invites', '/api/invites'],
    // An admin's withdrawal names the invite by id; it is hidden too rather than told apart from a token.
    ['/api/invites/3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00', '/api/invites/[token]'],
    ['/api/customers?q=x', '/api/customers?q=x'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactTokens(url)).toBe(logged);
  });

  it('never carry a share or invite token', async () => {
    // Per-request lines on (LOG_REQUESTS=true): every request is logged.
    await withLoggedApp({ logRequests: true }, 'info', async (app, records) => {
      await app.inject({ method: 'GET', url: `/api/invites/${TOKEN}` });
      await app.inject({ method: 'GET', url: `/api/public/inspections/${TOKEN}` });
      await app.inject({ method: 'GET', url: `/api/public/inspections/${TOKEN}/log-test-failure` });
      const text = JSON.stringify(records());
      expect(records().length).toBeGreaterThan(0);
      expect(text).not.toContain(TOKEN);
      expect(text).toContain('/api/invites/[token]');
      expect(text).toContain('/api/public/inspections/[token]/log-test-failure');
    });
  });

  it('are off by default: only 5xx answers, slow requests and errors are logged', async () => {
    const slowMs = 40;
    await withLoggedApp({ logSlowMs: slowMs }, 'info', async (app, records) => {
      // On a loaded machine any request may take longer than 40 ms: it is then logged, as slow.
      const unexplained = () => records().filter((r) => !(r.msg === 'slow request' && r.responseTime! > slowMs));
      expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/customers' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/nowhere' })).statusCode).toBe(404);
      expect(unexplained()).toEqual([]);

      const failed = await app.inject({ method: 'GET', url: `/api/public/inspections/${TOKEN}/log-test-failure` });
      expect(failed.statusCode).toBe(500);
      const url = '/api/public/inspections/[token]/log-test-failure';
      expect(
        unexplained().map(({ level, msg, req, res }) => ({ level, msg, url: req?.url, status: res?.statusCode })),
      ).toEqual([
        { level: ERROR, msg: 'request failed', url: undefined, status: undefined },
        { level: ERROR, msg: 'request completed', url, status: 500 },
      ]);

      // The route takes 60 ms: logged as slow however fast the machine is.
      expect((await app.inject({ method: 'GET', url: '/api/log-test-slow' })).statusCode).toBe(200);
      const slow = records().filter((r) => r.req?.url === '/api/log-test-slow');
      expect(slow).toHaveLength(1);
      expect(slow[0]).toMatchObject({
        level: WARN,
        msg: 'slow request',
        req: { method: 'GET' },
        res: { statusCode: 200 },
      });
      expect(slow[0]!.responseTime).toBeGreaterThan(slowMs);
      expect(
        records()
          .filter((r) => r.msg === 'slow request')
          .every((r) => r.level === WARN),
      ).toBe(true);
      expect(JSON.stringify(records())).not.toContain(TOKEN);
    });
  });

  it('are on at LOG_LEVEL=debug: two lines for every request, whatever its answer', async () => {
    await withLoggedApp({ logRequests: true, logSlowMs: 40 }, 'debug', async (app, records) => {
      await app.inject({ method: 'GET', url: '/api/config' });
      await app.inject({ method: 'GET', url: '/api/nowhere' });
      await app.inject({ method: 'GET', url: '/api/log-test-slow' });
      const requestLines = records().filter((r) => r.msg === 'incoming request' || r.msg === 'request completed');
      expect(requestLines.map((r) => [r.level, r.msg, r.req?.url ?? r.res?.statusCode])).toEqual([
        [INFO, 'incoming request', '/api/config'],
        [INFO, 'request completed', 200],
        [INFO, 'incoming request', '/api/nowhere'],
        [INFO, 'request completed', 404],
        [INFO, 'incoming request', '/api/log-test-slow'],
        [INFO, 'request completed', 200],
      ]);
      expect(records().filter((r) => r.msg === 'slow request')).toEqual([]);
    });
  });
});
