import { sql, type Expression, type SqlBool } from 'kysely';
import { isPostgres, type Db } from '@api/db/database';

/** Up to this many ids are bound one by one (`in (?, ?, …)`); longer lists as one parameter. */
export const SHORT_ID_LIST = 16;

/**
 * `column in (ids)`. A long list is bound as one parameter (SQLite: `in (select value from
 * json_each(?))`, PostgreSQL: `= any(?::text[])`), so the statement's text does not vary with
 * the list's length: it is prepared once and kept in the statement cache (SQLite) or named
 * (PostgreSQL), instead of a new statement with hundreds of placeholders per page. Both still
 * probe the column's index for each id; the rows are the same as with `in (…)`.
 */
export function idIn(db: Db, column: string, ids: readonly string[]): Expression<SqlBool> {
  if (ids.length === 0) return sql<SqlBool>`1 = 0`;
  if (ids.length <= SHORT_ID_LIST)
    return sql<SqlBool>`${sql.ref(column)} in (${sql.join(ids.map((id) => sql.val(id)))})`;
  if (isPostgres(db)) return sql<SqlBool>`${sql.ref(column)} = any(${sql.val([...ids])}::text[])`;
  return sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/** The items in the order of `ids`; an id without an item (deleted meanwhile, say) is left out. */
export function inIdOrder<T extends { id: string }>(ids: readonly string[], items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The rows of `ids`: those in `known`, plus the others read with `find` (none when all are known). */
export async function withKnown<T extends { id: string }>(
  ids: readonly string[],
  known: readonly T[] | undefined,
  find: (missing: string[]) => Promise<T[]>,
): Promise<Map<string, T>> {
  const byId = new Map((known ?? []).map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  for (const row of missing.length === 0 ? [] : await find(missing)) byId.set(row.id, row);
  return byId;
}

/**
 * The ids as a table `(value, key)` in their order, `key` being each one's position: SQLite's
 * `json_each` of a JSON array, PostgreSQL's `unnest … with ordinality`. Bound as `idIn` binds a
 * list: one parameter per id up to `SHORT_ID_LIST`, a longer list as one parameter, so a compiled
 * read keeps one text per length (`compiledOnce`).
 */
export function idsInOrder(db: Db, ids: readonly string[]) {
  const each = sql.join(ids.map((id) => sql.val(id)));
  const short = ids.length <= SHORT_ID_LIST;
  if (isPostgres(db)) {
    const list = short ? sql`array[${each}]::text[]` : sql`${sql.val([...ids])}::text[]`;
    return sql<{
      value: string;
      key: number;
    }>`(select value, key from unnest(${list}) with ordinality as t(value, key))`;
  }
  return sql<{ value: string; key: number }>`json_each(${short ? sql`json_array(${each})` : JSON.stringify(ids)})`;
}
