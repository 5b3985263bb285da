import path from 'node:path';
import type { AppConfig } from '@api/config';
import { createDatabase, type Db } from './database';

/** The SQLite database file in a DATA_DIR. */
export const sqliteFileIn = (dataDir: string): string => path.join(dataDir, 'baywise.sqlite');

/** The database the settings point at: PostgreSQL with DATABASE_URL, else SQLite in DATA_DIR. */
export function openConfiguredDatabase(config: AppConfig): Db {
  return createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: sqliteFileIn(config.dataDir),
  });
}
