import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@api/test/database';
import { createCustomer } from '@api/test/factories';
import { idIn, SHORT_ID_LIST, withKnown } from './id-list';

const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;

const customers = await Promise.all(Array.from({ length: 40 }, () => createCustomer(db)));
const ids = customers.map((c) => c.id);

const select = (list: readonly string[]) =>
  db
    .selectFrom('customers')
    .select('id')
    .where(idIn(db, 'id', list))
    .execute()
    .then((rows) => rows.map((r) => r.id).sort());

describe('idIn', () => {
  it('finds the listed rows for an empty, a short and a long list', async () => {
    expect(await select([])).toEqual([]);
    expect(await select(ids.slice(0, 3))).toEqual(ids.slice(0, 3).sort());
    expect(await select(ids.slice(0, SHORT_ID_LIST))).toEqual(ids.slice(0, SHORT_ID_LIST).sort());
    expect(await select(ids)).toEqual([...ids].sort());
  });

  it('ignores unknown and repeated ids in a long list', async () => {
    const list = [...ids.slice(0, 20), ...ids.slice(0, 20), randomUUID(), 'it\'s "quoted" \\ text'];
    expect(await select(list)).toEqual(ids.slice(0, 20).sort());
  });

  it('binds a long list as one parameter, so its statement text does not vary with the length', () => {
    const compiled = (list: readonly string[]) =>
      db
        .selectFrom('customers')
        .select('id')
        .where(idIn(db, 'id', list))
        .compile();
    const a = compiled(ids.slice(0, 20));
    const b = compiled(ids);
    expect(a.sql).toBe(b.sql);
    expect(a.parameters).toHaveLength(1);
    expect(compiled(ids.slice(0, 2)).parameters).toEqual(ids.slice(0, 2));
  });
});

describe('withKnown', () => {
  it('reads only the ids not known already', async () => {
    const asked: string[][] = [];
    const rows = await withKnown(['a', 'b', 'c', 'b'], [{ id: 'b' }], async (missing) => {
      asked.push(missing);
      return missing.filter((id) => id !== 'c').map((id) => ({ id }));
    });
    expect(asked).toEqual([['a', 'c']]);
    expect([...rows.keys()].sort()).toEqual(['a', 'b']);
  });

  it('does not read when every id is known', async () => {
    let reads = 0;
    await withKnown(['b'], [{ id: 'b' }], async () => {
      reads++;
      return [];
    });
    expect(reads).toBe(0);
  });
});
