import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '@api/app';
import { useTestApp, type Client } from '@api/test/app';
import { createInspection, createUser } from '@api/test/factories';
import {
  describedRoutes,
  fillUrl,
  openApiPath,
  Pools,
  sampleBody,
  sampleQueries,
  type IdKind,
} from '@api/test/request-battery';

// "Every status code a route answers is described": every route is driven with a battery of
// requests (signed out, technician, admin; good and bad bodies, ids and headers), and each
// (route, status) seen must be in the API description.

const t = await useTestApp();
type Role = 'technician' | 'admin';
type Who = Role | null;
type Method = InjectOptions['method'];

const pools = new Pools();
const observed = new Map<string, Set<number>>();
const clients = new Map<Role, Client>();

async function signIn(role: Role): Promise<Client> {
  const client = await t.signIn(role);
  pools.protectedIds.add(client.user.id);
  clients.set(role, client);
  return client;
}

/** A battery route may end its own session (logout, a password change): sign in again then. */
async function clientFor(role: Role): Promise<Client> {
  const client = clients.get(role);
  if (client && (await client.inject({ method: 'GET', url: '/api/user' })).statusCode === 200) return client;
  return signIn(role);
}

async function send(key: string, who: Who, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = who ? await (await clientFor(who)).inject(options) : await t.app.inject(options);
  observed.set(key, (observed.get(key) ?? new Set()).add(res.statusCode));
  if (res.statusCode < 300 && (res.headers['content-type'] ?? '').toString().startsWith('application/json')) {
    pools.crawl(String(options.url), res.json());
  }
  return res;
}

const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});

const oversized = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES) });

/** Bodies that must be refused, each for its own reason (the one over the limit once a route: it is costly). */
function badBodies(withOversized: boolean): InjectOptions[] {
  return [
    {},
    json({}),
    json([]),
    json('text'),
    { payload: '{"name":', headers: { 'content-type': 'application/json' } },
    { payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    { payload: 'hello', headers: { 'content-type': 'text/plain' } },
    { payload: 'hello', headers: { 'content-length': '5' } },
    ...(withOversized ? [{ payload: oversized, headers: { 'content-type': 'application/json' } }] : []),
    { ...json({}), headers: { 'content-type': 'application/json', origin: 'https://elsewhere.test' } },
    { ...json({}), headers: { 'content-type': 'application/json', 'idempotency-key': 'x'.repeat(300) } },
  ];
}

/** The last path parameter's pool and id, so a successful DELETE moves the row to the deleted pool. */
function lastParam(url: string, target: string): [string, string] | undefined {
  const parts = url.split('/');
  const index = parts.findLastIndex((part) => part.startsWith(':'));
  return index > 0 ? [parts[index - 1]!, target.split('/')[index]!] : undefined;
}

async function drive(route: RouteOptions, method: string, url: string, who: Who, mode: 'full' | 'valid' | 'deleted') {
  const key = `${method} ${url}`;
  const hasParams = url.includes(':');
  const kinds: IdKind[] = !hasParams
    ? ['live']
    : mode === 'deleted'
      ? ['deleted']
      : mode === 'full'
        ? ['malformed', 'unknown', 'live']
        : ['live'];
  for (const kind of kinds) {
    const target = fillUrl(url, kind, pools);
    if (method === 'GET') {
      for (const query of mode === 'full' ? sampleQueries(route, pools) : [''])
        await send(key, who, { method: 'GET', url: target + query });
      if (mode === 'full') await send(key, who, { method: 'GET', url: target, headers: { accept: 'text/html' } });
      continue;
    }
    const valid = json(sampleBody(route, pools, mode === 'deleted' ? 'deleted' : 'live'));
    // Bad bodies and keys with the live id only: a bad body is refused before the id is looked up.
    if (mode === 'full' && kind === 'live') {
      for (const bad of badBodies(who === 'technician'))
        await send(key, who, { method: method as Method, url: target, ...bad });
      if (who) {
        // One key, two different valid requests (fresh names and ids): the second is refused (422).
        const idempotencyKey = `battery-${key}-${kind}-${who}`.replaceAll(' ', '_');
        for (const body of [valid, json(sampleBody(route, pools))]) {
          await send(key, who, {
            method: method as Method,
            url: target,
            ...body,
            headers: { ...body.headers, 'idempotency-key': idempotencyKey },
          });
        }
      }
    }
    const res = await send(key, who, { method: method as Method, url: target, ...valid });
    const param = lastParam(url, target);
    if (method === 'DELETE' && res.statusCode < 300 && param) pools.forget(...param);
  }
}

const depth = (url: string) => url.split('/').length;

describe('every status a route answers is in the API description', () => {
  it('holds for a battery of requests against every route', { timeout: 240_000 }, async () => {
    // Rows to find: a victim user for the admin calls, an inspection with a service and a part.
    await createUser(t.db, { role: 'technician' });
    await createInspection(t.db, {}, [{ description: 'Brakes', parts: [{ partName: 'Pads' }] }]);
    const admin = await signIn('admin');
    await signIn('technician');
    const doc = (await admin.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();

    const routes = describedRoutes(t.app.registeredRoutes).map(([method, url]) => {
      const route = t.app.registeredRoutes.find(
        (r) => r.url.replace(/(.)\/$/, '$1') === url && [r.method].flat().includes(method as never),
      )!;
      return { route, method, url };
    });
    const order = ['POST', 'GET', 'PUT', 'PATCH'];
    const writesAndReads = routes
      .filter((r) => r.method !== 'DELETE')
      .sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method));
    // Children before parents, so each DELETE still finds its row.
    const deletes = routes.filter((r) => r.method === 'DELETE').sort((a, b) => depth(b.url) - depth(a.url));

    for (const { route, method, url } of routes)
      if (method === 'GET' && !url.includes(':')) await drive(route, method, url, 'admin', 'valid');
    for (const who of [null, 'technician', 'admin'] as const) {
      for (const { route, method, url } of writesAndReads) await drive(route, method, url, who, 'full');
    }
    for (const who of [null, 'technician', 'admin'] as const) {
      for (const { route, method, url } of deletes) await drive(route, method, url, who, 'full');
    }
    for (const who of ['technician', 'admin'] as const) {
      for (const { route, method, url } of writesAndReads) await drive(route, method, url, who, 'deleted');
    }

    const undescribed: string[] = [];
    for (const { method, url } of routes) {
      const described = Object.keys(doc.paths[openApiPath(url)]?.[method.toLowerCase()]?.responses ?? {});
      for (const status of observed.get(`${method} ${url}`) ?? []) {
        if (!described.includes(String(status))) undescribed.push(`${method} ${url} ${status}`);
      }
    }
    expect(undescribed).toEqual([]);
    const seen = new Set([...observed.values()].flatMap((statuses) => [...statuses]));
    expect([...seen].sort()).toEqual([200, 201, 204, 302, 400, 401, 403, 404, 409, 410, 413, 415, 422, 429]);
  });
});
