import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@api/app';
import { hashPassword } from '@api/lib/password';
import { ADDRESS_BUDGET } from './login-throttle';
import { testConfig } from '@api/test/app';
import { createTestDatabase } from '@api/test/database';
import { createUser, TEST_PASSWORD } from '@api/test/factories';
import { useTempDir } from '@api/test/temp-dir';

// A sign-in flood with random usernames from one address, over real HTTP: hashing must neither
// stall the server's other work nor keep the owner out. A quarter of the real scrypt cost (32 MiB)
// keeps the test's load on a shared machine bearable; each hash still takes a core for a while.
const HASH_PARAMS = { log2N: 15, r: 8, p: 1 };
const webRoot = useTempDir('baywise-flood-web-');
mkdirSync(path.join(webRoot, 'assets'));
writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Baywise</title><div id="root"></div>');
writeFileSync(path.join(webRoot, 'assets', 'main-abc123.js'), `console.log(${JSON.stringify('x'.repeat(5000))})`);

const database = await createTestDatabase();
const app = await buildApp({
  config: testConfig({ passwordHashParams: HASH_PARAMS }),
  db: database.db,
  webRoot,
});
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(async () => {
  await app.close();
  await database.drop();
});

const FLOODERS = 32;
const FLOOD_MAX_MS = 15_000;
const SAMPLES = 9;
// Generous: a loaded test machine's timings jitter; a stalled server is hundreds of times slower.
const LATENCY_FACTOR = 30;
/**
 * A stall is what the flood used to cause (file reads queued behind hashes for seconds). Other test
 * files share the machine's cores meanwhile, so a few milliseconds before can become a few hundred
 * during without any stall: a call is within bounds under 30 times its time before or under this.
 */
const STALL_MS = 1_000;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

/** One request on a connection of its own (never queued behind the flood's connections). */
function call(method: string, url: string, { body, cookie }: { body?: unknown; cookie?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      new URL(url, origin),
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
          origin,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const cookiesOf = (answer: Answer) =>
  ((answer.headers['set-cookie'] as string[] | undefined) ?? []).map((c) => c.split(';')[0]!).join('; ');

/**
 * FLOODERS loops of sign-ins with random usernames, on a thread of their own (keep-alive, as an
 * attacker's client would), so the flooding client's work does not slow the server's thread.
 */
function startFlood() {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { randomUUID } = require('node:crypto');
    const { origin, flooders, maxMs } = workerData;
    const started = performance.now();
    const result = { statuses: [], retryAfters: [], firstRefusalMs: null };
    let stop = false;
    parentPort.on('message', () => (stop = true));
    const loop = async () => {
      while (!stop && performance.now() - started < maxMs) {
        const res = await fetch(origin + '/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ username: 'flood_' + randomUUID(), password: 'x' }),
        });
        await res.arrayBuffer();
        result.statuses.push(res.status);
        if (res.status === 429) {
          result.retryAfters.push(Number(res.headers.get('retry-after')));
          result.firstRefusalMs ??= performance.now() - started;
        }
      }
    };
    Promise.all(Array.from({ length: flooders }, loop)).then(() => parentPort.postMessage(result));
  `;
  const worker = new Worker(source, { eval: true, workerData: { origin, flooders: FLOODERS, maxMs: FLOOD_MAX_MS } });
  const done = new Promise<{ statuses: number[]; retryAfters: number[]; firstRefusalMs: number | null }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  return {
    async stop() {
      worker.postMessage('stop');
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The median time of a static file and of a signed-in API call, measured one after another. */
async function latencies(session: string): Promise<{ file: number; api: number }> {
  const file: number[] = [];
  const api: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const asset = await call('GET', '/assets/main-abc123.js');
    expect(asset.status).toBe(200);
    file.push(asset.ms);
    const me = await call('GET', '/api/user', { cookie: session });
    expect(me.status).toBe(200);
    api.push(me.ms);
  }
  return { file: median(file), api: median(api) };
}

describe('a sign-in flood with random usernames from one address', () => {
  it('gets 429s within seconds, while files, signed-in calls and the owner go on', { timeout: 90_000 }, async () => {
    const passwordHash = await hashPassword(TEST_PASSWORD, HASH_PARAMS);
    const owner = await createUser(database.db, { username: 'flood_owner', passwordHash });
    const first = await call('POST', '/api/login', { body: { username: 'flood_owner', password: TEST_PASSWORD } });
    expect(first.status, first.body).toBe(200);
    const cookies = cookiesOf(first);
    const device = cookies.split('; ').find((c) => c.startsWith('baywise.device='))!;
    const session = cookies.split('; ').find((c) => c.startsWith('baywise.sid='))!;
    const before = await latencies(session);

    const flood = startFlood();
    // Measured while the flood's hashes run.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const during = await latencies(session);
    const ownerAgain = await call('POST', '/api/login', {
      body: { username: 'flood_owner', password: TEST_PASSWORD },
      cookie: device,
    });
    const { statuses, firstRefusalMs, retryAfters } = await flood.stop();

    expect(ownerAgain.status, ownerAgain.body).toBe(200);
    expect(JSON.parse(ownerAgain.body)).toMatchObject({ id: owner.id, username: 'flood_owner' });
    expect(firstRefusalMs).not.toBeNull();
    expect(firstRefusalMs!).toBeLessThan(5_000);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(FLOODERS);
    expect(retryAfters.every((seconds) => seconds > 0)).toBe(true);
    // Every hash the flood got was a failure counted against its address: at most the budget.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ADDRESS_BUDGET);
    expect(during.file, JSON.stringify({ before, during })).toBeLessThan(
      Math.max(before.file * LATENCY_FACTOR, STALL_MS),
    );
    expect(during.api, JSON.stringify({ before, during })).toBeLessThan(
      Math.max(before.api * LATENCY_FACTOR, STALL_MS),
    );
  });
});
