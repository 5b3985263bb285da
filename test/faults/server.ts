import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@test/free-port';
import { productionServerCommand } from '@test/production-server';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN_EMAIL = 'faults-admin@baywise.test';

/**
 * The production server (`api/server.ts` built to `dist/api/server.js`) on a fresh SQLite data
 * folder, as `npm start` runs it (without a web build: the API is what is under test). It can be
 * killed and started again on the same port and data folder.
 */
export class FaultServer {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'baywise-faults-'));
  readonly baseUrl: string;
  private child: ChildProcess | undefined;
  private exited: Promise<number | NodeJS.Signals | null> = Promise.resolve(null);
  private output = '';

  private constructor(
    readonly port: number,
    private readonly command: { command: string; args: string[] },
    /** Extra settings (WORKERS, …). */
    private readonly env: Record<string, string>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  static async start(env: Record<string, string> = {}): Promise<FaultServer> {
    const server = new FaultServer(await freePort(), await productionServerCommand(), env);
    await server.boot();
    return server;
  }

  get pid(): number {
    if (this.child?.pid === undefined) throw new Error('the server is not running');
    return this.child.pid;
  }

  get sqliteFile(): string {
    return path.join(this.dataDir, 'baywise.sqlite');
  }

  /** Resident memory of the server process in MB (Linux /proc). */
  rssMb(): number | undefined {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : undefined;
    } catch {
      return undefined;
    }
  }

  /** CPU seconds (user + system) the server process has used so far (Linux /proc). */
  cpuSeconds(): number | undefined {
    try {
      const fields = readFileSync(`/proc/${this.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return undefined;
    }
  }

  async boot(): Promise<void> {
    // The developer's own settings must not leak in (a DATABASE_URL would point at their database).
    const { DATABASE_URL: _db, SESSION_SECRET: _secret, SUPPORT_EMAIL: _support, ...inherited } = process.env;
    const child = spawn(this.command.command, this.command.args, {
      cwd: ROOT,
      env: {
        ...inherited,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        // No web build: only the API is served, whatever `dist/web` holds.
        WEB_DIR: path.join(this.dataDir, 'no-web'),
        ADMIN_EMAIL,
        TRUST_PROXY: 'false',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.output = '';
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString()).slice(-8000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) break;
      try {
        const res = await fetch(`${this.baseUrl}/api/config`);
        if (res.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`The server did not answer /api/config:\n${this.output}`);
  }

  /** What the server wrote to stdout and stderr (its warnings and errors), the last 8 kB. */
  log(): string {
    return this.output;
  }

  /** SIGKILL: no shutdown hook runs, as in a power cut or an OOM kill. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, as a service manager stops it; SIGKILL after 5 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }

  /**
   * SIGTERM alone, as a service manager stops it, and the exit code (or the signal that ended it)
   * with the time it took; SIGKILL only after `giveUpMs`, reported as 'SIGKILL'.
   */
  async terminate(giveUpMs: number): Promise<{ exit: number | NodeJS.Signals | null; ms: number }> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) throw new Error('the server is not running');
    const started = Date.now();
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), giveUpMs);
    const exit = await this.exited;
    clearTimeout(timer);
    return { exit, ms: Date.now() - started };
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
