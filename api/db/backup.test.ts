import { closeSync, copyFileSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import SqliteDatabase from 'better-sqlite3';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { until } from '@test/until';
import { testDatabaseKind } from '@api/test/database';
import { createCustomer } from '@api/test/factories';
import { backupDatabase, listBackups } from './backup';
import { BackupFileError, backupFileName, backupTakenAt, checkBackupFile } from './backup-file';
import { POSTGRES_SCHEDULE_MESSAGE } from './backup-messages';
import { scheduleBackups } from './backup-schedule';
import { confirm } from './confirm';
import { createDatabase } from './database';
import { migrateDown, migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { sqliteFileIn } from './open';
import { restoreDatabase } from './restore';

// SQLite files by nature: the PostgreSQL run checks its side in backup-command.test.ts.
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'baywise-backup-'));
  made.push(dir);
  return dir;
}

/** A DATA_DIR with a migrated database holding the named customers. */
async function dataDirWith(names: string[]): Promise<string> {
  const dataDir = freshDir();
  const db = createDatabase({ sqliteFile: sqliteFileIn(dataDir) });
  await migrateToLatest(db);
  for (const name of names) await createCustomer(db, { name });
  await db.destroy();
  return dataDir;
}

function customerNames(file: string): string[] {
  const sqlite = new SqliteDatabase(file, { readonly: true });
  try {
    return (sqlite.prepare('select name from customers order by name').all() as { name: string }[]).map((r) => r.name);
  } finally {
    sqlite.close();
  }
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 2, minute, 0, 123));

