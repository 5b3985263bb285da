import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@shared/constants';
import { useTestApp, type Client } from './test/app';
import { ROUTE_ACCESS, routeKey, sampleUrl } from './test/route-access';

const t = await useTestApp();

function registeredApiRoutes(app: FastifyInstance): string[] {
  const keys = app.routeList
    .filter((route) => route.split(' ')[1]!.startsWith('/api'))
    .map((route) => {
      const [method, url] = route.split(' ') as [string, string];
      return routeKey(method, url.replace(/\/$/, ''));
    });
  return [...new Set(keys)].sort();
}

const writes = new Set(['POST', 'PUT', 'PATCH']);

async function call(client: Client | null, key: string) {
  const [method] = key.split(' ') as [string];
  const options = {
    method: method as 'GET',
    url: sampleUrl(key),
    ...(writes.has(method) ? { payload: {} } : {}),
  };
  return client ? client.inject(options) : t.app.inject(options);
}

describe('role × route matrix', () => {
  it('has a row for every API route the app serves, and no row for a route it does not', () => {
    const served = registeredApiRoutes(t.app);
    expect(served.length).toBeGreaterThan(40);
    const missing = served.filter((key) => !(key in ROUTE_ACCESS));
    const stale = Object.keys(ROUTE_ACCESS).filter((key) => !served.includes(key));
    expect(missing, 'routes without a row in ROUTE_ACCESS').toEqual([]);
    expect(stale, 'rows for routes the app does not serve').toEqual([]);
  });

  const staffKeys = Object.entries(ROUTE_ACCESS).filter(([, access]) => access !== 'public');
  const publicKeys = Object.entries(ROUTE_ACCESS).filter(([, access]) => access === 'public');

  it.each(staffKeys)('%s is 401 when signed out', async (key) => {
    const res = await call(null, key);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it.each(publicKeys)('%s needs no session', async (key) => {
    const res = await call(null, key);
    expect(res.statusCode, res.body).not.toBe(401);
    expect(res.statusCode).not.toBe(403);
    expect(res.statusCode).toBeLessThan(500);
  });

  describe.each(ROLES)('signed in as %s', (role) => {
    let client: Client;
    it('signs in', async () => {
      client = await t.signIn(role);
    });
    it.each(staffKeys)('%s', async (key, access) => {
      const res = await call(client, key);
      expect(res.statusCode).toBeLessThan(500);
      const denied = (access === 'admin' && role !== 'admin') || (access === 'advisor' && role === 'technician');
      if (denied) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toMatchObject({ error: 'forbidden' });
      } else {
        expect([401, 403], `${key}: ${res.body}`).not.toContain(res.statusCode);
      }
    });
  });

  describe('signed in with an account waiting for approval', () => {
    let client: Client;
    it('has a session', async () => {
      // A pending account cannot sign in (sign-up.test.ts); its session from before it could not
      // (an older version signed new accounts in at once) still meets this guard.
      client = await t.signIn('technician');
      await t.db.updateTable('users').set({ status: 'pending' }).where('id', '=', client.user.id).execute();
    });
    // Only the current-user call answers it (so the app can say "Waiting for approval").
    it.each(staffKeys.filter(([key]) => key !== 'GET /api/user'))('%s is 403', async (key) => {
      const res = await call(client, key);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    });
    it('GET /api/user answers, saying so', async () => {
      const res = await call(client, 'GET /api/user');
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toBe('pending');
    });
  });
});
