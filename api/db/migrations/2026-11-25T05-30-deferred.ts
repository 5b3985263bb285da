import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// The deferred-work list sorts open lines by value as well as by age: an index for each.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('deferred_work_status_value')
    .on('deferred_work')
    .columns(['status', 'amount_cents', 'id'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('deferred_work_status_value').execute();
}
