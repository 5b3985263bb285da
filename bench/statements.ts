/**
 * `npm run bench:statements`: what each call of the throughput section spends in SQLite statements.
 * Seeds the throughput section's shop (BENCH_CUSTOMERS customers, default 10,000) into a fresh SQLite
 * folder, runs the app in this process, and sends each call BENCH_REQUESTS times (default 300)
 * through `app.inject`, one at a time, timing every statement better-sqlite3 runs. It prints per call
 * the CPU time of a request (without a socket), the statements' share of it, and its statements by
 * time. BENCH_CALLS=<parts of labels, comma-separated> picks calls, as in the throughput section.
 *
 * The figures are the floor under a call: no change outside the statements takes a request below
 * them (docs/performance.md, "What the goals still missed would take").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { buildApp } from '@api/app';
import { buildMissingDocuments } from '@api/modules/inspections/inspection-documents';
import { createDatabase } from '@api/db/database';
import { testConfig } from '@api/test/app';
import { chosen, detailCalls, scaleCalls, searchCalls, signIn, writeCalls } from './throughput/calls';
import { migrate, seedShop } from './throughput/seed-shop';
import { benchRoot } from './throughput/server';

interface Timing {
  count: number;
  micros: number;
  rows: number;
}

/** Times every statement run through better-sqlite3 while `recording` is set. */
class StatementTimer {
  recording = false;
  readonly bySql = new Map<string, Timing>();

  install(): void {
    const probe = new SqliteDatabase(':memory:');
    const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
    probe.close();
    for (const method of ['all', 'get', 'run', 'iterate']) {
      const original = proto[method] as (...args: unknown[]) => unknown;
      const isRecording = () => this.recording;
      const add = this.add.bind(this);
      proto[method] = function timed(this: { source: string }, ...args: unknown[]) {
        if (!isRecording()) return original.apply(this, args);
        const started = process.hrtime.bigint();
        const result = original.apply(this, args);
        add(this.source, Number(process.hrtime.bigint() - started) / 1000, Array.isArray(result) ? result.length : 0);
        return result;
      };
    }
  }

  private add(source: string, micros: number, rows: number): void {
    const timing = this.bySql.get(source) ?? { count: 0, micros: 0, rows: 0 };
    timing.count++;
    timing.micros += micros;
    timing.rows += rows;
    this.bySql.set(source, timing);
  }
}

const positive = (value: string | undefined, fallback: number, name: string): number => {
  const n = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0`);
  return n;
};

const oneLine = (text: string, width: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

async function main(): Promise<void> {
  const customers = positive(process.env.BENCH_CUSTOMERS, 10_000, 'BENCH_CUSTOMERS');
  const requests = positive(process.env.BENCH_REQUESTS, 300, 'BENCH_REQUESTS');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-statements-'));
  const timer = new StatementTimer();
  timer.install();
  try {
    const target = { kind: 'sqlite' as const, dataDir };
    const started = Date.now();
    migrate(benchRoot, benchRoot, target);
    const shop = await seedShop(target, customers);
    console.log(
      `seeded ${customers.toLocaleString('en-US')} customers in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const db = createDatabase({ sqliteFile: path.join(dataDir, 'baywise.sqlite') });
    // The inspection documents, as the server builds them after it starts on a seeded shop.
    const documents = await buildMissingDocuments(db);
    console.log(`stored ${documents.toLocaleString('en-US')} inspection documents`);
    const app = await buildApp({ config: testConfig({ dataDir }), db, upkeep: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const cookie = await signIn(baseUrl);
      // The inspection list and the searches come twice (main table and scale table): once here.
      const all = [...searchCalls(shop), ...detailCalls(shop), ...scaleCalls(shop), ...writeCalls(shop)];
      const calls = chosen([...new Map(all.map((call) => [call.label, call])).values()]);
      for (const call of calls) {
        const headers: Record<string, string> = call.customer ? {} : { cookie };
        if ((await call.prepare?.(baseUrl, headers)) === false) continue;
        const send = async () => {
          const spec = call.next();
          const response = await app.inject({
            method: spec.method ?? 'GET',
            url: spec.path,
            headers: {
              ...headers,
              ...spec.headers,
              ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(spec.body === undefined ? {} : { payload: JSON.stringify(spec.body) }),
          });
          if (response.statusCode >= 400)
            throw new Error(`${call.label} answered ${response.statusCode}: ${response.body}`);
          return response.body.length;
        };
        for (let i = 0; i < 30; i++) await send();
        timer.bySql.clear();
        timer.recording = true;
        const cpu = process.cpuUsage();
        let bytes = 0;
        for (let i = 0; i < requests; i++) bytes += await send();
        const used = process.cpuUsage(cpu);
        timer.recording = false;
        const cpuPerRequest = (used.user + used.system) / requests;
        const statements = [...timer.bySql].sort((a, b) => b[1].micros - a[1].micros);
        const inStatements = statements.reduce((sum, [, t]) => sum + t.micros, 0) / requests;
        console.log(
          `\n${call.label}\n  ${Math.round(bytes / requests).toLocaleString('en-US')} bytes, ` +
            `${cpuPerRequest.toFixed(0)} µs CPU a request (app.inject, no socket), ` +
            `statements ${inStatements.toFixed(0)} µs (${((inStatements / cpuPerRequest) * 100).toFixed(0)}%)`,
        );
        for (const [source, t] of statements.slice(0, 8)) {
          console.log(
            `  ${(t.micros / requests).toFixed(1).padStart(8)} µs  ${(t.count / requests).toFixed(1)}×  ` +
              `${String(Math.round(t.rows / t.count)).padStart(4)} rows  ${oneLine(source, 110)}`,
          );
        }
      }
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
