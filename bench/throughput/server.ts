/**
 * The processes the throughput section measures: the production server of a checkout (this one,
 * or BENCH_SERVER_ROOT) started the way `npm start` runs it, and the bare node:http reference.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, freePort, startBackground, waitForHttp, type Background } from '@bench/processes';
import { startScriptNodeFlags } from '@test/production-server';
import { tsxIn, type Target } from './seed-shop';

export const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The checkout whose server is measured. */
export const serverRoot = path.resolve(process.env.BENCH_SERVER_ROOT || benchRoot);
export const BENCH_ADMIN_EMAIL = 'bench-admin@baywise.test';
/** How long the server is left idle after the main table's load before its RSS is read again. */
export const IDLE_SECONDS = 20;

const built = new Set<string>();

/**
 * How `npm start` runs the API in `root`: the JavaScript build (`npm run build:api`, then
 * `node <the start script's flags> dist/api/server.js`) when the checkout has that script, else
 * `tsx api/server.ts`.
 */
export function serverCommand(root: string): { command: string; args: string[] } {
  const scripts =
    (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> })
      .scripts ?? {};
  if (!scripts['build:api']) return { command: tsxIn(root, benchRoot), args: [path.join(root, 'api/server.ts')] };
  const entry = path.join(root, 'dist/api/server.js');
  if (!built.has(root)) {
    const result = spawnSync('npm', ['run', 'build:api'], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm run build:api failed in ${root}:\n${result.stdout}${result.stderr}`);
    if (!existsSync(entry)) throw new Error(`npm run build:api did not write ${entry}`);
    built.add(root);
  }
  // BENCH_PROFILE=<folder>: each server process writes a CPU profile there when it exits.
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`]
    : [];
  return { command: process.execPath, args: [...profile, ...startScriptNodeFlags(root), entry] };
}

export interface Running {
  baseUrl: string;
  proc: Background;
}

/** The server on a free port, on the seeded database, with `workers` processes (WORKERS). */
export async function startServer(target: Target, webDir: string, workers: string): Promise<Running> {
  const port = await freePort();
  const { command, args } = serverCommand(serverRoot);
  const proc = startBackground(command, args, {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.kind === 'postgres' ? target.url : '',
    WEB_DIR: webDir,
    WORKERS: workers,
    ADMIN_EMAIL: BENCH_ADMIN_EMAIL,
    LOG_LEVEL: 'warn',
    BACKUP_INTERVAL_HOURS: '0',
    // As `npm start` runs it: two malloc arenas, not one per thread that sharp decoded a photo in.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/api/config`, proc, 120_000);
  return { baseUrl, proc };
}

/** The bare node:http reference. */
export async function startHelloWorld(): Promise<Running> {
  const port = await freePort();
  const proc = startBackground(process.execPath, [path.join(benchRoot, 'bench/throughput/hello-world.mjs')], {
    ...process.env,
    PORT: String(port),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(baseUrl, proc);
  return { baseUrl, proc };
}

export interface Memory {
  /** Resident memory of every process of the server (a tsx wrapper, a cluster primary, workers), in bytes. */
  rss: number;
  /** The same, sampled every 200 ms while the calls ran: the median and the highest sample. */
  duringLoad?: { median: number; max: number };
  /** The RSS once the server has been idle for IDLE_SECONDS after the load (what it keeps). */
  afterIdle?: number;
  /** The sum of each process's own peak. */
  peak: number;
  processes: { pid: number; rss: number; peak: number }[];
}

function statusField(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** The process and all its descendants, from /proc (Linux); empty elsewhere. */
function processTree(rootPid: number): number[] {
  if (!existsSync('/proc')) return [];
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] ?? -1) ?? []));
  return tree;
}

/** VmRSS and VmHWM of the server's processes. */
export function serverMemory(proc: Background): Memory {
  const processes = [];
  for (const pid of proc.child.pid === undefined ? [] : processTree(proc.child.pid)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      processes.push({ pid, rss: statusField(status, 'VmRSS'), peak: statusField(status, 'VmHWM') });
    } catch {
      // Gone meanwhile.
    }
  }
  return {
    rss: processes.reduce((sum, p) => sum + p.rss, 0),
    peak: processes.reduce((sum, p) => sum + p.peak, 0),
    processes,
  };
}

/** The server's resident memory sampled while it is under load. */
export interface MemorySampler {
  /** Takes no samples until `resume`: the server is idle meanwhile (the hello-world measured beside a call). */
  pause(): void;
  resume(): void;
  stop(): { median: number; max: number };
}

/** Samples the server's resident memory every 200 ms until `stop()`, which gives the median and the highest. */
export function sampleMemory(proc: Background): MemorySampler {
  const samples: number[] = [];
  let paused = false;
  const timer = setInterval(() => {
    if (!paused) samples.push(serverMemory(proc).rss);
  }, 200);
  return {
    pause: () => void (paused = true),
    resume: () => void (paused = false),
    stop() {
      clearInterval(timer);
      samples.sort((a, b) => a - b);
      return { median: samples[samples.length >> 1] ?? 0, max: samples.at(-1) ?? 0 };
    },
  };
}

/** CPU time (user + system) in ms that the server's processes have used so far; null where /proc is missing. */
export function serverCpuMs(proc: Background): number | null {
  if (proc.child.pid === undefined) return null;
  const times = processTree(proc.child.pid).map(cpuMs);
  return times.some((t) => t === null) ? null : times.reduce<number>((sum, t) => sum + (t ?? 0), 0);
}
