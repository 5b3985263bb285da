import { chmodSync, copyFileSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { copyLiveDatabase } from './backup';
import { backupsDirIn, checkBackupFile } from './backup-file';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';
import { sqliteFileIn } from './open';
import { makePrivateDir, PRIVATE_FILE_MODE } from './private-files';
import { pidFileIn, runningServerPid } from './server-lock';
import { randomEpoch, setSyncEpoch } from './sync-epoch';

// `npm run restore`: puts a backup back as DATA_DIR's database, with the server stopped. The backup
// is copied, migrated and given a new sync epoch under a temporary name, and only then swapped in,
// so a failure leaves the current database as it was.

export class RestoreRefused extends Error {}

export function assertServerStopped(dataDir: string): void {
  const pid = runningServerPid(dataDir);
  if (pid !== null) {
    throw new RestoreRefused(
      `A Baywise server (process ${pid}) is running on ${dataDir}; stop it first. ` +
        `If none is running, remove ${pidFileIn(dataDir)}.`,
    );
  }
}

export interface RestoreResult {
  /** The database as it was before, kept in DATA_DIR/backups; null when there was none. */
  safetyCopy: string | null;
  /** Migrations run on the restored copy (it came from an older version). */
  migrated: string[];
  /** The new sync epoch: every device cursor from before resyncs. */
  epoch: string;
}

const sidecars = (file: string) => [`${file}-wal`, `${file}-shm`, `${file}-journal`];
const stamp = (at: Date) => at.toISOString().replace(/:/g, '-').replace('.', '-');

/** Keeps the current database: an online copy, or its raw files when it cannot be read (damaged). */
async function keepSafetyCopy(current: string, dir: string, at: Date): Promise<string> {
  makePrivateDir(dir);
  const copy = path.join(dir, `before-restore-${stamp(at)}.sqlite`);
  try {
    await copyLiveDatabase(current, copy);
  } catch {
    rmSync(copy, { force: true });
    copyFileSync(current, copy);
    chmodSync(copy, PRIVATE_FILE_MODE);
    if (existsSync(`${current}-wal`)) {
      copyFileSync(`${current}-wal`, `${copy}-wal`);
      chmodSync(`${copy}-wal`, PRIVATE_FILE_MODE);
    }
  }
  return copy;
}

/** Migrates the copy forward and starts a new sync epoch in it. */
async function prepare(file: string): Promise<string> {
  const db = createDatabase({ sqliteFile: file });
  try {
    await migrateToLatest(db);
    const epoch = randomEpoch();
    await setSyncEpoch(db, epoch);
    return epoch;
  } finally {
    // The last connection's close checkpoints the WAL into the file and removes it.
    await db.destroy();
  }
}

export async function restoreDatabase(options: {
  dataDir: string;
  backup: string;
  now?: Date;
}): Promise<RestoreResult> {
  assertServerStopped(options.dataDir);
  const { pendingMigrations } = checkBackupFile(options.backup);
  const target = sqliteFileIn(options.dataDir);
  const incoming = `${target}.restoring`;
  for (const file of [incoming, ...sidecars(incoming)]) rmSync(file, { force: true });
  copyFileSync(options.backup, incoming);
  // A copy keeps the backup's mode, which may be another tool's.
  chmodSync(incoming, PRIVATE_FILE_MODE);
  let epoch: string;
  try {
    epoch = await prepare(incoming);
  } catch (err) {
    for (const file of [incoming, ...sidecars(incoming)]) rmSync(file, { force: true });
    throw err;
  }
  const safetyCopy = existsSync(target)
    ? await keepSafetyCopy(target, backupsDirIn(options.dataDir), options.now ?? new Date())
    : null;
  // A -wal left beside the old file would be replayed into the restored one: they go first.
  for (const file of sidecars(target)) rmSync(file, { force: true });
  renameSync(incoming, target);
  return { safetyCopy, migrated: pendingMigrations, epoch };
}
