/**
 * Per-request cost of the detail calls beside a bare node:http hello-world, in one run:
 * `npx tsx bench/per-request.ts` (DATABASE_URL=postgres://… for PostgreSQL). Each server runs in a
 * process of its own; autocannon drives them from this one at 50 connections.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.SECONDS ?? 5);
const CUSTOMERS = 200;

type Ready = { port: number; paths?: Record<string, string>; cookie?: string };

/** Each server answers 'cpu' with its CPU time so far (µs): a figure that other load on the machine disturbs less. */
function answerCpu(): void {
  process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
}

async function serveHello(): Promise<void> {
  answerCpu();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"hello":"world"}');
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
}

async function serveApp(): Promise<void> {
  answerCpu();
  const { buildApp } = await import('../api/app');
  const { createDatabase } = await import('../api/db/database');
  const { migrateToLatest } = await import('../api/db/migrate');
  const { createInspection, createUser, TEST_HASH_PARAMS, TEST_PASSWORD } = await import('../api/test/factories');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'per-request-'));
  const db = createDatabase({ databaseUrl: process.env.DATABASE_URL, sqliteFile: path.join(dataDir, 'bench.sqlite') });
  await migrateToLatest(db);
  const config = {
    port: 0, host: '127.0.0.1', dataDir, webDir: undefined, databaseUrl: process.env.DATABASE_URL,
    adminEmail: 'owner@shop.test', supportEmail: 'owner@shop.test',
    sessionSecret: 'bench-secret-that-is-at-least-32-characters-long', trustProxy: false, logLevel: 'silent',
    backupKeep: 1, backupIntervalHours: 0, passwordHashParams: TEST_HASH_PARAMS, workers: 1,
  };
  const app = await buildApp({ config, db });
  const user = await createUser(db, { role: 'admin' });
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: user.username, password: TEST_PASSWORD } });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  let last: Awaited<ReturnType<typeof createInspection>> | undefined;
  // One transaction: a commit per row would spend the seeding on fsyncs.
  await db.transaction().execute(async (trx) => {
  for (let i = 0; i < CUSTOMERS; i++) {
    last = await createInspection(trx, { status: 'completed' }, [0, 1, 2].map((s) => ({
      description: `Service ${s}`, laborCostCents: 5000, parts: [{ partName: 'Pad', partCostCents: 2000 }, { partName: 'Rotor', partCostCents: 4000 }],
    })));
  }
  });
  if (!last) throw new Error('nothing seeded');
  const invoice = await app.inject({
    method: 'POST', url: '/api/invoices', headers: { cookie },
    payload: { inspectionId: last.id, status: 'sent', lineItems: [{ description: 'Shop supplies', amount: '12.50' }] },
  });
  if (invoice.statusCode !== 201) throw new Error(invoice.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const paths = {
    user: '/api/user',
    inspection: `/api/inspections/${last.id}`,
    vehicles: `/api/customers/${last.customerId}/vehicles`,
    share: `/api/public/inspections/${last.shareToken}`,
    invoice: `/api/public/invoices/${(invoice.json() as { shareToken: string }).shareToken}`,
  };
  process.on('SIGTERM', () => process.exit(0));
  process.send?.({ port: (app.server.address() as { port: number }).port, paths, cookie } satisfies Ready);
}

function start(mode: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const profile = mode === 'app' && process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE}`] : [];
  const child = fork(process.argv[1] ?? '', [mode], { execArgv: [...process.execArgv, ...profile], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`${mode} exited ${code}`)));
  });
}

function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => {
      const { cpu } = m as { cpu: NodeJS.CpuUsage };
      resolve(cpu.user + cpu.system);
    });
    child.send('cpu');
  });
}

async function measure(child: ChildProcess, url: string, headers: Record<string, string> = {}) {
  const before = await cpuOf(child);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpuPerRequest = (await cpuOf(child)) - before;
  const errors = result.errors + result.timeouts + result.non2xx;
  const rps = Math.round(result.requests.average);
  return { rps, p50: result.latency.p50, p99: result.latency.p99, errors, cpu: Math.round(cpuPerRequest / result.requests.total) };
}

async function main(): Promise<void> {
  const hello = await start('hello');
  const app = await start('app');
  try {
    const base = `http://127.0.0.1:${hello.ready.port}/`;
    await measure(hello.child, base); // warm-up
    const helloResult = await measure(hello.child, base);
    console.log(`hello-world: ${helloResult.rps} req/s p99 ${helloResult.p99} ms, ${helloResult.cpu} µs CPU a request`);
    for (const [name, p] of Object.entries(app.ready.paths ?? {})) {
      if (process.env.ONLY && !process.env.ONLY.split(',').includes(name)) continue;
      const url = `http://127.0.0.1:${app.ready.port}${p}`;
      const headers: Record<string, string> = p.startsWith('/api/public') ? {} : { cookie: app.ready.cookie ?? '' };
      await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
      const r = await measure(app.child, url, headers);
      const share = ((100 * r.rps) / helloResult.rps).toFixed(1);
      const cpuShare = ((100 * helloResult.cpu) / r.cpu).toFixed(1);
      console.log(
        `${name.padEnd(10)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  ${share}% of hello  ${r.cpu} µs CPU (${cpuShare}%)`,
      );
    }
  } finally {
    hello.child.kill();
    app.child.kill();
  }
}

const mode = process.argv[2];
if (mode === 'hello') void serveHello();
else if (mode === 'app') void serveApp();
else void main();
