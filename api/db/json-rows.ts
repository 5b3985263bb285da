import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db } from './database';

/**
 * Whole rows read as one JSON text each on SQLite. better-sqlite3 makes each cell of a row a
 * JavaScript value through a native call, which for wide rows costs more than finding them;
 * `json_object(...)` builds the row inside SQLite and `JSON.parse` makes it in one step (several
 * times cheaper for a page of inspections with their services and parts). The keys are the
 * camelCase names the CamelCasePlugin gives, and the values are the same: the tables read this
 * way hold only text, integers and nulls. PostgreSQL reads its rows as before. Below, rows written
 * as a response's own JSON by either database (`responseJson`), for answers sent as they are.
 */

// Per database (a transaction shares its database's adapter): table name → column names, in
// their order (pragma_table_info lists them by position).
const columnsByDb = new WeakMap<object, Map<string, readonly string[]>>();

/** The CamelCasePlugin's result key for a lowercase snake_case column. */
const camelCase = (column: string): string => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function knownColumns(db: Db): Map<string, readonly string[]> {
  const adapter = db.getExecutor().adapter;
  let byTable = columnsByDb.get(adapter);
  if (!byTable) columnsByDb.set(adapter, (byTable = new Map()));
  return byTable;
}

/** Reads the table's columns once per database; false on PostgreSQL (no JSON rows there). */
export async function jsonRowsReady(db: Db, table: string): Promise<boolean> {
  if (isPostgres(db)) return false;
  const byTable = knownColumns(db);
  if (!byTable.has(table)) {
    const result = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
    byTable.set(
      table,
      result.rows.map((r) => r.name),
    );
  }
  return true;
}

/** `json_object('camelName', "table"."column", …)` over every column; after `jsonRowsReady`. */
export function rowJson(db: Db, table: string): RawBuilder<string> {
  const columns = knownColumns(db).get(table);
  if (!columns) throw new Error(`rowJson: columns of ${table} not read yet`);
  return sqliteObject(columns.map((column) => [camelCase(column), sql.id(table, column)]));
}

/**
 * A JSON array of these values (a list joined with `sql.join`, or one raw list), built by the
 * database: `json_array` on SQLite, `json_build_array` on PostgreSQL (of type json there).
 */
export function jsonArray(postgres: boolean, values: RawBuilder<unknown>): RawBuilder<string> {
  return postgres ? sql<string>`json_build_array(${values})` : sql<string>`json_array(${values})`;
}

/** SQLite's `json_object` of these keys and values. */
function sqliteObject(entries: readonly (readonly [key: string, value: RawBuilder<unknown>])[]): RawBuilder<string> {
  return sql<string>`json_object(${sql.join(entries.map(([key, value]) => sql`${sql.lit(key)}, ${value}`))})`;
}

/**
 * One row as the text a response schema's writer writes for it, written by the database: the
 * schema's fields in its order, `column` naming each field's column (a reference the
 * CamelCasePlugin maps). SQLite's `json_object` and PostgreSQL's `row_to_json` (of a row whose
 * columns are named after the fields) both write compact JSON and escape strings as
 * `JSON.stringify` does; the columns must hold only text, integers and nulls.
 */
export function responseJson(db: Db, fields: readonly string[], column: (field: string) => string): RawBuilder<string> {
  if (!isPostgres(db)) return sqliteObject(fields.map((field) => [field, sql.ref(column(field))]));
  // Raw names: the CamelCasePlugin would turn an identifier into snake_case.
  const named = sql.join(fields.map((field) => sql`${sql.ref(column(field))} as ${sql.raw(`"${field}"`)}`));
  return sql<string>`row_to_json((select x from (select ${named}) as x))::text`;
}

/**
 * Texts of `responseJson` aggregated into one JSON array text, in the order of `orderBy`. On SQLite
 * the statement must read its rows in that order already (its first table walked by an index in
 * that order, which a plan test should hold): SQLite aggregates them in the order it reads them,
 * and an aggregate's own ORDER BY would sort them again in a temporary b-tree (about a fifth of a
 * sync page's customer statement).
 */
export function responseJsonArray(db: Db, item: RawBuilder<string>, orderBy: RawBuilder<unknown>): RawBuilder<string> {
  if (!isPostgres(db)) return sql<string>`json_group_array(${item})`;
  return sql<string>`'[' || coalesce(string_agg(${item}, ',' order by ${orderBy}), '') || ']'`;
}

/**
 * The last object of a JSON array text as `responseJsonArray` writes it for a schema whose first
 * field is `id` and that holds no object of its own: compact, each object starting `{"id":`. Inside a
 * string a quote is escaped, so that text only ever starts an object, and the last one runs to the
 * array's closing bracket. Undefined for an empty array.
 */
export function lastObjectOf<T>(arrayText: string): T | undefined {
  const start = arrayText.lastIndexOf('{"id":');
  return start < 0 ? undefined : (JSON.parse(arrayText.slice(start, -1)) as T);
}

/** The rows of a query that selected `rowJson(...).as('row')`. */
export function parseJsonRows<T>(rows: readonly { row: string }[]): T[] {
  return rows.map((r) => JSON.parse(r.row) as T);
}

type Read<T> = (db: Db, ids: readonly string[]) => Promise<T[]>;

/** Reads rows by id as JSON text on SQLite (`json`, selecting `rowJson(...).as('row')`), as plain rows on PostgreSQL. */
export function wholeRows<T>(table: string, json: Read<{ row: string }>, plain: Read<T>): Read<T> {
  return async (db, ids) => ((await jsonRowsReady(db, table)) ? parseJsonRows<T>(await json(db, ids)) : plain(db, ids));
}
