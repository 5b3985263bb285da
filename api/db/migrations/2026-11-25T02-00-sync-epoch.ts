import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// The change feed's epoch: a restore gives the database a new one, and a cursor from another epoch
// must resync. '' is the history before any restore; its cursors are the plain sequence numbers
// devices already hold.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sync_state')
    .addColumn('epoch', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_state').dropColumn('epoch').execute();
}
