import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// First-run setup: the empty shop's one-time setup code (its SHA-256 only, one row shared by every
// server process), and accounts that must choose a new password before anything else.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_code')
    // One row at most: a second insert by another process at the same moment fails on the key.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
  await db.schema.dropTable('setup_code').execute();
}
