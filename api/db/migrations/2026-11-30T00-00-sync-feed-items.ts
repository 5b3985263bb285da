import { type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Each row of the change feed keeps what a page of the feed sends for it, written the first time a
// page holds it and cleared whenever the row is recorded again: a customer's or a vehicle's answer
// as JSON text (`item`), and for an inspection whether, and since when, it is shown by its date
// (`item_changed_at`: its last change unless it is in progress; `item` is '' once read). A page then
// reads its rows of the feed alone. `sync_state.item_shape` names the format the items are written
// in: a server that writes another one clears them first.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('sync_changes').addColumn('item', 'text').execute();
  await db.schema.alterTable('sync_changes').addColumn('item_changed_at', 'text').execute();
  await db.schema.alterTable('sync_state').addColumn('item_shape', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('sync_state').dropColumn('item_shape').execute();
  await db.schema.alterTable('sync_changes').dropColumn('item_changed_at').execute();
  await db.schema.alterTable('sync_changes').dropColumn('item').execute();
}
