import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Sign-in failures are counted per (username, client) instead of per username alone, and devices
// that signed in before are remembered, so an attacker's failures cannot lock the owner out.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The old rows counted per username only and are worth nothing under the new rules.
  await db.schema.dropTable('login_failures').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username_key', 'text', (c) => c.notNull())
    // `device:<sha-256 of the device id>` or `address:<client address>`.
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_pair_time')
    .on('login_failures')
    .columns(['username_key', 'client_key', 'failed_at'])
    .execute();
  await db.schema
    .createIndex('login_failures_key_time')
    .on('login_failures')
    .columns(['username_key', 'failed_at'])
    .execute();
  await db.schema.createIndex('login_failures_failed_at').on('login_failures').column('failed_at').execute();

  // One row per (device, user) that signed in there; a shared tablet has one row per technician.
  await db.schema
    .createTable('trusted_devices')
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trusted_devices_pkey', ['device_hash', 'user_id'])
    .execute();
  await db.schema.createIndex('trusted_devices_user_id').on('trusted_devices').column('user_id').execute();
  await db.schema
    .createIndex('trusted_devices_last_used_at')
    .on('trusted_devices')
    .column('last_used_at')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trusted_devices').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_time')
    .on('login_failures')
    .columns(['username_key', 'failed_at'])
    .execute();
}
