import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { migrations } from './migrations';

// Backup files: their names (sortable UTC time) and the checks a file passes before it is kept as a
// backup or put back as the database.

export const BACKUPS_FOLDER = 'backups';
const NAME = /^baywise-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.sqlite$/;
const SQLITE_HEADER = 'SQLite format 3\0';

export const backupsDirIn = (dataDir: string): string => path.join(dataDir, BACKUPS_FOLDER);

/** `2026-11-25T02:00:00.123Z` becomes `baywise-2026-11-25T02-00-00-123Z.sqlite`: sorts by time, safe on every OS. */
export function backupFileName(at: Date): string {
  return `baywise-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.sqlite`;
}

export const isBackupFileName = (name: string): boolean => NAME.test(name);

/** When a backup was taken: from its name, else the file's modification time. */
export function backupTakenAt(file: string): Date {
  const match = NAME.exec(path.basename(file));
  if (match) return new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`);
  return statSync(file).mtime;
}

export class BackupFileError extends Error {}

function hasSqliteHeader(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, header, 0, header.length, 0) === header.length && header.toString('latin1') === SQLITE_HEADER;
  } finally {
    closeSync(fd);
  }
}

export interface CheckedBackup {
  /** Migrations the file has not had yet (it is from an older version); a restore runs them. */
  pendingMigrations: string[];
}

/**
 * Throws a BackupFileError unless `file` is an intact SQLite database made by this or an older
 * version of Baywise: the header, `PRAGMA integrity_check`, and its migrations all known here.
 */
export function checkBackupFile(file: string): CheckedBackup {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new BackupFileError(`${file} is not a file.`);
    size = stat.size;
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    throw new BackupFileError(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (size === 0 || !hasSqliteHeader(file)) throw new BackupFileError(`${file} is not a SQLite database.`);
  // A read-only open of a WAL-mode file makes -wal and -shm files beside it; ours go again after.
  const created = [`${file}-wal`, `${file}-shm`].filter((sidecar) => !existsSync(sidecar));
  let sqlite: SqliteDatabase.Database | undefined;
  try {
    sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    const results = sqlite.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const problems = results.map((r) => r.integrity_check).filter((r) => r !== 'ok');
    if (problems.length > 0) {
      throw new BackupFileError(`${file} is damaged (integrity check: ${problems.slice(0, 3).join('; ')}).`);
    }
    const tables = new Set(
      (sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    if (!tables.has('kysely_migration') || !tables.has('users')) {
      throw new BackupFileError(`${file} is a SQLite database, but not a Baywise one.`);
    }
    const applied = (sqlite.prepare('select name from kysely_migration').all() as { name: string }[]).map(
      (r) => r.name,
    );
    const unknown = applied.filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new BackupFileError(
        `${file} comes from a newer version of Baywise (migration ${unknown[0]}); update first.`,
      );
    }
    return { pendingMigrations: Object.keys(migrations).filter((name) => !applied.includes(name)) };
  } catch (err) {
    if (err instanceof BackupFileError) throw err;
    // A damaged file can fail before the check runs ("database disk image is malformed").
    throw new BackupFileError(`${file} is damaged: ${err instanceof Error ? err.message : String(err)}.`);
  } finally {
    sqlite?.close();
    for (const sidecar of created) rmSync(sidecar, { force: true });
  }
}
