import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@test/free-port';
import { productionServerCommand } from '@test/production-server';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Runs a command in the repo root and fails with its output when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/** `vite build`, as `npm start` does before serving, into a folder of this run's own. */
export async function buildWeb(): Promise<string> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'baywise-e2e-web-'));
  try {
    await run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--logLevel',
        'warn',
        '--outDir',
        outDir,
        '--emptyOutDir',
        // Vitest sets NODE_ENV=test; the browser tests must run the production build `npm start` serves.
      ],
      { ...process.env, NODE_ENV: 'production' },
    );
  } catch (err) {
    rmSync(outDir, { recursive: true, force: true });
    throw err;
  }
  return outDir;
}

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
  /** The setup code the server wrote to its data folder on the empty database (as an operator reads it). */
  setupCode: () => string;
}

/** Starts the real server, built as `npm start` builds it, on a free port with a fresh SQLite data folder. */
export async function startServer(
  adminEmail: string,
  webDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const { command, args } = await productionServerCommand();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baywise-e2e-'));
  // The developer's own settings must not leak in (a DATABASE_URL would point at their database).
  const { DATABASE_URL: _db, SESSION_SECRET: _secret, SUPPORT_EMAIL: _support, ...inherited } = process.env;
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      ADMIN_EMAIL: adminEmail,
      TRUST_PROXY: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/api/config`);
      if (res.ok)
        return { baseUrl, stop, setupCode: () => readFileSync(path.join(dataDir, 'setup-code'), 'utf8').trim() };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await stop();
  throw new Error(`The server did not answer /api/config:\n${output}`);
}
