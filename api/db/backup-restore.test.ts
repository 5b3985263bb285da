import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncChangesResponse } from '@shared/schemas/sync';
import { freePort } from '@test/free-port';
import { productionServerCommand } from '@test/production-server';
import { until } from '@test/until';
import { createCommandDatabase, testDatabaseKind } from '@api/test/database';
import { createUser, TEST_PASSWORD } from '@api/test/factories';
import { listBackups } from './backup';
import { POSTGRES_BACKUP_MESSAGE, POSTGRES_RESTORE_MESSAGE } from './backup-messages';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import { sqliteFileIn } from './open';
import { pidFileIn } from './server-lock';

// The commands and the server as real processes: `npm run backup` while the server takes writes,
// then `npm run restore` with the server stopped, then the server again on the restored database.

const tsx = path.resolve('node_modules/.bin/tsx');
// The developer's own settings must not leak in (a DATABASE_URL would point at their database).
const {
  DATABASE_URL: _url,
  SESSION_SECRET: _secret,
  BACKUP_KEEP: _keep,
  BACKUP_INTERVAL_HOURS: _hours,
  ...inherited
} = process.env;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function command(script: string, args: string[], env: Record<string, string>): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(tsx, [`api/db/${script}`, ...args], { env: { ...inherited, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

interface Server {
  pid: number;
  url: string;
  stop(): Promise<void>;
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const { command, args } = await productionServerCommand();
  const child: ChildProcess = spawn(command, args, {
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (
      await fetch(`${url}/api/config`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { pid: child.pid!, url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`The server did not start:\n${output}`);
}

async function signIn(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: TEST_PASSWORD }),
  });
  expect(res.status).toBe(200);
  // The session cookie by name: a sign-in also sets the device cookie.
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('baywise.sid='))!;
}

/** Pulls the change feed from `since` to its end, as a device does. */
async function pullAll(url: string, cookie: string, since: string) {
  let cursor = since;
  const ids: string[] = [];
  const pages: SyncChangesResponse[] = [];
  for (;;) {
    const res = await fetch(`${url}/api/sync/changes?since=${encodeURIComponent(cursor)}&limit=1000`, {
      headers: { cookie },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as SyncChangesResponse;
    pages.push(page);
    if (page.resync) return { resync: true, cursor: page.cursor, ids, pages };
    ids.push(...page.customers.map((c) => c.id));
    cursor = page.cursor;
    if (!page.hasMore) return { resync: false, cursor, ids, pages };
  }
}

interface Write {
  id: string;
  ackedAt: number;
}

/** Writers creating customers until told to stop; each records when its 201 arrived. */
function writeLoad(url: string, cookie: string, writers: number) {
  const acked: Write[] = [];
  let stopped = false;
  const loops = Array.from({ length: writers }, async (_, w) => {
    for (let i = 0; !stopped; i++) {
      const res = await fetch(`${url}/api/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: `Writer ${w} Number ${i}`, email: `w${w}.n${i}@mail.test`, phone: '555-0100' }),
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: string };
      acked.push({ id, ackedAt: Date.now() });
    }
  });
  return {
    acked,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

describe.skipIf(testDatabaseKind() === 'postgres')('npm run backup and npm run restore', () => {
  // Made when the tests run: a skipped suite (on PostgreSQL) runs no hook that would remove it.
  let dataDir = '';
  let env: Record<string, string> = {};
  let username = '';
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'baywise-restore-'));
    env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const db = createDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    await migrateToLatest(db);
    username = (await createUser(db, { role: 'service_advisor' })).username;
    await db.destroy();
  });

  it('backs up under write load; the restore holds every write acknowledged before, and devices resync', async () => {
    const server = await startServer(dataDir);
    let backupFile = '';
    let before: Write[] = [];
    let deviceBefore = '';
    let deviceAfter = '';
    try {
      const cookie = await signIn(server.url, username);
      const load = writeLoad(server.url, cookie, 4);
      await until(() => load.acked.length >= 40, '40 acknowledged writes', { timeoutMs: 60_000 });
      deviceBefore = (await pullAll(server.url, cookie, '0')).cursor;

      const startedAt = Date.now();
      before = load.acked.filter((w) => w.ackedAt < startedAt);
      const backup = await command('backup-command.ts', [], env);
      const endedAt = Date.now();
      const during = load.acked.filter((w) => w.ackedAt >= startedAt && w.ackedAt <= endedAt).length;
      await until(() => load.acked.some((w) => w.ackedAt > endedAt), 'a write acknowledged after the backup', {
        timeoutMs: 60_000,
      });
      await load.stop();
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(
        /^Wrote \S+baywise-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.sqlite \(\d+ KB, integrity check ok\)\.\n$/,
      );
      backupFile = backup.stdout.slice('Wrote '.length).split(' (')[0]!;
      expect(listBackups(path.join(dataDir, 'backups'))).toEqual([backupFile]);
      // The writers kept writing while the copy was made.
      expect(during).toBeGreaterThan(0);
      expect(before.length).toBeGreaterThanOrEqual(40);

      const device = await pullAll(server.url, cookie, deviceBefore);
      deviceAfter = device.cursor;
      expect(device.resync).toBe(false);

      const running = await command('restore-command.ts', [backupFile, '--yes'], env);
      expect(running).toEqual({
        code: 1,
        stdout: '',
        stderr:
          `Not restored: A Baywise server (process ${server.pid}) is running on ${dataDir}; stop it first. ` +
          `If none is running, remove ${pidFileIn(dataDir)}.\n`,
      });
    } finally {
      await server.stop();
    }
    expect(existsSync(pidFileIn(dataDir))).toBe(false);

    const unconfirmed = await command('restore-command.ts', [backupFile], env);
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.stderr).toMatch(
      new RegExp(
        `^Replace the database in .+ with .+, taken \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC\\? The current one is kept in .+\\.\\nNot confirmed: pass --yes when not running at a terminal\\.\\n$`,
      ),
    );
    expect(unconfirmed.stderr).toContain(`Replace the database in ${dataDir} with ${backupFile}, taken `);

    const restored = await command('restore-command.ts', [backupFile, '--yes'], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^Kept the database as it was in \S+before-restore-\S+\.sqlite\.\n/);
    expect(restored.stdout).toContain(`Restored ${backupFile}. Devices pull their data again at their next sync.\n`);

    const db = createDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    try {
      const ids = new Set((await db.selectFrom('customers').select('id').execute()).map((r) => r.id));
      expect(before.filter((w) => !ids.has(w.id))).toEqual([]);
      // A consistent copy: the change log covers every row and the sequence its highest entry.
      const logged = await db
        .selectFrom('syncChanges')
        .select(['entityId', 'seq'])
        .where('entity', '=', 'customer')
        .execute();
      expect(new Set(logged.map((r) => r.entityId))).toEqual(ids);
      const state = await db.selectFrom('syncState').selectAll().executeTakeFirstOrThrow();
      expect(Number(state.seq)).toBe(Math.max(...logged.map((r) => Number(r.seq))));
      expect(state.epoch).toMatch(/^[0-9a-f]{12}$/);
    } finally {
      await db.destroy();
    }

    const again = await startServer(dataDir);
    try {
      const cookie = await signIn(again.url, username);
      for (const cursor of [deviceBefore, deviceAfter]) {
        const pulled = await pullAll(again.url, cookie, cursor);
        expect(pulled.resync, cursor).toBe(true);
        expect(pulled.pages).toHaveLength(1);
      }
      const fresh = await pullAll(again.url, cookie, '0');
      expect(fresh.resync).toBe(false);
      expect(new Set(fresh.ids)).toEqual(new Set(await listIds(dataDir)));
      expect(fresh.cursor).toMatch(/^[0-9a-f]{12}\.\d+$/);
      expect((await pullAll(again.url, cookie, fresh.cursor)).resync).toBe(false);
    } finally {
      await again.stop();
    }

    // BACKUP_KEEP: the next backup leaves only itself.
    const next = await command('backup-command.ts', [], { ...env, BACKUP_KEEP: '1' });
    expect(next.code).toBe(0);
    expect(next.stdout).toContain(`Removed ${backupFile} (keeping the newest 1).\n`);
    expect(listBackups(path.join(dataDir, 'backups'))).toHaveLength(1);
  }, 120_000);

  it('refuses a file that is not a SQLite database, a damaged one, and a missing argument', async () => {
    const text = path.join(dataDir, 'notes.txt');
    writeFileSync(text, 'these are notes, not a database');
    expect(await command('restore-command.ts', [text, '--yes'], env)).toEqual({
      code: 1,
      stdout: '',
      stderr: `Not restored: ${text} is not a SQLite database.\n`,
    });

    const damaged = path.join(dataDir, 'damaged.sqlite');
    copyFileSync(listBackups(path.join(dataDir, 'backups'))[0]!, damaged);
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 8, 0xab), 0, 4096 * 8, 4096 * 2);
    closeSync(fd);
    const refused = await command('restore-command.ts', [damaged, '--yes'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.startsWith(`Not restored: ${damaged} is damaged`)).toBe(true);

    const usage = await command('restore-command.ts', ['--yes'], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('Usage: npm run restore -- <backup file> [--yes]');
  }, 60_000);
});

async function listIds(dataDir: string): Promise<string[]> {
  const db = createDatabase({ sqliteFile: sqliteFileIn(dataDir) });
  try {
    return (await db.selectFrom('customers').select('id').execute()).map((r) => r.id);
  } finally {
    await db.destroy();
  }
}

describe.runIf(testDatabaseKind() === 'postgres')('npm run backup and npm run restore on PostgreSQL', () => {
  let env: Record<string, string> = {};
  let drop = async () => {};
  beforeAll(async () => {
    const database = await createCommandDatabase();
    env = database.env;
    drop = database.drop;
  });
  afterAll(() => drop());

  it('point at pg_dump and pg_restore instead of doing nothing', async () => {
    const [backup, restore] = await Promise.all([
      command('backup-command.ts', [], env),
      command('restore-command.ts', ['some.dump', '--yes'], env),
    ]);
    expect(backup).toEqual({ code: 1, stdout: '', stderr: `${POSTGRES_BACKUP_MESSAGE}\n` });
    expect(restore).toEqual({ code: 1, stdout: '', stderr: `${POSTGRES_RESTORE_MESSAGE}\n` });
  }, 60_000);

  it('starts a new sync epoch after a pg_restore, when confirmed', async () => {
    const refused = await command('restore-command.ts', ['--new-sync-epoch'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Not confirmed: pass --yes when not running at a terminal.');

    const epochs: string[] = [];
    for (let i = 0; i < 2; i++) {
      const done = await command('restore-command.ts', ['--new-sync-epoch', '--yes'], env);
      expect(done).toEqual({
        code: 0,
        stdout: 'Started a new sync epoch: every device pulls its data again at its next sync.\n',
        stderr: '',
      });
      const db = createDatabase({ databaseUrl: env.DATABASE_URL });
      try {
        epochs.push((await db.selectFrom('syncState').select('epoch').executeTakeFirstOrThrow()).epoch);
      } finally {
        await db.destroy();
      }
    }
    expect(epochs[0]).toMatch(/^[0-9a-f]{12}$/);
    expect(epochs[1]).toMatch(/^[0-9a-f]{12}$/);
    expect(epochs[1]).not.toBe(epochs[0]);
  }, 60_000);
});
