// `npm run restore -- <file> [--yes]`: puts a backup back (server stopped, asks first).
// `npm run restore -- --new-sync-epoch [--yes]`: only tells every device to pull its data again.
import path from 'node:path';
import { loadConfig, type AppConfig } from '@api/config';
import { backupsDirIn, BackupFileError, backupTakenAt, checkBackupFile } from './backup-file';
import { POSTGRES_RESTORE_MESSAGE } from './backup-messages';
import { confirm } from './confirm';
import { migrateToLatest } from './migrate';
import { openConfiguredDatabase } from './open';
import { assertServerStopped, RestoreRefused, restoreDatabase } from './restore';
import { randomEpoch, setSyncEpoch } from './sync-epoch';
import { usePrivateUmask } from './private-files';

const USAGE = `Usage: npm run restore -- <backup file> [--yes]
       npm run restore -- --new-sync-epoch [--yes]

  <backup file>     Replace the SQLite database in DATA_DIR with this backup (one of
                    DATA_DIR/backups). Stop the server first. The current database is kept as
                    DATA_DIR/backups/before-restore-<time>.sqlite, the backup is migrated to this
                    version, and every device drops its copy and pulls again (its outbox stays).
  --new-sync-epoch  Only make every device drop its copy and pull again: after restoring
                    PostgreSQL with pg_restore, or a database file copied back by hand.
  --yes             Do not ask first (for scripts).`;

const utc = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** A yes from --yes or from the terminal; never from a pipe or a script without --yes. */
async function confirmed(question: string, yes: boolean): Promise<boolean> {
  if (yes) return true;
  if (!process.stdin.isTTY) {
    console.error(`${question}\nNot confirmed: pass --yes when not running at a terminal.`);
    return false;
  }
  const answer = await confirm(question, process.stdin, process.stdout);
  if (!answer) console.error('Nothing was changed.');
  return answer;
}

async function newSyncEpoch(config: AppConfig, yes: boolean): Promise<number> {
  const question = 'Make every device drop its copy of the data and pull it again from the database?';
  if (!(await confirmed(question, yes))) return 1;
  const db = openConfiguredDatabase(config);
  try {
    await migrateToLatest(db);
    await setSyncEpoch(db, randomEpoch());
    console.log('Started a new sync epoch: every device pulls its data again at its next sync.');
    return 0;
  } finally {
    await db.destroy();
  }
}

async function restore(config: AppConfig, file: string, yes: boolean): Promise<number> {
  const backup = path.resolve(file);
  // Checked before asking, and again by the restore itself.
  assertServerStopped(config.dataDir);
  checkBackupFile(backup);
  const question =
    `Replace the database in ${config.dataDir} with ${backup}, taken ${utc(backupTakenAt(backup))}? ` +
    `The current one is kept in ${backupsDirIn(config.dataDir)}.`;
  if (!(await confirmed(question, yes))) return 1;
  const result = await restoreDatabase({ dataDir: config.dataDir, backup });
  if (result.safetyCopy) console.log(`Kept the database as it was in ${result.safetyCopy}.`);
  if (result.migrated.length > 0) console.log(`Migrated the backup forward: ${result.migrated.join(', ')}.`);
  console.log(`Restored ${backup}. Devices pull their data again at their next sync.`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  usePrivateUmask();
  const yes = args.includes('--yes');
  const epochOnly = args.includes('--new-sync-epoch');
  const files = args.filter((arg) => !arg.startsWith('--'));
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--yes' && arg !== '--new-sync-epoch');
  if (unknown.length > 0 || (epochOnly ? files.length !== 0 : files.length !== 1)) {
    console.error(USAGE);
    return 1;
  }
  try {
    const config = loadConfig();
    if (epochOnly) return await newSyncEpoch(config, yes);
    if (config.databaseUrl) {
      console.error(POSTGRES_RESTORE_MESSAGE);
      return 1;
    }
    return await restore(config, files[0]!, yes);
  } catch (err) {
    const expected = err instanceof RestoreRefused || err instanceof BackupFileError;
    const reason = err instanceof Error ? err.message : String(err);
    console.error(expected ? `Not restored: ${reason}` : `The restore failed: ${reason}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