describe.skipIf(testDatabaseKind() === 'postgres')('backups of the SQLite database', () => {
  it('names a backup by its UTC time, sortable and safe in file names, and reads the time back', () => {
    expect(backupFileName(at(7))).toBe('baywise-2026-11-25T02-07-00-123Z.sqlite');
    expect(backupTakenAt(`/any/where/${backupFileName(at(7))}`)).toEqual(at(7));
  });

  it('writes one checked, self-contained file and keeps the newest N', async () => {
    const dataDir = await dataDirWith(['Ada', 'Bo']);
    const results = [];
    for (const minute of [1, 2, 3, 4]) results.push(await backupDatabase({ dataDir, keep: 3, now: at(minute) }));
    const dir = path.join(dataDir, 'backups');
    expect(results.map((r) => path.basename(r.file))).toEqual([1, 2, 3, 4].map((m) => backupFileName(at(m))));
    expect(results.map((r) => r.removed.map((f) => path.basename(f)))).toEqual([[], [], [], [backupFileName(at(1))]]);
    // Nothing else in the folder: no temporary file, no -wal or -shm beside a backup.
    expect(readdirSync(dir).sort()).toEqual([2, 3, 4].map((m) => backupFileName(at(m))));
    expect(listBackups(dir)).toEqual([4, 3, 2].map((m) => path.join(dir, backupFileName(at(m)))));
    expect(customerNames(results[3]!.file)).toEqual(['Ada', 'Bo']);
    expect(checkBackupFile(results[3]!.file).pendingMigrations).toEqual([]);

    // A smaller N removes the oldest first; restore's safety copies are not counted.
    writeFileSync(path.join(dir, 'before-restore-x.sqlite'), 'kept');
    const last = await backupDatabase({ dataDir, keep: 1, now: at(5) });
    expect(last.removed.map((f) => path.basename(f))).toEqual([4, 3, 2].map((m) => backupFileName(at(m))));
    expect(readdirSync(dir).sort()).toEqual([backupFileName(at(5)), 'before-restore-x.sqlite']);
  });

  it('says so when there is no database, or the backup of that moment exists', async () => {
    const empty = freshDir();
    await expect(backupDatabase({ dataDir: empty, keep: 2 })).rejects.toThrow(
      `There is no database at ${sqliteFileIn(empty)} to back up.`,
    );
    const dataDir = await dataDirWith([]);
    const first = await backupDatabase({ dataDir, keep: 2, now: at(1) });
    await expect(backupDatabase({ dataDir, keep: 2, now: at(1) })).rejects.toThrow(`${first.file} already exists.`);
  });

  it('accepts only an intact SQLite database of this or an older Baywise', async () => {
    const dir = freshDir();
    const text = path.join(dir, 'notes.txt');
    writeFileSync(text, 'not a database at all, just some words that go on for a while');
    expect(() => checkBackupFile(text)).toThrow(new BackupFileError(`${text} is not a SQLite database.`));
    const emptyFile = path.join(dir, 'empty.sqlite');
    writeFileSync(emptyFile, '');
    expect(() => checkBackupFile(emptyFile)).toThrow(`${emptyFile} is not a SQLite database.`);
    expect(() => checkBackupFile(path.join(dir, 'missing.sqlite'))).toThrow(/^Cannot read .*missing\.sqlite/);

    const other = path.join(dir, 'other.sqlite');
    const sqlite = new SqliteDatabase(other);
    sqlite.exec('create table notes (body text)');
    sqlite.close();
    expect(() => checkBackupFile(other)).toThrow(`${other} is a SQLite database, but not a Baywise one.`);

    const dataDir = await dataDirWith(Array.from({ length: 300 }, (_, i) => `Customer ${i}`));
    const { file } = await backupDatabase({ dataDir, keep: 5, now: at(1) });
    const damaged = path.join(dir, 'damaged.sqlite');
    copyFileSync(file, damaged);
    // Pages in the middle overwritten, as a bad disk or a half copy would leave them.
    const fd = openSync(damaged, 'r+');
    writeSync(fd, Buffer.alloc(4096 * 4, 0xab), 0, 4096 * 4, 4096 * 4);
    closeSync(fd);
    expect(() => checkBackupFile(damaged)).toThrow(
      new RegExp(`^${damaged.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged`),
    );
    expect(readdirSync(dir).sort()).toEqual(['damaged.sqlite', 'empty.sqlite', 'notes.txt', 'other.sqlite']);

    const newer = path.join(dir, 'newer.sqlite');
    copyFileSync(file, newer);
    const future = new SqliteDatabase(newer);
    future.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('2099-01-01T00-00-future', 'x');
    future.close();
    expect(() => checkBackupFile(newer)).toThrow(
      `${newer} comes from a newer version of Baywise (migration 2099-01-01T00-00-future); update first.`,
    );
  });

  it('restores a backup of an older version and migrates it forward, keeping the database it replaced', async () => {
    const oldDir = await dataDirWith(['Old Timer']);
    const oldDb = createDatabase({ sqliteFile: sqliteFileIn(oldDir) });
    // From before the sync epoch (and every migration after it).
    const pending = Object.keys(migrations).filter((name) => name >= '2026-11-25T02-00-sync-epoch');
    for (const _ of pending) await migrateDown(oldDb);
    await oldDb.destroy();
    const { file } = await backupDatabase({ dataDir: oldDir, keep: 5, now: at(1) });
    expect(checkBackupFile(file).pendingMigrations).toEqual(pending);

    const dataDir = await dataDirWith(['Current']);
    const result = await restoreDatabase({ dataDir, backup: file, now: at(9) });
    expect(result.migrated).toEqual(pending);
    expect(result.safetyCopy).toBe(path.join(dataDir, 'backups', 'before-restore-2026-11-25T02-09-00-123Z.sqlite'));
    expect(customerNames(result.safetyCopy!)).toEqual(['Current']);
    expect(customerNames(sqliteFileIn(dataDir))).toEqual(['Old Timer']);
    expect(checkBackupFile(sqliteFileIn(dataDir)).pendingMigrations).toEqual([]);
    const sqlite = new SqliteDatabase(sqliteFileIn(dataDir), { readonly: true });
    expect(sqlite.prepare('select epoch from sync_state').get()).toEqual({ epoch: result.epoch });
    sqlite.close();
    expect(result.epoch).toMatch(/^[0-9a-f]{12}$/);
    expect(readdirSync(dataDir).filter((name) => name.includes('restoring'))).toEqual([]);
  });
});

/** Log lines of a Fastify logger, parsed. */
function logCollector() {
  const lines: { level: number; msg: string; file?: string; err?: { message: string } }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as (typeof lines)[number]);
      done();
    },
  });
  return { lines, stream };
}

