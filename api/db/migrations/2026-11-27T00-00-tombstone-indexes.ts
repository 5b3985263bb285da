import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// The index on (deleted, changed_at) drew SQLite's planner, which has no statistics, away from
// the primary key: "was one of these ids deleted?" (every write checks its ids) walked every
// remembered deletion instead of looking the ids up. Deletions get partial indexes instead, which
// only a query that says `deleted = 1` in its text can use: one by time for the prune, one by
// entity and sequence for "deletions of this kind since".

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.dropIndex('sync_changes_deleted_changed_at').execute();
  await db.schema
    .createIndex('sync_changes_tombstones_by_time')
    .on('sync_changes')
    .column('changed_at')
    .where(sql.ref('deleted'), '=', sql.lit(1))
    .execute();
  await db.schema
    .createIndex('sync_changes_tombstones_by_entity')
    .on('sync_changes')
    .columns(['entity', 'seq'])
    .where(sql.ref('deleted'), '=', sql.lit(1))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('sync_changes_tombstones_by_entity').execute();
  await db.schema.dropIndex('sync_changes_tombstones_by_time').execute();
  await db.schema.createIndex('sync_changes_deleted_changed_at').on('sync_changes').columns(['deleted', 'changed_at']).execute();
}
