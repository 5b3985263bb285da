import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// A stored answer per inspection (the read model): `inspection_documents` holds each inspection's
// response JSON as the app last built it. The app builds and stores the text; the database keeps
// it honest: every change to a row the answer is made of (the inspection, its services, their
// parts, its notes, its customer, its vehicle, its technician's name, email or role) clears the
// text and raises `version` in the same transaction, by the triggers below. A document is stored
// only if `version` is still the one read before the rows it was built from, so a text built from
// rows that changed meanwhile is never kept. `shape` names the answer's format; a text of another
// format is not used.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

const CLEAR = 'UPDATE inspection_documents SET version = version + 1, shape = NULL, body = NULL';

/** Per table, the inspections a changed row belongs to, as a condition on `inspection_id` for the row `r` (old or new). */
const OWNERS: Record<string, (r: string) => string> = {
  services: (r) => `inspection_id = ${r}.inspection_id`,
  inspection_notes: (r) => `inspection_id = ${r}.inspection_id`,
  service_parts: (r) => `inspection_id = (SELECT s.inspection_id FROM services s WHERE s.id = ${r}.service_id)`,
};
/** Tables whose rows are nested in many inspections: only an update changes them (a delete removes the inspections). */
const NESTED_IN: Record<string, { column: string; when: string | undefined }> = {
  customers: { column: 'customer_id', when: undefined },
  vehicles: { column: 'vehicle_id', when: undefined },
  users: {
    column: 'technician_id',
    when: 'OLD.username IS DISTINCT FROM NEW.username OR OLD.email IS DISTINCT FROM NEW.email OR OLD.role IS DISTINCT FROM NEW.role',
  },
};

const nestedCondition = (table: string, r: string) =>
  `inspection_id IN (SELECT i.id FROM inspections i WHERE i.${NESTED_IN[table]!.column} = ${r}.id)`;

async function createSqliteTriggers(db: Db): Promise<void> {
  const trigger = (name: string, event: string, table: string, body: string, when?: string) =>
    sql
      .raw(
        `CREATE TRIGGER ${name} AFTER ${event} ON ${table} FOR EACH ROW ${when ? `WHEN ${when.replace(/IS DISTINCT FROM/g, 'IS NOT')} ` : ''}BEGIN ${body}; END`,
      )
      .execute(db);
  await trigger('inspection_documents_add', 'INSERT', 'inspections', 'INSERT OR IGNORE INTO inspection_documents (inspection_id) VALUES (new.id)');
  await trigger('inspection_documents_change', 'UPDATE', 'inspections', `${CLEAR} WHERE inspection_id IN (old.id, new.id)`);
  await trigger('inspection_documents_remove', 'DELETE', 'inspections', 'DELETE FROM inspection_documents WHERE inspection_id = old.id');
  for (const [table, owner] of Object.entries(OWNERS)) {
    await trigger(`${table}_documents_add`, 'INSERT', table, `${CLEAR} WHERE ${owner('new')}`);
    await trigger(`${table}_documents_change`, 'UPDATE', table, `${CLEAR} WHERE ${owner('old')} OR ${owner('new')}`);
    await trigger(`${table}_documents_remove`, 'DELETE', table, `${CLEAR} WHERE ${owner('old')}`);
  }
  for (const [table, { when }] of Object.entries(NESTED_IN)) {
    await trigger(`${table}_documents_change`, 'UPDATE', table, `${CLEAR} WHERE ${nestedCondition(table, 'new')}`, when);
  }
}

async function createPostgresTriggers(db: Db): Promise<void> {
  const fn = async (name: string, body: string) => {
    await sql
      .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`)
      .execute(db);
  };
  const trigger = (name: string, events: string, table: string, when?: string) =>
    sql
      .raw(`CREATE TRIGGER ${name} AFTER ${events} ON ${table} FOR EACH ROW ${when ? `WHEN (${when}) ` : ''}EXECUTE FUNCTION ${name}()`)
      .execute(db);
  await fn(
    'inspection_documents_keep',
    `IF TG_OP = 'INSERT' THEN INSERT INTO inspection_documents (inspection_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
     ELSIF TG_OP = 'UPDATE' THEN ${CLEAR} WHERE inspection_id IN (OLD.id, NEW.id);
     ELSE DELETE FROM inspection_documents WHERE inspection_id = OLD.id; END IF;`,
  );
  await trigger('inspection_documents_keep', 'INSERT OR UPDATE OR DELETE', 'inspections');
  for (const [table, owner] of Object.entries(OWNERS)) {
    await fn(
      `${table}_documents_keep`,
      `IF TG_OP = 'INSERT' THEN ${CLEAR} WHERE ${owner('NEW')};
       ELSIF TG_OP = 'UPDATE' THEN ${CLEAR} WHERE ${owner('OLD')} OR ${owner('NEW')};
       ELSE ${CLEAR} WHERE ${owner('OLD')}; END IF;`,
    );
    await trigger(`${table}_documents_keep`, 'INSERT OR UPDATE OR DELETE', table);
  }
  for (const [table, { when }] of Object.entries(NESTED_IN)) {
    await fn(`${table}_documents_keep`, `${CLEAR} WHERE ${nestedCondition(table, 'NEW')};`);
    await trigger(`${table}_documents_keep`, 'UPDATE', table, when);
  }
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('inspection_documents')
    .addColumn('inspection_id', 'text', (col) => col.primaryKey())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('shape', 'text')
    .addColumn('body', 'text')
    .execute();
  // The documents still to build (shape null) and those of an older format, found without a scan.
  await db.schema.createIndex('inspection_documents_shape').on('inspection_documents').columns(['shape', 'inspection_id']).execute();
  await sql`INSERT INTO inspection_documents (inspection_id) SELECT id FROM inspections`.execute(db);
  if (isPostgres(db)) await createPostgresTriggers(db);
  else await createSqliteTriggers(db);
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) {
    const triggers: [string, string][] = [
      ['inspection_documents_keep', 'inspections'],
      ...[...Object.keys(OWNERS), ...Object.keys(NESTED_IN)].map((table): [string, string] => [`${table}_documents_keep`, table]),
    ];
    for (const [name, table] of triggers) {
      await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
      await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
    }
  } else {
    for (const name of ['inspection_documents_add', 'inspection_documents_change', 'inspection_documents_remove']) {
      await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    }
    for (const table of Object.keys(OWNERS)) {
      for (const event of ['add', 'change', 'remove']) await sql.raw(`DROP TRIGGER ${table}_documents_${event}`).execute(db);
    }
    for (const table of Object.keys(NESTED_IN)) await sql.raw(`DROP TRIGGER ${table}_documents_change`).execute(db);
  }
  await db.schema.dropTable('inspection_documents').execute();
}
