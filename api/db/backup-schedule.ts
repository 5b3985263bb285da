import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '@api/config';
import { backupDatabase } from './backup';
import { POSTGRES_SCHEDULE_MESSAGE } from './backup-messages';

const HOUR_MS = 60 * 60 * 1000;

/**
 * With BACKUP_INTERVAL_HOURS, backs the SQLite database up every that many hours (the first one
 * after one interval). A failure is logged and the next run tries again; close waits for a run.
 */
export function scheduleBackups(
  app: FastifyInstance,
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl' | 'backupKeep' | 'backupIntervalHours'>,
  intervalMs = config.backupIntervalHours * HOUR_MS,
): void {
  if (config.backupIntervalHours <= 0) return;
  if (config.databaseUrl) {
    app.addHook('onReady', async () => app.log.warn(POSTGRES_SCHEDULE_MESSAGE));
    return;
  }
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running ??= backupDatabase({ dataDir: config.dataDir, keep: config.backupKeep })
      .then((result) =>
        app.log.info({ file: result.file, bytes: result.bytes, removed: result.removed }, 'backup written'),
      )
      .catch((err: unknown) => app.log.error({ err }, 'scheduled backup failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
