import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Idempotency keys for safe retries, and the change feed the offline app pulls from.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    // The response body as sent (JSON text); null for a 204.
    .addColumn('body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'key'])
    .addCheckConstraint('idempotency_keys_key_length', sql`length(${sql.ref('key')}) between 1 and 255`)
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_at')
    .on('idempotency_keys')
    .column('created_at')
    .execute();

  // One row: the last change sequence handed out, and the highest sequence of pruned deletions.
  await db.schema
    .createTable('sync_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tombstone_horizon', 'bigint', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('sync_state_single_row', sql`${sql.ref('id')} = 1`)
    .execute();

  // One row per entity (upserted on every change), so a pull reads only what changed.
  await db.schema
    .createTable('sync_changes')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_changes_pkey', ['entity', 'entity_id'])
    .execute();
  await db.schema.createIndex('sync_changes_seq').on('sync_changes').column('seq').execute();
  await db.schema
    .createIndex('sync_changes_deleted_changed_at')
    .on('sync_changes')
    .columns(['deleted', 'changed_at'])
    .execute();

  // Existing rows enter the feed once, parents first, so a first pull sees them.
  const now = new Date().toISOString();
  let seq = 0;
  for (const [entity, table] of [
    ['customer', 'customers'],
    ['vehicle', 'vehicles'],
    ['inspection', 'inspections'],
  ] as const) {
    await sql`
      insert into ${sql.table('sync_changes')} (entity, entity_id, seq, deleted, changed_at)
      select ${sql.lit(entity)}, id, ${sql.lit(seq)} + row_number() over (order by created_at, id), 0, ${sql.lit(now)}
      from ${sql.table(table)}
    `.execute(db);
    const counted = await sql<{ count: string | number }>`select count(*) as count from ${sql.table(table)}`.execute(db);
    seq += Number(counted.rows[0]?.count ?? 0);
  }
  await sql`
    insert into ${sql.table('sync_state')} (id, seq, tombstone_horizon) values (1, ${sql.lit(seq)}, 0)
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sync_changes', 'sync_state', 'idempotency_keys']) {
    await db.schema.dropTable(table).execute();
  }
}
