import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/**
 * Settings for a command run as a child process (e.g. `npm run db:seed`) on a database of its own:
 * a fresh DATA_DIR, holding the SQLite file, or with `DATABASE_URL` naming a fresh PostgreSQL database.
 */
export async function createCommandDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baywise-command-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (testDatabaseKind() === 'sqlite') return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, drop: async () => removeDir() };
  const name = `command_${randomBytes(6).toString('hex')}`;
  const server = postgresUrl();
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      removeDir();
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
