import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of this run: `TEST_DATABASE_URL`, or one started for the run. */
    postgresUrl: string;
    /** Every test schema of this run starts with it, so the run's end can drop them all. */
    postgresSchemaPrefix: string;
  }
}

/**
 * Test files never drop their schema while others run: Kysely's PostgreSQL introspection (which
 * its migrator uses) reads every schema on the server and fails with "schema … does not exist"
 * when one disappears under it. The run's schemas go at its end instead: with the server of its
 * own (see `postgres-server.ts`), or dropped one by one on an existing server.
 */
async function dropSchemas(url: string, prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where starts_with(nspname, $1)`,
      [prefix],
    );
    for (const { name } of rows) await client.query(`DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE`);
  } finally {
    await client.end();
  }
}

/** Global setup of the PostgreSQL run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prefix = `test_${randomBytes(4).toString('hex')}_`;
  project.provide('postgresSchemaPrefix', prefix);
  const existing = process.env.TEST_DATABASE_URL;
  if (existing) {
    project.provide('postgresUrl', existing);
    return () => dropSchemas(existing, prefix);
  }
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return server.stop;
}
