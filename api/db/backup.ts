import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { backupFileName, backupsDirIn, BackupFileError, checkBackupFile, isBackupFileName } from './backup-file';
import { sqliteFileIn } from './open';
import { ensurePrivateFile, makePrivateDir } from './private-files';

// `npm run backup` and BACKUP_INTERVAL_HOURS: a consistent copy of the live SQLite database, made
// with SQLite's online backup while the server may be writing, checked, then kept among the newest N.

/** Pages per backup step: all of them, so the copy is one read transaction (WAL lets writers go on). */
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  file: string;
  bytes: number;
  /** Older backups removed to keep the newest `keep`. */
  removed: string[];
}

export interface BackupOptions {
  dataDir: string;
  keep: number;
  now?: Date;
}

/** Copies a live SQLite database to `target` with the online backup API. */
export async function copyLiveDatabase(source: string, target: string): Promise<void> {
  // Created 0600 first: SQLite keeps an existing file's mode, and gives its journal the same.
  ensurePrivateFile(target);
  const sqlite = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    // Copied in one step: a step-by-step copy restarts whenever another connection writes.
    await sqlite.backup(target, { progress: () => ALL_PAGES });
  } finally {
    sqlite.close();
  }
  // The copy keeps the live file's WAL mode; a backup is one self-contained file.
  const copy = new SqliteDatabase(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Writes DATA_DIR/backups/baywise-<UTC time>.sqlite and removes all but the newest `keep`. */
export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const source = sqliteFileIn(options.dataDir);
  if (!existsSync(source)) throw new BackupFileError(`There is no database at ${source} to back up.`);
  const dir = backupsDirIn(options.dataDir);
  makePrivateDir(dir);
  const file = path.join(dir, backupFileName(options.now ?? new Date()));
  if (existsSync(file)) throw new BackupFileError(`${file} already exists.`);
  // Never a half-written file under a backup's name: written and checked under a temporary one.
  const temp = `${file}.partial`;
  try {
    await copyLiveDatabase(source, temp);
    checkBackupFile(temp);
    renameSync(temp, file);
  } finally {
    for (const leftover of [temp, `${temp}-journal`, `${temp}-wal`, `${temp}-shm`]) rmSync(leftover, { force: true });
  }
  return { file, bytes: statSync(file).size, removed: pruneBackups(dir, options.keep) };
}

/** The backups in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter(isBackupFileName)
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/** Removes all but the newest `keep` backups (safety copies made by a restore are not counted). */
export function pruneBackups(dir: string, keep: number): string[] {
  const removed = listBackups(dir).slice(keep);
  for (const file of removed) rmSync(file, { force: true });
  return removed;
}
