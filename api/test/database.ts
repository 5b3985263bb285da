import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, type Db } from '@api/db/database';
import { migrateToLatest } from '@api/db/migrate';
import { createDatabaseOn, runStatement } from '@test/postgres-server';

/** The PostgreSQL server of this run (started by `test/postgres-setup.ts`, or `TEST_DATABASE_URL`). */
const postgresUrl = (): string => inject('postgresUrl');

export const testDatabaseKind = (): 'postgres' | 'sqlite' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  db: Db;
  drop(): Promise<void>;
}

/** A database of its own on the test server: a name, its URL, and how to drop it. */
async function ownPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `own_${randomBytes(6).toString('hex')}`;
  const server = postgresUrl();
  const url = await createDatabaseOn(server, name);
  return { url, drop: () => runStatement(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh, migrated database: in-memory SQLite, or a schema of its own on PostgreSQL.
 * `ownDatabase`: a whole PostgreSQL database instead, for a file that drops and re-creates tables
 * (the migration test): Kysely's migrator reads the catalog of every schema in its database, and
 * fails with "column … does not exist" when another file's schema changes under it at that moment.
 */
export async function createTestDatabase(options: { ownDatabase?: boolean } = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'sqlite') {
    const db = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    return { db, drop: () => db.destroy() };
  }
  if (options.ownDatabase) {
    const own = await ownPostgresDatabase();
    const db = createDatabase({ databaseUrl: own.url });
    await migrateToLatest(db);
    return {
      db,
      async drop() {
        await db.destroy();
        await own.drop();
      },
    };
  }
  const schema = `${inject('postgresSchemaPrefix')}${randomBytes(6).toString('hex')}`;
  const url = postgresUrl();
  await runStatement(url, `CREATE SCHEMA ${schema}`);
  const db = createDatabase({ databaseUrl: url, pgSchema: schema });
  await migrateToLatest(db, schema);
  return {
    db,
    // The schema stays until the run ends (see test/postgres-setup.ts): dropping it now would
    // break other files' introspection that is reading every schema at that moment.
    drop: () => db.destroy(),
  };
}

/**
 * Settings for a command run as a child process (e.g. `npm run db:seed`) on a database of its own:
 * a fresh DATA_DIR, holding the SQLite file, or with `DATABASE_URL` naming a fresh PostgreSQL database.
 */
export async function createCommandDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baywise-command-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (testDatabaseKind() === 'sqlite')
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => removeDir() };
  const own = await ownPostgresDatabase();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: own.url },
    async drop() {
      removeDir();
      await own.drop();
    },
  };
}
