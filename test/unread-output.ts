import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { SpawnedServer } from './spawned-server';

/**
 * The built server with its stdout into a pipe nobody reads (a log collector that stalled), against
 * the same server whose output is read: used by `api/process/unread-output.test.ts` and by
 * `npm run test:faults`. Both log every request (LOG_REQUESTS=true), the most a server writes.
 */

export const UNREAD_OUTPUT_ENV = { LOG_LEVEL: 'info', LOG_REQUESTS: 'true' };

export interface LoadRun {
  requests: number;
  /** autocannon's 99th percentile latency, ms. */
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** What the load asks for: a cheap public route, told apart in the request lines from the start's probes. */
export const LOAD_URL = '/api/config?from=load';

/**
 * `amount` GETs of a cheap public route (LOAD_URL) from `connections` clients on 127.0.0.1; stopped after
 * `limitMs` whatever is left, so a server that stops answering ends the run too.
 */
export async function loadServer(
  baseUrl: string,
  { amount, connections = 10, limitMs = 120_000 }: { amount: number; connections?: number; limitMs?: number },
): Promise<LoadRun> {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(baseUrl)) throw new Error(`load runs against 127.0.0.1 only: ${baseUrl}`);
  let stop: NodeJS.Timeout | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: `${baseUrl}${LOAD_URL}`, amount, connections, timeout: 10 }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    stop = setTimeout(() => instance.stop(), limitMs);
  });
  clearTimeout(stop);
  return {
    requests: result.requests.total,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Resident memory of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

/** SIGTERM, and the exit code (or signal) with the time it took; SIGKILL after `giveUpMs`. */
export async function terminate(
  server: SpawnedServer,
  giveUpMs: number,
): Promise<{ exit: number | NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  server.child.kill('SIGTERM');
  const kill = setTimeout(() => server.child.kill('SIGKILL'), giveUpMs);
  const exit = await server.exited;
  clearTimeout(kill);
  return { exit, ms: Date.now() - started };
}

/** The log records a server printed (its JSON lines). */
export interface LogRecord {
  msg: string;
  level: number;
  dropped?: number;
  req?: { url: string };
}

export function logRecords(output: string): LogRecord[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogRecord);
}
