// `npm run backup`: a consistent copy of the live SQLite database into DATA_DIR/backups, keeping
// the newest BACKUP_KEEP. The server may be running.
import { loadCommandConfig } from '@api/config';
import { backupDatabase } from './backup';
import { BackupFileError } from './backup-file';
import { POSTGRES_BACKUP_MESSAGE } from './backup-messages';
import { usePrivateUmask } from './private-files';

async function main(): Promise<number> {
  usePrivateUmask();
  const config = loadCommandConfig();
  if (!config) return 1;
  if (config.databaseUrl) {
    console.error(POSTGRES_BACKUP_MESSAGE);
    return 1;
  }
  try {
    const result = await backupDatabase({ dataDir: config.dataDir, keep: config.backupKeep });
    console.log(`Wrote ${result.file} (${Math.ceil(result.bytes / 1024)} KB, integrity check ok).`);
    for (const file of result.removed) console.log(`Removed ${file} (keeping the newest ${config.backupKeep}).`);
    return 0;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    console.error(err instanceof BackupFileError ? reason : `The backup failed: ${reason}`);
    return 1;
  }
}

process.exitCode = await main();
