import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Failures are also counted per client address over all usernames (the address budget of the
// sign-in throttle), which reads the most recent rows of one client key.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('login_failures_client_time')
    .on('login_failures')
    .columns(['client_key', 'failed_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_failures_client_time').execute();
}
