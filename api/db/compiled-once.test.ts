import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@api/test/database';
import { createCustomer } from '@api/test/factories';
import { idIn } from '@api/lib/id-list';
import { asNumber, compiledByShape, compiledOnce, numberValue } from './compiled-once';

const database = await createTestDatabase();
const db = database.db;
afterAll(() => database.drop());

const byIds = compiledOnce((d, ids) =>
  d.selectFrom('customers').select(['id', 'name']).where('id', 'in', ids).orderBy('name'),
);

describe('compiledOnce', () => {
  it('answers as the built query does, for new values and list lengths each time', async () => {
    const [a, b, c] = [
      await createCustomer(db, { name: 'Ann' }),
      await createCustomer(db, { name: 'Bob' }),
      await createCustomer(db, { name: 'Cy' }),
    ];
    const built = (ids: string[]) =>
      db.selectFrom('customers').select(['id', 'name']).where('id', 'in', ids).orderBy('name').execute();
    for (const ids of [[a.id], [b.id], [c.id, a.id], [b.id, c.id, a.id], ['missing']]) {
      expect(await byIds(db, ids)).toEqual(await built(ids));
    }
    expect((await byIds(db, [c.id])).map((r) => r.name)).toEqual(['Cy']);
  });

  it('keeps the constants of the query and runs inside a transaction', async () => {
    const named = compiledOnce((d, [id]) =>
      d.selectFrom('customers').select('name').where('id', '=', id!).where('name', '!=', 'Nobody').limit(1),
    );
    const customer = await createCustomer(db, { name: 'Dee' });
    expect(await named(db, [customer.id])).toEqual([{ name: 'Dee' }]);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('customers').set({ name: 'Dee Renamed' }).where('id', '=', customer.id).execute();
      expect(await named(trx, [customer.id])).toEqual([{ name: 'Dee Renamed' }]);
    });
  });

  it('compiles once for the database and all its transactions, and again for other plugins', async () => {
    let builds = 0;
    const counted = compiledOnce((d, [id]) => {
      builds += 1;
      return d.selectFrom('customers').select('name').where('id', '=', id!);
    });
    const customer = await createCustomer(db, { name: 'Eve' });
    expect(await counted(db, [customer.id])).toEqual([{ name: 'Eve' }]);
    // Each transaction carries its own copy of the database's plugin list.
    for (let round = 0; round < 3; round++) {
      await db.transaction().execute(async (trx) => {
        expect(await counted(trx, [customer.id])).toEqual([{ name: 'Eve' }]);
      });
    }
    expect(builds).toBe(1);
    // Another plugin may change the SQL: its own template.
    const another: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    };
    expect(await counted(db.withPlugin(another), [customer.id])).toEqual([{ name: 'Eve' }]);
    expect(builds).toBe(2);
  });

  it('shares one template among long lists bound as one parameter, and answers as the built query', async () => {
    const longList = compiledOnce((d, ids) =>
      d
        .selectFrom('customers')
        .select(['id', 'name'])
        .where(idIn(d, 'id', ids))
        .orderBy('name')
        .orderBy('id'),
    );
    const customers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => createCustomer(db, { name: `Long ${String(i).padStart(2, '0')}` })),
    );
    const ids = customers.map((c) => c.id);
    const built = (list: string[]) =>
      db
        .selectFrom('customers')
        .select(['id', 'name'])
        .where(idIn(db, 'id', list))
        .orderBy('name')
        .orderBy('id')
        .execute();
    for (const list of [
      ids.slice(0, 17),
      ids.slice(3, 24),
      [...ids.slice(0, 20), 'missing'],
      ids.slice(5, 22).reverse(),
    ]) {
      const rows = await longList(db, list);
      expect(rows).toEqual(await built(list));
      expect(rows.length).toBe(list.filter((id) => id !== 'missing').length);
    }
    // A query binding each value of a long list on its own is built for each call instead.
    const names = customers.map((c) => c.name);
    const byNames = compiledOnce((d, list) =>
      d.selectFrom('customers').select('id').where('name', 'in', list).orderBy('id'),
    );
    expect((await byNames(db, names.slice(0, 18))).length).toBe(18);
    expect((await byNames(db, names.slice(2, 22))).length).toBe(20);
  });

  it('refuses a query that writes a value into its SQL text instead of binding it', async () => {
    const inlined = compiledOnce((d, [name]) =>
      d.selectFrom('customers').select('id').where('name', '=', sql.lit(name!)),
    );
    await expect(inlined(db, ['Ann'])).rejects.toThrow('every value must be a bound parameter');
  });

  it('compiles once per variant and set of given values, each shape answering with its own values', async () => {
    const shapes: string[] = [];
    const named = compiledByShape(
      (d, order: 'asc' | 'desc', { prefix, limit }: { prefix?: string; limit?: string }) => {
        shapes.push(`${order}:${prefix !== undefined}:${limit !== undefined}`);
        let query = d.selectFrom('customers').select('name').where('name', 'like', 'Shape %').orderBy('name', order);
        if (prefix !== undefined) query = query.where('name', 'like', prefix);
        if (limit !== undefined) query = query.limit(asNumber(limit));
        return query;
      },
    );
    for (const name of ['Shape Ann', 'Shape Bob', 'Shape Cy']) await createCustomer(db, { name });
    const names = async (...args: Parameters<typeof named>) => (await named(...args)).map((r) => r.name);

    expect(await names(db, 'asc', { prefix: 'Shape A%', limit: undefined })).toEqual(['Shape Ann']);
    expect(await names(db, 'asc', { prefix: 'Shape B%', limit: undefined })).toEqual(['Shape Bob']);
    expect(await names(db, 'asc', { prefix: undefined, limit: numberValue(2) })).toEqual(['Shape Ann', 'Shape Bob']);
    expect(await names(db, 'asc', { prefix: undefined, limit: numberValue(1) })).toEqual(['Shape Ann']);
    expect(await names(db, 'desc', { prefix: undefined, limit: numberValue(1) })).toEqual(['Shape Cy']);
    expect(await names(db, 'desc', { prefix: 'Shape %', limit: numberValue(2) })).toEqual(['Shape Cy', 'Shape Bob']);
    expect(await names(db, 'asc', { prefix: 'Shape C%', limit: undefined })).toEqual(['Shape Cy']);
    // Four shapes, each built once, whatever the values.
    expect(shapes).toEqual(['asc:true:false', 'asc:false:true', 'desc:false:true', 'desc:true:true']);
  });
});
