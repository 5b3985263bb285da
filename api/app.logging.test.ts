import { describe, expect, it } from 'vitest';
import { buildApp, redactTokens } from './app';
import { createTestDatabase } from './test/database';
import { testConfig } from './test/app';

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
    const lines: string[] = [];
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      db: database.db,
      logger: { level: 'info', stream: { write: (line) => lines.push(line) } },
    });
    try {
      const token = 'Zq8pXv2LmN4rT6yB0cD1eF3gH5jK7wQ9';
      await app.inject({ method: 'GET', url: `/api/invites/${token}` });
      await app.inject({ method: 'GET', url: `/api/public/inspections/${token}` });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(token);
      expect(lines.join('\n')).toContain('/api/invites/[token]');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
