import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childPids, isRunning, spawnServer, type SpawnedServer } from '@test/spawned-server';
import { createCommandDatabase } from '@api/test/database';
import { setupCodeIn } from '@test/setup-code';

// WORKERS=2: two server processes behind one port, on this run's database (SQLite or PostgreSQL),
// sharing sessions, idempotency keys and the change feed through it.

const ADMIN_EMAIL = 'workers-admin@baywise.test';
const CUSTOMERS = 60;

let server: SpawnedServer;
let database: Awaited<ReturnType<typeof createCommandDatabase>>;
let cookie = '';

beforeAll(async () => {
  database = await createCommandDatabase();
  server = await spawnServer({
    ...database.env,
    WORKERS: '2',
    LOG_LEVEL: 'info',
    // Which process served a request is read from its request lines (off by default).
    LOG_REQUESTS: 'true',
    ADMIN_EMAIL,
    WEB_DIR: path.join(database.env.DATA_DIR!, 'no-web'),
  });
  const res = await fetch(`${server.baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'owner',
      email: ADMIN_EMAIL,
      role: 'admin',
      password: 'a long shop password 7',
      setupCode: setupCodeIn(database.env.DATA_DIR!),
    }),
  });
  expect(res.status).toBe(201);
  cookie =
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.startsWith('baywise.sid=')) ?? '';
}, 60_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  await server?.exited;
  await database?.drop();
});

/** Runs `count` calls of `task`, `concurrency` at a time (each in flight on its own connection). */
async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

/** A signed-in GET on a connection of its own (the primary hands each new connection to the next worker). */
function getAlone(url: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.baseUrl}${url}`, { agent: false, headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      })
      .on('error', reject);
  });
}

/** The pids that logged an incoming request for `url`. */
function pidsServing(url: string): Set<number> {
  const pids = new Set<number>();
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const record = JSON.parse(line) as { pid: number; msg: string; req?: { url: string } };
    if (record.msg === 'incoming request' && record.req?.url === url) pids.add(record.pid);
  }
  return pids;
}

describe('WORKERS=2', () => {
  it('serves from two processes that share one session', async () => {
    const workers = childPids(server.child.pid!);
    expect(workers).toHaveLength(2);
    const statuses = await pool(200, 20, () => getAlone('/api/user'));
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect([...pidsServing('/api/user')].sort()).toEqual([...workers].sort());
  });

  it('stores concurrent creates with replayed keys once each, and the change feed has each once', async () => {
    const ids = Array.from({ length: CUSTOMERS }, () => randomUUID());
    const create = (i: number) =>
      fetch(`${server.baseUrl}/api/customers`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'idempotency-key': `create-${ids[i]}` },
        body: JSON.stringify({ id: ids[i], name: `Worker Test ${i}`, email: `w${i}@shop.test`, phone: '555-0100' }),
      });
    // Every create twice at once (the same key on two connections), then once more after both.
    const firsts = await pool(CUSTOMERS * 2, 16, async (n) => (await create(n % CUSTOMERS)).status);
    expect(firsts.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const again = await pool(CUSTOMERS, 16, async (i) => {
      const res = await create(i);
      return {
        status: res.status,
        replayed: res.headers.get('idempotent-replayed'),
        id: ((await res.json()) as { id: string }).id,
      };
    });
    expect(again.filter((r) => r.status !== 201 || r.replayed !== 'true')).toEqual([]);
    expect(again.map((r) => r.id)).toEqual(ids);

    const list = (await (await fetch(`${server.baseUrl}/api/customers`, { headers: { cookie } })).json()) as {
      id: string;
    }[];
    expect(list.map((c) => c.id).sort()).toEqual([...ids].sort());

    const fed: string[] = [];
    let since = '0';
    for (;;) {
      const res = await fetch(`${server.baseUrl}/api/sync/changes?since=${since}&limit=25`, { headers: { cookie } });
      const page = (await res.json()) as { cursor: string; hasMore: boolean; customers: { id: string }[] };
      fed.push(...page.customers.map((c) => c.id));
      since = page.cursor;
      if (!page.hasMore) break;
    }
    expect(fed.sort()).toEqual([...ids].sort());
    expect(pidsServing('/api/customers').size).toBe(2);
    expect(server.output()).not.toMatch(/SQLITE_BUSY|database is locked|"level":5\d/);
  }, 60_000);

  it('replaces a worker that dies, and the session works on the new one', async () => {
    const [victim, survivor] = childPids(server.child.pid!);
    process.kill(victim!, 'SIGKILL');
    const listening = (pid: number) => new RegExp(`"pid":${pid},[^\n]*"msg":"Server listening`).test(server.output());
    const deadline = Date.now() + 15_000;
    let fresh: number | undefined;
    while (Date.now() < deadline && !(fresh && listening(fresh))) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      fresh = childPids(server.child.pid!).find((pid) => pid !== victim && pid !== survivor);
    }
    expect(childPids(server.child.pid!).sort()).toEqual([fresh, survivor].sort());
    expect(server.output()).toContain(
      `"pid":${victim},"code":null,"signal":"SIGKILL","msg":"a server process exited; starting another"`,
    );
    const statuses = await pool(100, 12, () => getAlone('/api/user?after-restart'));
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect([...pidsServing('/api/user?after-restart')].sort()).toEqual([fresh, survivor].sort());
  }, 30_000);

  it('stops both workers and itself on SIGTERM, exiting 0', async () => {
    const workers = childPids(server.child.pid!);
    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(workers.filter(isRunning)).toEqual([]);
    expect(existsSync(path.join(database.env.DATA_DIR!, 'server.pid'))).toBe(false);
  }, 20_000);
});
