import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** The PostgreSQL server of this run (started by `test/postgres-setup.ts`, or `TEST_DATABASE_URL`). */
const postgresUrl = (): string => inject('postgresUrl');

export const testDatabaseKind = (): 'postgres' | 'sqlite' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  db: Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database: in-memory SQLite, or a schema of its own on PostgreSQL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind() === 'sqlite') {
    const db = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db);
    return { db, drop: () => db.destroy() };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const url = postgresUrl();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = createDatabase({ databaseUrl: url, pgSchema: schema });
  await migrateToLatest(db, schema);
  return {
    db,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}
