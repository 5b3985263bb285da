import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// The sequence number of the last change to a customer or a vehicle, beside the feed's own: a
// customer or vehicle search's matches stay the same while it does, whatever else the shop writes.
// It starts at the feed's sequence number, the latest change any of those rows can have had.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sync_state')
    .addColumn('customer_vehicle_seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('sync_state')
    .set({ customer_vehicle_seq: sql.ref('seq') })
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sync_state').dropColumn('customer_vehicle_seq').execute();
}
