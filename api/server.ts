import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { scheduleBackups } from './db/backup-schedule';
import { migrateToLatest } from './db/migrate';
import { openConfiguredDatabase } from './db/open';
import { holdServerPidFile } from './db/server-lock';
import { countUsers } from './modules/users/user.repository';
import { displayUrl, welcomeText } from './welcome';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openConfiguredDatabase(config);
  // `npm run restore` refuses while this file names a live process.
  const releasePidFile = config.databaseUrl ? () => undefined : holdServerPidFile(config.dataDir);
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    webRoot: config.webDir ?? path.join(root, 'dist', 'web'),
    logger: { level: config.logLevel },
  });
  scheduleBackups(app, config);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    releasePidFile();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.logLevel !== 'silent') {
    const hasUsers = (await countUsers(db, {})) > 0;
    console.log(welcomeText({ url: displayUrl(config.host, config.port), adminEmail: config.adminEmail, hasUsers }));
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
