import SqliteDatabase from 'better-sqlite3';
import { CamelCasePlugin, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CachedStatements } from './statement-cache';

let open: CachedStatements[] = [];
function cache(capacity?: number): CachedStatements {
  const statements = new CachedStatements(new SqliteDatabase(':memory:'), capacity);
  open.push(statements);
  return statements;
}
afterEach(() => {
  for (const statements of open) if (statements.handle.open) statements.close();
  open = [];
});

describe('CachedStatements (SQLite prepared-statement cache)', () => {
  it('hands back the same prepared statement for the same SQL text, and runs it with new parameters', () => {
    const statements = cache();
    statements.prepare('create table t (n integer)').run([]);
    const insert = statements.prepare('insert into t (n) values (?)');
    expect(statements.prepare('insert into t (n) values (?)')).toBe(insert);
    insert.run([1]);
    statements.prepare('insert into t (n) values (?)').run([2]);
    const select = statements.prepare('select n from t where n >= ? order by n');
    expect(select.reader).toBe(true);
    expect(insert.reader).toBe(false);
    expect(statements.prepare('select n from t where n >= ? order by n').all([1])).toEqual([{ n: 1 }, { n: 2 }]);
    expect(statements.prepare('select n from t where n >= ? order by n').all([2])).toEqual([{ n: 2 }]);
  });

  it('keeps at most its capacity, dropping the least recently used statement', () => {
    const statements = cache(2);
    const one = statements.prepare('select 1');
    const two = statements.prepare('select 2');
    expect(statements.prepare('select 1')).toBe(one); // now the most recent
    statements.prepare('select 3'); // evicts 'select 2'
    expect(statements.size).toBe(2);
    expect(statements.prepare('select 1')).toBe(one);
    expect(statements.prepare('select 2')).not.toBe(two);
    expect(statements.prepare('select 2').all([])).toEqual([{ 2: 2 }]);
  });

  it('answers from the current schema after a table changes under a cached statement', () => {
    const statements = cache();
    statements.prepare('create table t (a integer)').run([]);
    statements.prepare('insert into t (a) values (?)').run([1]);
    expect(statements.prepare('select * from t').all([])).toEqual([{ a: 1 }]);
    statements.prepare("alter table t add column b text default 'x'").run([]);
    expect(statements.prepare('select * from t').all([])).toEqual([{ a: 1, b: 'x' }]);
    statements.prepare('drop table t').run([]);
    expect(() => statements.prepare('select * from t').all([])).toThrow(/no such table: t/);
    statements.prepare('create table t (c integer)').run([]);
    expect(statements.prepare('select * from t').all([])).toEqual([]);
  });

  it('caches nothing for SQL that does not compile, and a statement that failed runs again', () => {
    const statements = cache();
    expect(() => statements.prepare('selec 1')).toThrow(/syntax error/);
    expect(statements.size).toBe(0);
    statements.prepare('create table t (n integer primary key)').run([]);
    const insert = statements.prepare('insert into t (n) values (?)');
    insert.run([1]);
    expect(() => statements.prepare('insert into t (n) values (?)').run([1])).toThrow(/UNIQUE constraint failed/);
    statements.prepare('insert into t (n) values (?)').run([2]);
    expect(statements.prepare('select count(*) as c from t').all([])).toEqual([{ c: 2 }]);
  });

  it('gives a fresh statement while the cached one is still being iterated', () => {
    const statements = cache();
    const select = statements.prepare('select value from json_each(?)');
    const rows = select.iterate(['[1,2]']);
    expect(rows.next().value).toEqual({ value: 1 });
    const other = statements.prepare('select value from json_each(?)');
    expect(other).not.toBe(select);
    expect(other.all(['[3]'])).toEqual([{ value: 3 }]);
    expect([...rows]).toEqual([{ value: 2 }]);
    expect(statements.prepare('select value from json_each(?)')).toBe(select);
  });

  it('serves Kysely queries, streams and transactions', async () => {
    const statements = cache();
    const db = new Kysely<{ items: { id: number; itemName: string } }>({
      dialect: new SqliteDialect({ database: statements }),
      plugins: [new CamelCasePlugin()],
    });
    await sql`create table items (id integer primary key, item_name text not null)`.execute(db);
    await db.transaction().execute(async (trx) => {
      for (const id of [1, 2, 3])
        await trx
          .insertInto('items')
          .values({ id, itemName: `item ${id}` })
          .execute();
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 4, itemName: 'rolled back' }).execute();
        await trx.insertInto('items').values({ id: 1, itemName: 'duplicate' }).execute();
      }),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    const find = (id: number) => db.selectFrom('items').select('itemName').where('id', '=', id).executeTakeFirst();
    expect(await find(2)).toEqual({ itemName: 'item 2' });
    expect(await find(3)).toEqual({ itemName: 'item 3' });
    expect(await find(4)).toBeUndefined();
    const streamed: number[] = [];
    for await (const row of db.selectFrom('items').select('id').orderBy('id').stream()) streamed.push(row.id);
    expect(streamed).toEqual([1, 2, 3]);
    await db.destroy();
    expect(statements.handle.open).toBe(false);
    expect(statements.size).toBe(0);
  });
});
