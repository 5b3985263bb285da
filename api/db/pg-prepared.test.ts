import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { testDatabaseKind } from '@api/test/database';
import { prepareStatementsOn, statementName } from './pg-prepared';

let clients: pg.Client[] = [];
afterEach(async () => {
  await Promise.all(clients.map((c) => c.end()));
  clients = [];
});

/** A connection of its own (prepared statements and temporary tables belong to one session). */
async function connect(limit?: number): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  clients.push(client);
  prepareStatementsOn(client as unknown as pg.PoolClient, limit);
  await client.query('create temporary table t (id integer primary key, a text)');
  return client;
}

const prepared = async (client: pg.Client) =>
  (
    await client.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')
  ).rows.map((r) => r.statement);

describe.runIf(testDatabaseKind() === 'postgres')('named prepared statements on PostgreSQL', () => {
  it('prepares a parameterised query once per connection and runs it with new values', async () => {
    const client = await connect();
    await client.query('insert into t (id, a) values ($1, $2)', [1, 'one']);
    await client.query('insert into t (id, a) values ($1, $2)', [2, 'two']);
    const select = 'select a from t where id = $1';
    expect((await client.query(select, [1])).rows).toEqual([{ a: 'one' }]);
    expect((await client.query(select, [2])).rows).toEqual([{ a: 'two' }]);
    expect(await prepared(client)).toEqual(['insert into t (id, a) values ($1, $2)', select]);
    expect(statementName(select)).toBe(statementName(select));
    expect(statementName(select)).not.toBe(statementName('select a from t where id = $2'));
  });

  it('names at most the limit per connection, leaves queries without values and long lists unnamed', async () => {
    const client = await connect(2);
    await client.query('select 1 as n');
    const list = `select id from t where id in (${Array.from({ length: 20 }, (_, i) => `$${i + 1}`).join(', ')})`;
    expect(
      (
        await client.query(
          list,
          Array.from({ length: 20 }, (_, i) => i),
        )
      ).rows,
    ).toEqual([]);
    for (const n of [1, 2, 3])
      expect((await client.query(`select $1::int + ${n} as n`, [1])).rows).toEqual([{ n: 1 + n }]);
    expect(await prepared(client)).toEqual(['select $1::int + 1 as n', 'select $1::int + 2 as n']);
  });

  it('keeps a statement usable after it failed', async () => {
    const client = await connect();
    const insert = 'insert into t (id, a) values ($1, $2)';
    await client.query(insert, [1, 'one']);
    await expect(client.query(insert, [1, 'again'])).rejects.toThrow(/duplicate key value violates unique constraint/);
    await client.query(insert, [2, 'two']);
    expect((await client.query('select count(*)::int as c from t where id > $1', [0])).rows).toEqual([{ c: 2 }]);
  });

  it('answers from the new table shape after a column is added under a named statement', async () => {
    const client = await connect();
    await client.query('insert into t (id, a) values ($1, $2)', [1, 'one']);
    const select = 'select * from t where id = $1';
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, a: 'one' }]);
    await client.query("alter table t add column b text default 'x'");
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, a: 'one', b: 'x' }]);
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, a: 'one', b: 'x' }]);
    // Inside a transaction the failed statement has aborted it: the error stands, the next one works.
    await client.query("alter table t add column c text default 'y'");
    await client.query('begin');
    await expect(client.query(select, [1])).rejects.toThrow(/cached plan must not change result type/);
    await client.query('rollback');
    expect((await client.query(select, [1])).rows).toEqual([{ id: 1, a: 'one', b: 'x', c: 'y' }]);
  });
});
