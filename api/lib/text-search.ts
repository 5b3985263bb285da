import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { isPostgres, type Db } from '@api/db/database';
import type { Database } from '@api/db/tables';
import { matchesAny } from './list';

/** The trigram index cannot find a search shorter than this (in characters): those scan. */
export const MIN_INDEXED_SEARCH = 3;

/** SQLite's FTS5 trigram tables (migration 2026-11-25T03-00): per base table, its columns. */
interface SearchTables {
  customers: 'name' | 'email' | 'phone' | 'address';
  vehicles: 'make_model' | 'vin' | 'license_plate';
}

type SearchTable = keyof SearchTables;
type SearchColumn<T extends SearchTable> = SearchTables[T];

/** True when the FTS index can answer `q`: three characters or more, and no NUL (FTS ends text there). */
export function indexableSearch(q: string): boolean {
  const text = q.toLowerCase();
  return [...text].length >= MIN_INDEXED_SEARCH && !text.includes('\0');
}

/** The FTS5 query for the lowered text as one phrase: a substring match, no operators, no wildcards. */
function ftsPhrase<T extends SearchTable>(table: T, columns: readonly SearchColumn<T>[], q: string): string {
  return `{${columns.join(' ')}} : "${q.toLowerCase().replace(/"/g, '""')}"`;
}

/**
 * Rows of `table` where any of `columns` contains `q`, ignoring case: exactly `matchesAny`'s result
 * (or `exact`'s, when given: a condition the index's columns cover).
 * On SQLite a query of 3+ characters first narrows to the rowids the trigram index finds (every row
 * that matches is among them), then `matchesAny` checks those; shorter ones scan. On PostgreSQL
 * `matchesAny` alone: its `lower(col) LIKE` is what the pg_trgm indexes serve.
 */
export function textMatch<T extends SearchTable, TB extends keyof Database>(
  db: Db,
  eb: ExpressionBuilder<Database, TB>,
  search: { table: T; index: readonly SearchColumn<T>[]; columns: readonly string[] },
  q: string,
  exact: Expression<SqlBool> = matchesAny(eb, [...search.columns], q),
): Expression<SqlBool> {
  if (isPostgres(db) || !indexableSearch(q)) return exact;
  const candidates = sql<boolean>`${sql.ref(`${search.table}.rowid`)} in (select rowid from ${sql.table(`${search.table}_search`)} where ${sql.table(`${search.table}_search`)} match ${ftsPhrase(search.table, search.index, q)})`;
  return eb.and([candidates, exact]);
}

/** The ids that start with `q` (ignoring case): an index range on lower(id) plus the exact LIKE. */
export function idPrefixMatch<TB extends keyof Database>(
  db: Db,
  eb: ExpressionBuilder<Database, TB>,
  column: string,
  q: string,
): Expression<SqlBool> {
  const prefix = q.toLowerCase();
  const like = sql<boolean>`lower(${sql.ref(column)}) like ${`${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
  // PostgreSQL reads LIKE's fixed prefix from a text_pattern_ops index itself.
  // A lone surrogate reaches SQLite as U+FFFD, so its range would be wrong: LIKE alone then.
  if (isPostgres(db) || prefix === '' || /\p{Cs}/u.test(prefix)) return like;
  const lower = sql`lower(${sql.ref(column)})`;
  const upper = nextString(prefix);
  const range =
    upper === null ? sql<boolean>`${lower} >= ${prefix}` : sql<boolean>`${lower} >= ${prefix} and ${lower} < ${upper}`;
  return eb.and([range, like]);
}

/** The least string above every string that starts with `prefix` (code point order), or null. */
function nextString(prefix: string): string | null {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  if (last >= 0x10ffff) return null;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}
