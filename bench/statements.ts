/**
 * `npm run bench:statements`: what each call of the throughput section spends in SQLite statements.
 * Seeds the throughput section's shop (BENCH_CUSTOMERS customers, default 10,000) into a fresh SQLite
 * folder, runs the app in this process, and sends each call BENCH_REQUESTS times (default 300)
 * through `app.inject`, one at a time, timing every statement better-sqlite3 runs. It prints per call
 * the CPU time of a request (without a socket), the statements' share of it, and its statements by
 * time. BENCH_CALLS=<parts of labels, comma-separated> picks calls, as in the throughput section.
 *
 * The figures are the floor under a call: no change outside the statements takes a request below
 * them (docs/performance.md).
 *
 * It also finds the reads SQLite prepares again every time values are bound to them (a LIKE whose
 * pattern is a bare parameter, a bound value compared with a partial index's condition): each read
 * is run again on a second connection, with its values bound on every run and then bound once, and
 * one that costs clearly more bound every time is marked "prepared again on every run".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { buildApp } from '@api/app';
import { buildMissingDocuments } from '@api/modules/inspections/inspection-documents';
import { createDatabase } from '@api/db/database';
import { testConfig } from '@api/test/app';
import { chosen, detailCalls, mixedCall, scaleCalls, searchCalls, signIn, writeCalls } from './throughput/calls';
import { migrate, seedShop } from './throughput/seed-shop';
import { benchRoot } from './throughput/server';

interface Timing {
  count: number;
  micros: number;
  rows: number;
  /** A read's values the last time it ran (reads only: they are run again to find re-preparing). */
  values?: unknown[];
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
        const micros = Number(process.hrtime.bigint() - started) / 1000;
        add(this.source, micros, Array.isArray(result) ? result.length : 0, isRead(this.source) ? args : undefined);
        return result;
      };
    }
  }

  private add(source: string, micros: number, rows: number, values: unknown[] | undefined): void {
    const timing = this.bySql.get(source) ?? { count: 0, micros: 0, rows: 0 };
    timing.count++;
    timing.micros += micros;
    timing.rows += rows;
    if (values) timing.values = values;
    this.bySql.set(source, timing);
  }
}

/** A statement that only reads (run again on a read-only connection to time it). */
const isRead = (source: string) => /^\s*(select|with)\b/i.test(source) && !/\breturning\b/i.test(source);

/**
 * µs a run of `source` costs more when its values are bound on every run than when they were bound
 * once (the least of several rounds of each, on a read-only connection of its own). SQLite prepares
 * a statement again whenever a value is bound to a parameter it planned by (a LIKE's bare pattern,
 * a value compared with a partial index's condition); a statement prepared once costs the same both
 * ways, to a microsecond or two.
 */
function rebindCost(file: string, source: string, values: unknown[]): { extra: number; once: number } {
  const connection = new SqliteDatabase(file, { readonly: true });
  try {
    const rebound = connection.prepare(source);
    const boundOnce = connection.prepare(source).bind(...values);
    const gap = () => {
      // Alternating rounds, the least of each: the machine's moods fall on both alike.
      let rebinding = Infinity;
      let once = Infinity;
      const time = (run: () => unknown) => {
        const started = process.hrtime.bigint();
        for (let i = 0; i < 10; i++) run();
        return Number(process.hrtime.bigint() - started) / 10_000;
      };
      for (let round = 0; round < 12; round++) {
        const rebindingNow = time(() => rebound.all(...values));
        const onceNow = time(() => boundOnce.all());
        rebinding = Math.min(rebinding, rebindingNow);
        once = Math.min(once, onceNow);
      }
      return { extra: rebinding - once, once };
    };
    gap();
    // Measured twice, the smaller: a statement prepared again costs it every time.
    const [first, second] = [gap(), gap()];
    return first.extra < second.extra ? first : second;
  } finally {
    connection.close();
  }
}

/**
 * A read costs clearly more bound on every run: by about what preparing a small statement costs, and
 * by a tenth of its run (binding a few values costs a microsecond or two).
 */
const preparedAgain = ({ extra, once }: { extra: number; once: number }) => extra >= 8 && extra >= once / 10;

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
    const file = path.join(dataDir, 'baywise.sqlite');
    const preparedAgainSources = new Set<string>();
    const db = createDatabase({ sqliteFile: file });
    // The inspection documents, as the server builds them after it starts on a seeded shop.
    const documents = await buildMissingDocuments(db);
    console.log(`stored ${documents.toLocaleString('en-US')} inspection documents`);
    const app = await buildApp({ config: testConfig({ dataDir }), db, upkeep: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const cookie = await signIn(baseUrl);
      // The inspection list and the searches come twice (main table and scale table): once here.
      const all = [
        ...searchCalls(shop),
        ...detailCalls(shop),
        mixedCall(shop),
        ...scaleCalls(shop),
        ...writeCalls(shop),
      ];
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
        for (const [source, t] of statements) {
          if (!t.values) continue;
          const { extra, once } = rebindCost(file, source, t.values);
          if (!preparedAgain({ extra, once })) continue;
          preparedAgainSources.add(source);
          console.log(`  prepared again on every run (+${extra.toFixed(0)} µs a run): ${oneLine(source, 100)}`);
        }
      }
      console.log(
        `\nreads SQLite prepares again on every run: ${preparedAgainSources.size === 0 ? 'none' : preparedAgainSources.size}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
