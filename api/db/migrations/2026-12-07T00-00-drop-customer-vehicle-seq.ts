import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Searches are read from the database every time, so nothing goes by the last change to a
// customer or vehicle any more.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_state').dropColumn('customer_vehicle_seq').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sync_state')
    .addColumn('customer_vehicle_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('sync_state')
    .set({ customer_vehicle_seq: sql.ref('seq') })
    .execute();
}
