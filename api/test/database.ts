import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** The PostgreSQL server the PostgreSQL run of the tests uses (`.ci/run` creates it). */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://baywise:baywise@127.0.0.1:5432/baywise_test';

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
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = createDatabase({ databaseUrl: TEST_DATABASE_URL, pgSchema: schema });
  await migrateToLatest(db, schema);
  return {
    db,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** Whether the test PostgreSQL server answers (used to decide on the PostgreSQL run). */
export async function postgresReachable(url = TEST_DATABASE_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
