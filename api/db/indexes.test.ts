import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@api/test/database';
import { isPostgres } from './database';

const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;

/** An index as far as a prefix is concerned: its table, its key columns in order, and whether it may be dropped for a longer one. */
interface IndexKeys {
  name: string;
  table: string;
  columns: string[];
  /** Unique or on an expression: its own job, whatever else begins like it. */
  ownJob: boolean;
  /** Holds some of the table's rows only: it serves no other index's lookups, and has its own job. */
  partial: boolean;
}

async function sqliteIndexes(): Promise<IndexKeys[]> {
  const { rows } = await sql<{ name: string; table: string; definition: string | null }>`
    select name, tbl_name as "table", sql as definition from sqlite_master where type = 'index'`.execute(db);
  const out: IndexKeys[] = [];
  for (const row of rows) {
    const keys = await sql<{ name: string | null; desc: number; coll: string; key: number }>`
      select name, "desc", coll, key from pragma_index_xinfo(${row.name})`.execute(db);
    // Each key column with its order and collation: two keys match only when all three do.
    const columns = keys.rows
      .filter((c) => c.key === 1)
      .map((c) => `${c.name ?? '<expression>'}${c.desc ? ' desc' : ''} ${c.coll}`);
    // No definition: the index of a primary key or a unique constraint.
    const ownJob =
      row.definition === null || /\bunique\b/i.test(row.definition) || columns.some((c) => c.startsWith('<'));
    const partial = /\bwhere\b/i.test(row.definition ?? '');
    out.push({ name: row.name, table: row.table, columns, ownJob, partial });
  }
  return out;
}

/**
 * B-tree indexes only (a GIN or another kind serves other lookups), each key column (not its
 * INCLUDE columns) with its operator class, collation and order: two keys match only when all match.
 */
async function postgresIndexes(): Promise<IndexKeys[]> {
  const { rows } = await sql<IndexKeys>`
    select i.relname as name, t.relname as "table",
      array(select coalesce(a.attname, '<expression>') || ' ' || x.indclass[k.n - 1]::text || ' '
                   || x.indcollation[k.n - 1]::text || ' ' || x.indoption[k.n - 1]::text
              from unnest(x.indkey) with ordinality as k(attnum, n)
              left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.attnum and k.attnum > 0
             where k.n <= x.indnkeyatts
             order by k.n)::text[] as columns,
      (x.indisunique or x.indexprs is not null) as "ownJob",
      x.indpred is not null as partial
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_am m on m.oid = i.relam
    join pg_class t on t.oid = x.indrelid
    join pg_namespace s on s.oid = t.relnamespace
    where s.nspname = current_schema() and m.amname = 'btree'`.execute(db);
  return rows;
}

describe('indexes', () => {
  it('none is the start of another index of its table: each insert would pay for both', async () => {
    const indexes = isPostgres(db) ? await postgresIndexes() : await sqliteIndexes();
    expect(indexes.length).toBeGreaterThan(20);
    const redundant = indexes.flatMap((short) =>
      short.ownJob || short.partial
        ? []
        : indexes
            .filter(
              (long) =>
                long !== short &&
                !long.partial &&
                long.table === short.table &&
                long.columns.length >= short.columns.length &&
                short.columns.every((column, i) => long.columns[i] === column),
            )
            .map((long) => `${short.name} (${short.columns.join(', ')}) begins ${long.name}`),
    );
    expect(redundant).toEqual([]);
  });
});
