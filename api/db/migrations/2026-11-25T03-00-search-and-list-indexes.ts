import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Text indexes for the lists' `q` and indexes for every list's sort and filter, so a page is read
// through an index instead of sorting a scan.
// SQLite: FTS5 tables with the trigram tokenizer over the lowered text (lower() as SQLite computes
// it, case_sensitive 1: the index holds exactly the text the LIKE search compares), keyed by the
// base row's rowid and kept in step by triggers. PostgreSQL: pg_trgm GIN indexes on lower(col).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';

/** The FTS tables: their columns, each the lowered expression over the base row it indexes. */
const SEARCH_TABLES: Record<string, Record<string, (row: string) => string>> = {
  customers: {
    name: (r) => `lower(${r}.name)`,
    email: (r) => `lower(${r}.email)`,
    phone: (r) => `lower(${r}.phone)`,
    address: (r) => `lower(${r}.address)`,
  },
  // make_model covers make, model and "make model": each is a substring of it.
  vehicles: {
    make_model: (r) => `lower(${r}.make || ' ' || ${r}.model)`,
    vin: (r) => `lower(${r}.vin)`,
    license_plate: (r) => `lower(${r}.license_plate)`,
  },
};

// Sort and filter indexes (both databases). Names and definitions.
const LIST_INDEXES: Record<string, string> = {
  customers_name_order: 'customers (lower(name), name, id)',
  customers_status_name_order: 'customers (status, lower(name), name, id)',
  customers_recent_order: 'customers (created_at DESC, id)',
  customers_updated_order: 'customers (updated_at DESC, id)',
  vehicles_year_order: 'vehicles (year DESC, lower(make), lower(model), id)',
  vehicles_make_order: 'vehicles (lower(make), lower(model), year DESC, id)',
  vehicles_mileage_order: 'vehicles ((case when mileage is null then 1 else 0 end), mileage, id)',
  vehicles_customer_year_order: 'vehicles (customer_id, year DESC, lower(make), lower(model), id)',
  inspections_created_order: 'inspections (created_at, id)',
  inspections_customer_created: 'inspections (customer_id, created_at, id)',
  inspections_vehicle_created: 'inspections (vehicle_id, created_at, id)',
  inspections_technician_created: 'inspections (technician_id, created_at, id)',
  inspections_status_created: 'inspections (status, created_at, id)',
  invoices_created_order: 'invoices (created_at, id)',
  invoices_amount_order: 'invoices (total_cents, created_at, id)',
  invoices_status_created: 'invoices (status, created_at, id)',
  invoices_vehicle_id: 'invoices (vehicle_id)',
};

// Replaced by the composite indexes above, which lead with the same column.
const REPLACED_INDEXES: Record<string, string> = {
  customers_name: 'customers (name)',
  customers_created_at: 'customers (created_at)',
  customers_updated_at: 'customers (updated_at)',
  vehicles_customer_id: 'vehicles (customer_id)',
  inspections_customer_id: 'inspections (customer_id)',
  inspections_vehicle_id: 'inspections (vehicle_id)',
  inspections_technician_id: 'inspections (technician_id)',
  inspections_created_at: 'inspections (created_at)',
  inspections_status: 'inspections (status)',
  invoices_created_at: 'invoices (created_at)',
};

// PostgreSQL: pg_trgm indexes on the lowered columns; the id prefix search uses a pattern index.
const TRIGRAM_INDEXES: Record<string, [string, string]> = {
  customers_name_trgm: ['customers', 'lower(name)'],
  customers_email_trgm: ['customers', 'lower(email)'],
  customers_phone_trgm: ['customers', 'lower(phone)'],
  customers_address_trgm: ['customers', 'lower(address)'],
  vehicles_make_trgm: ['vehicles', 'lower(make)'],
  vehicles_model_trgm: ['vehicles', 'lower(model)'],
  vehicles_make_model_trgm: ['vehicles', "lower(make || ' ' || model)"],
  vehicles_vin_trgm: ['vehicles', 'lower(vin)'],
  vehicles_license_plate_trgm: ['vehicles', 'lower(license_plate)'],
};
// The base columns whose change re-indexes a row.
const SEARCHED_COLUMNS: Record<string, string> = {
  customers: 'name, email, phone, address',
  vehicles: 'make, model, vin, license_plate',
};
const ID_PREFIX_TABLES = ['inspections', 'invoices'];

