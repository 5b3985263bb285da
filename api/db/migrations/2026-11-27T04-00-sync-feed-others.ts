import { sql, type Kysely, type SqlBool } from 'kysely';

// Frozen in time: this file never imports application code.
// A page of the change feed reads its customers, vehicles and inspections by its range of the
// feed, and every other row of that range (deletions, and the kinds read by id) one by one. This
// partial index holds only those other rows, so a page finds them without reading the range's
// rows; a query uses it by stating its condition word for word.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('sync_changes_others')
    .on('sync_changes')
    .column('seq')
    .where(sql<SqlBool>`(deleted = 1 or entity not in ('customer', 'vehicle', 'inspection'))`)
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('sync_changes_others').execute();
}
