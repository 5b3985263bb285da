import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './free-port';
import { productionServerCommand } from './production-server';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The built production server in a child process, with every line it prints kept. */
export interface SpawnedServer {
  baseUrl: string;
  child: ChildProcess;
  /** Everything printed so far (with LOG_LEVEL=info, one JSON line per log record). */
  output(): string;
  /** Starts reading stdout when it was started with `readStdout: false` (a reader that stalled). */
  readStdout(): void;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/**
 * Starts `dist/api/server.js` (built first) on a free port and waits until it answers. With
 * `readStdout: false` nothing reads its stdout pipe until `readStdout()`: once the pipe is full, each
 * write the server makes to it fails, as when a log collector stops reading.
 */
export async function spawnServer(
  env: Record<string, string>,
  { readStdout = true }: { readStdout?: boolean } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const { command, args } = await productionServerCommand();
  // The developer's own settings must not leak in (a DATABASE_URL would point at their database).
  const {
    DATABASE_URL: _db,
    SESSION_SECRET: _secret,
    SUPPORT_EMAIL: _support,
    WORKERS: _workers,
    ...inherited
  } = process.env;
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', TRUST_PROXY: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  const startReading = () => {
    if (child.stdout.listenerCount('data') === 0) child.stdout.on('data', keep).resume();
  };
  if (readStdout) startReading();
  else child.stdout.pause();
  child.stderr.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/api/config`)).ok)
        return { baseUrl, child, output: () => output, readStdout: startReading, exited };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not answer /api/config:\n${output}`);
}

/** The ids of a process's children (Linux /proc): a cluster primary's workers. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