describe.skipIf(testDatabaseKind() === 'postgres')('BACKUP_INTERVAL_HOURS', () => {
  // The schedule's clock is the test's: an hour passes when the test says so, and the backups
  // themselves (real file work) are waited for.
  const HOUR_MS = 60 * 60 * 1000;
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());
  const settings = (dataDir: string) => ({ dataDir, databaseUrl: undefined, backupKeep: 2, backupIntervalHours: 1 });

  it('backs up on the schedule, logs each one, keeps N, and stops on close', async () => {
    const dataDir = await dataDirWith(['Scheduled']);
    const log = logCollector();
    const written = () => log.lines.filter((l) => l.msg === 'backup written');
    const app = Fastify({ logger: { level: 'info', stream: log.stream } });
    scheduleBackups(app, settings(dataDir), HOUR_MS);
    await app.ready();
    vi.advanceTimersByTime(HOUR_MS - 1);
    expect(log.lines).toEqual([]);
    for (const n of [1, 2, 3]) {
      vi.advanceTimersByTime(n === 1 ? 1 : HOUR_MS);
      await until(() => written().length >= n, `backup ${n}`);
    }
    await app.close();
    const dir = path.join(dataDir, 'backups');
    expect(listBackups(dir)).toEqual(
      written()
        .map((l) => l.file)
        .slice(-2)
        .reverse(),
    );
    const count = log.lines.length;
    vi.advanceTimersByTime(5 * HOUR_MS);
    expect(log.lines.length).toBe(count);
  });

  it('logs a failed backup and tries again at the next run, without stopping the server', async () => {
    const dataDir = freshDir();
    const log = logCollector();
    const app = Fastify({ logger: { level: 'info', stream: log.stream } });
    app.get('/ping', async () => ({ ok: true }));
    scheduleBackups(app, settings(dataDir), HOUR_MS);
    await app.ready();
    for (const n of [1, 2]) {
      vi.advanceTimersByTime(HOUR_MS);
      await until(() => log.lines.filter((l) => l.msg === 'scheduled backup failed').length >= n, `failure ${n}`);
    }
    const failure = log.lines.find((l) => l.msg === 'scheduled backup failed')!;
    expect(failure.level).toBe(50);
    expect(failure.err?.message).toBe(`There is no database at ${sqliteFileIn(dataDir)} to back up.`);
    expect((await app.inject({ method: 'GET', url: '/ping' })).json()).toEqual({ ok: true });
    // Once the database is there, the next run backs it up.
    const db = createDatabase({ sqliteFile: sqliteFileIn(dataDir) });
    await migrateToLatest(db);
    await db.destroy();
    vi.advanceTimersByTime(HOUR_MS);
    await until(() => log.lines.some((l) => l.msg === 'backup written'), 'a backup after the failures');
    await app.close();
    expect(listBackups(path.join(dataDir, 'backups')).length).toBeGreaterThanOrEqual(1);
  });

  it('is off at 0, and on PostgreSQL says to use pg_dump instead', async () => {
    const log = logCollector();
    const off = Fastify({ logger: { level: 'info', stream: log.stream } });
    scheduleBackups(off, { ...settings(freshDir()), backupIntervalHours: 0 }, HOUR_MS);
    await off.ready();
    vi.advanceTimersByTime(3 * HOUR_MS);
    await off.close();
    expect(log.lines).toEqual([]);

    const pg = Fastify({ logger: { level: 'info', stream: log.stream } });
    scheduleBackups(pg, { ...settings(freshDir()), databaseUrl: 'postgres://db/baywise' }, HOUR_MS);
    await pg.ready();
    vi.advanceTimersByTime(3 * HOUR_MS);
    await pg.close();
    expect(log.lines.map((l) => [l.level, l.msg])).toEqual([[40, POSTGRES_SCHEDULE_MESSAGE]]);
  });
});

describe('the restore question', () => {
  async function answer(text: string | null): Promise<{ yes: boolean; shown: string }> {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    output.on('data', (chunk: Buffer) => (shown += chunk.toString()));
    const pending = confirm('Replace it?', input, output);
    if (text === null) input.end();
    else input.write(`${text}\n`);
    return { yes: await pending, shown };
  }

  it('takes only y or yes as a yes', async () => {
    expect(await answer('y')).toEqual({ yes: true, shown: 'Replace it? [y/N] ' });
    expect((await answer(' YES ')).yes).toBe(true);
    for (const text of ['', 'n', 'no', 'yep', null]) expect((await answer(text)).yes, String(text)).toBe(false);
  });
});
