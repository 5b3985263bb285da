import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './config';
import { scheduleBackups } from './db/backup-schedule';
import { migrateToLatest } from './db/migrate';
import { openConfiguredDatabase } from './db/open';
import { holdServerPidFile } from './db/server-lock';
import { shareHashingAmong } from './lib/hash-pool';
import { returnFreedMemory } from './lib/malloc-trim';
import { REPO_ROOT } from './lib/repo-root';
import { countUsers } from './modules/users/user.repository';
import { runPrimary, STOP_MESSAGE } from './process/primary';
import { closeDatabase, prepareDrain, stopOnSignals } from './process/shutdown';
import { displayUrl, welcomeText } from './welcome';

/**
 * One server process: alone (WORKERS=1) it also migrates, holds the pid file and runs the backup
 * schedule; as a cluster worker it only serves, and the primary does those.
 */
async function serve(config: AppConfig, alone: boolean): Promise<void> {
  // A worker may be told to stop before it is ready to: it stops as soon as it is.
  let stopAsked = false;
  let onStopMessage: () => void = () => {
    stopAsked = true;
  };
  if (!alone) process.on('message', (message) => message === STOP_MESSAGE && onStopMessage());
  // The server processes together hash at most as many passwords at once as there are cores.
  shareHashingAmong(config.workers);
  const db = openConfiguredDatabase(config);
  // `npm run restore` refuses while this file names a live process.
  const releasePidFile = !alone || config.databaseUrl ? () => undefined : holdServerPidFile(config.dataDir);
  if (alone) await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    webRoot: config.webDir ?? path.join(REPO_ROOT, 'dist', 'web'),
    logger: { level: config.logLevel },
  });
  if (alone) scheduleBackups(app, config);
  const trimming = returnFreedMemory(app.log);
  const drain = prepareDrain(app);
  const stop = stopOnSignals(async (reason) => {
    app.log.info({ reason }, 'shutting down');
    await drain();
    trimming.stop();
    await closeDatabase(db);
    releasePidFile();
  }, app.log);
  onStopMessage = () => stop('asked by the primary');
  if (stopAsked) return onStopMessage();

  await app.listen({ port: config.port, host: config.host });
  if (alone && config.logLevel !== 'silent') {
    const hasUsers = (await countUsers(db, {})) > 0;
    console.log(welcomeText({ url: displayUrl(config.host, config.port), adminEmail: config.adminEmail, hasUsers }));
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers === 1) return serve(config, true);
  return cluster.isPrimary ? runPrimary(config) : serve(config, false);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
