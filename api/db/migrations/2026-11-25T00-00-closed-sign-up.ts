import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Closed sign-up: accounts made through an open sign-up wait as pending, admins hand out single-use
// invite links, and shop-wide settings (the "Open sign-up" switch) get a table.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();

  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // SHA-256 of the link's token: a copy of the database does not hand out accounts.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'text')
    .addCheckConstraint('invites_role_check', sql`${sql.ref('role')} in ('technician', 'service_advisor')`)
    .execute();
  await db.schema.createIndex('invites_expires_at').on('invites').column('expires_at').execute();

  await db.schema
    .createTable('shop_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_settings').execute();
  await db.schema.dropTable('invites').execute();
  await db.schema.alterTable('users').dropColumn('status').execute();
}
