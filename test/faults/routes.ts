import { loadConfig } from '@api/config';
import { buildApp } from '@api/app';
import { createDatabase } from '@api/db/database';

/** Every route the app serves ("METHOD /url"), read from the app itself so new routes are fuzzed too. */
export async function appRoutes(dataDir: string): Promise<string[]> {
  const db = createDatabase({ sqliteFile: ':memory:' });
  const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(48), LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db });
  try {
    await app.ready();
    return [...new Set(app.routeList)].filter((route) => !route.endsWith(' *') && !route.startsWith('OPTIONS '));
  } finally {
    await app.close();
    await db.destroy();
  }
}
