import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
export { freePort } from '@test/free-port';

const running = new Set<Background>();

/** Stops every background process still running (for Ctrl-C, when `finally` blocks never run). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((proc) => proc.stop()));
}

/** A background process in its own process group, so stopping it also stops its children. */
export interface Background {
  child: ChildProcess;
  /** The last lines it wrote, for error messages. */
  output(): string;
  stop(): Promise<void>;
}

/** `afterStop` runs once the process is gone (e.g. to remove its temporary folder). */
export function startBackground(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  afterStop: () => void = () => {},
): Background {
  const child = spawn(command, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  child.once('error', (err) => keep(Buffer.from(`${err.message}\n`)));

  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Already gone.
    }
  };
  const proc: Background = {
    child,
    output: () => log,
    async stop() {
      running.delete(proc);
      if (child.pid === undefined) return;
      signalGroup('SIGTERM');
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000).unref());
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        signalGroup('SIGKILL');
        await exited;
      }
      // Children that outlived the group leader (e.g. Chromium helpers) go too.
      signalGroup('SIGKILL');
      afterStop();
    },
  };
  running.add(proc);
  return proc;
}

/** Polls `url` until it answers 200, the process exits, or the time runs out. */
export async function waitForHttp(url: string, proc: Background, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null)
      throw new Error(`process exited (${proc.child.exitCode}) before ${url} answered:\n${proc.output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${proc.output()}`);
}

/** CPU time (user + system) of a process so far, in ms, from /proc (Linux; null elsewhere). */
export function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