async function createSqliteSearch(db: Db, table: string, columns: Record<string, (row: string) => string>) {
  const names = Object.keys(columns);
  const search = `${table}_search`;
  const values = (row: string) => Object.values(columns).map((expr) => expr(row)).join(', ');
  await sql
    .raw(`CREATE VIRTUAL TABLE ${search} USING fts5(${names.join(', ')}, tokenize = 'trigram case_sensitive 1')`)
    .execute(db);
  const insert = (row: string) => `INSERT INTO ${search} (rowid, ${names.join(', ')}) VALUES (${row}.rowid, ${values(row)});`;
  const remove = (row: string) => `DELETE FROM ${search} WHERE rowid = ${row}.rowid;`;
  await sql.raw(`CREATE TRIGGER ${search}_insert AFTER INSERT ON ${table} BEGIN ${insert('new')} END`).execute(db);
  await sql
    .raw(`CREATE TRIGGER ${search}_update AFTER UPDATE OF ${SEARCHED_COLUMNS[table]} ON ${table} BEGIN ${remove('old')} ${insert('new')} END`)
    .execute(db);
  await sql.raw(`CREATE TRIGGER ${search}_delete AFTER DELETE ON ${table} BEGIN ${remove('old')} END`).execute(db);
  await sql
    .raw(`INSERT INTO ${search} (rowid, ${names.join(', ')}) SELECT rowid, ${values(table)} FROM ${table}`)
    .execute(db);
}

/** The schema pg_trgm lives in: its operator class is named through it, whatever the search_path. */
async function trigramSchema(db: Db): Promise<string> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]!.schema;
}

export async function up(db: Db): Promise<void> {
  for (const name of Object.keys(REPLACED_INDEXES)) await sql.raw(`DROP INDEX ${name}`).execute(db);
  for (const [name, definition] of Object.entries(LIST_INDEXES)) {
    await sql.raw(`CREATE INDEX ${name} ON ${definition}`).execute(db);
  }
  if (isPostgres(db)) {
    const schema = `"${(await trigramSchema(db)).replace(/"/g, '""')}"`;
    for (const [name, [table, expression]] of Object.entries(TRIGRAM_INDEXES)) {
      await sql.raw(`CREATE INDEX ${name} ON ${table} USING gin ((${expression}) ${schema}.gin_trgm_ops)`).execute(db);
    }
    for (const table of ID_PREFIX_TABLES) {
      await sql.raw(`CREATE INDEX ${table}_id_prefix ON ${table} (lower(id) text_pattern_ops)`).execute(db);
    }
    return;
  }
  for (const [table, columns] of Object.entries(SEARCH_TABLES)) await createSqliteSearch(db, table, columns);
  for (const table of ID_PREFIX_TABLES) {
    await sql.raw(`CREATE INDEX ${table}_id_prefix ON ${table} (lower(id))`).execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  const search = isPostgres(db) ? Object.keys(TRIGRAM_INDEXES) : [];
  for (const name of [...search, ...ID_PREFIX_TABLES.map((t) => `${t}_id_prefix`), ...Object.keys(LIST_INDEXES)]) {
    await sql.raw(`DROP INDEX ${name}`).execute(db);
  }
  // The extension stays: other schemas of the database may use it.
  if (!isPostgres(db)) {
    for (const table of Object.keys(SEARCH_TABLES)) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`DROP TRIGGER ${table}_search_${event}`).execute(db);
      }
      await sql.raw(`DROP TABLE ${table}_search`).execute(db);
    }
  }
  for (const [name, definition] of Object.entries(REPLACED_INDEXES)) {
    await sql.raw(`CREATE INDEX ${name} ON ${definition}`).execute(db);
  }
}
