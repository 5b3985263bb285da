import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, type AppConfig } from './config';
import { scheduleBackups } from './db/backup-schedule';
import { openConfiguredDatabase } from './db/open';
import { dataDirWarning, tightenDataDir, usePrivateUmask } from './db/private-files';
import { holdServerPidFile } from './db/server-lock';
import { createLogOutput } from './lib/log-output';
import { shareHashingAmong } from './lib/hash-pool';
import { REPO_ROOT } from './lib/repo-root';
import { firstRunSetup } from './process/first-run';
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
  // Alone, this process also owns the first-run setup code (a cluster's primary does otherwise).
  const setup = alone ? await firstRunSetup(db, config) : undefined;
  const logOutput = createLogOutput();
  const app = await buildApp({
    config,
    db,
    webRoot: config.webDir ?? path.join(REPO_ROOT, 'dist', 'web'),
    logger: { level: config.logLevel, stream: logOutput },
  });
  logOutput.reportDropsTo(app.log);
  if (alone) scheduleBackups(app, config);
  const drain = prepareDrain(app);
  const stop = stopOnSignals(
    async (reason) => {
      app.log.info({ reason }, 'shutting down');
      await drain();
      await closeDatabase(db);
      releasePidFile();
    },
    app.log,
    () => logOutput.flush(),
  );
  onStopMessage = () => stop('asked by the primary');
  if (stopAsked) return onStopMessage();

  await app.listen({ port: config.port, host: config.host });
  if (alone && config.logLevel !== 'silent') {
    console.log(welcomeText({ url: displayUrl(config.host, config.port), adminEmail: config.adminEmail, setup }));
  }
}

async function main(): Promise<void> {
  // Before anything is written: the session secret, the database and its WAL are owner-only.
  usePrivateUmask();
  const config = loadConfig();
  if (cluster.isPrimary) {
    const warning = dataDirWarning(config.dataDir, tightenDataDir(config.dataDir));
    if (warning) console.warn(warning);
  }
  if (config.workers === 1) return serve(config, true);
  return cluster.isPrimary ? runPrimary(config) : serve(config, false);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
