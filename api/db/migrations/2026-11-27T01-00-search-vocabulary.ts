import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// SQLite only: a read-only view of each trigram index's vocabulary (fts5vocab, 'row': each trigram
// with the number of rows holding it). A search asks the trigram index for its rarest trigrams;
// the server reads these counts from here. It stores nothing of its own.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

const isPostgres = (db: Db) => db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
const TABLES = ['customers_search', 'vehicles_search'];

export async function up(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of TABLES) {
    await sql.raw(`CREATE VIRTUAL TABLE ${table}_vocabulary USING fts5vocab(${table}, row)`).execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of TABLES) await sql.raw(`DROP TABLE ${table}_vocabulary`).execute(db);
}
