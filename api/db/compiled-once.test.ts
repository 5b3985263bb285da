import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@api/test/database';
import { createCustomer, customerRow } from '@api/test/factories';
import { idIn } from '@api/lib/id-list';
import { asNumber, compiledByShape, compiledInsert, compiledOnce, numberValue } from './compiled-once';

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

  it('binds a null value as SQL NULL in the same template as a string', async () => {
    let builds = 0;
    const setAddress = compiledOnce((d, [id, address]) => {
      builds += 1;
      return d.updateTable('customers').set({ address: address! }).where('id', '=', id!).returning('address');
    });
    const customer = await createCustomer(db, { name: 'Nell', address: '1 Elm St' });
    expect(await setAddress(db, [customer.id, null])).toEqual([{ address: null }]);
    expect(await setAddress(db, [customer.id, '2 Oak St'])).toEqual([{ address: '2 Oak St' }]);
    expect(await setAddress(db, [customer.id, null])).toEqual([{ address: null }]);
    expect(builds).toBe(1);
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

describe('compiledInsert', () => {
  const stored = (ids: string[]) =>
    db.selectFrom('customers').select(['id', 'name', 'address']).where('id', 'in', ids).orderBy('name').execute();

  it("relies on Kysely binding an insert's values row by row, each row in its columns' order", () => {
    // compiledInsert checks this on each shape's first build; this fails first if Kysely changes it.
    const rows = [
      customerRow({ name: 'Order A', address: 'A St' }),
      customerRow({ name: 'Order B', phone: '555-0199' }),
    ];
    const compiled = db.insertInto('customers').values(rows).compile();
    expect(compiled.parameters).toEqual(rows.flatMap((row) => Object.values(row)));
  });

  it("builds once per number of rows and columns, and stores every call's own values", async () => {
    let builds = 0;
    const insert = compiledInsert('customers', (query) => {
      builds += 1;
      return query;
    });
    const pair = [customerRow({ name: 'Ins A1', address: '1 A St' }), customerRow({ name: 'Ins A2', address: null })];
    const otherPair = [customerRow({ name: 'Ins B1', address: '2 B St' }), customerRow({ name: 'Ins B2' })];
    const three = [1, 2, 3].map((n) => customerRow({ name: `Ins C${n}`, address: `${n} C St` }));
    await insert(db, pair);
    await insert(db, otherPair);
    expect(builds).toBe(1);
    await insert(db, three);
    expect(builds).toBe(2);
    // A transaction uses its database's templates.
    const inTransaction = [customerRow({ name: 'Ins D1' }), customerRow({ name: 'Ins D2', address: '4 D St' })];
    await db.transaction().execute((trx) => insert(trx, inTransaction));
    expect(builds).toBe(2);
    for (const rows of [pair, otherPair, three, inTransaction]) {
      expect(await stored(rows.map((r) => r.id))).toEqual(rows.map(({ id, name, address }) => ({ id, name, address })));
    }
    // Other columns: a template of their own.
    const { address: _address, ...withoutAddress } = customerRow({ name: 'Ins E1' });
    await insert(db, [withoutAddress]);
    expect(builds).toBe(3);
    expect(await stored([withoutAddress.id])).toEqual([{ id: withoutAddress.id, name: 'Ins E1', address: null }]);
  });

  it('builds rows of another kind each time: expressions, undefined values, columns in another order', async () => {
    let builds = 0;
    const insert = compiledInsert('customers', (query) => {
      builds += 1;
      return query;
    });
    const expression = (name: string) => ({ ...customerRow(), name: sql<string>`upper(${name})` });
    const left = (name: string) => ({ ...customerRow({ name }), address: undefined });
    const reordered = (name: string) => {
      const { id, ...rest } = customerRow({ name: `${name} second` });
      return [customerRow({ name: `${name} first` }), { ...rest, id }];
    };
    const kinds = [
      [[expression('ins f1')], [expression('ins f2')]],
      [[left('Ins F3')], [left('Ins F4')]],
      [reordered('Ins F5'), reordered('Ins F6')],
    ];
    for (const [first, second] of kinds) {
      await insert(db, first!);
      await insert(db, second!);
    }
    expect(builds).toBe(6);
    const rows = kinds.flat(2);
    expect((await stored(rows.map((r) => r.id))).map((r) => [r.name, r.address])).toEqual([
      ['INS F1', null],
      ['INS F2', null],
      ['Ins F3', null],
      ['Ins F4', null],
      ['Ins F5 first', null],
      ['Ins F5 second', null],
      ['Ins F6 first', null],
      ['Ins F6 second', null],
    ]);
  });

  it('builds a long insert each time, and stores every row', async () => {
    let builds = 0;
    const insert = compiledInsert('customers', (query) => {
      builds += 1;
      return query;
    });
    const many = (tag: string) => Array.from({ length: 65 }, (_, i) => customerRow({ name: `Long ${tag} ${i}` }));
    const [first, second] = [many('J'), many('K')];
    await insert(db, first);
    await insert(db, second);
    expect(builds).toBe(2);
    expect(await stored([...first, ...second].map((r) => r.id))).toHaveLength(130);
  });

  it('keeps what finishes the insert, and builds each time when it binds values of its own', async () => {
    let upserts = 0;
    const upsert = compiledInsert('customers', (query) => {
      upserts += 1;
      return query.onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })));
    });
    const row = customerRow({ name: 'Ins G1' });
    await upsert(db, [row]);
    await upsert(db, [{ ...row, name: 'Ins G1 renamed' }]);
    expect(upserts).toBe(1);
    expect(await stored([row.id])).toEqual([{ id: row.id, name: 'Ins G1 renamed', address: null }]);

    let builds = 0;
    const fixed = compiledInsert('customers', (query) => {
      builds += 1;
      return query.onConflict((oc) => oc.column('id').doUpdateSet({ address: 'Fixed St' }));
    });
    const other = customerRow({ name: 'Ins H1' });
    await fixed(db, [other]);
    await fixed(db, [other]);
    await fixed(db, [customerRow({ name: 'Ins H2' })]);
    expect(builds).toBe(3);
    expect(await stored([other.id])).toEqual([{ id: other.id, name: 'Ins H1', address: 'Fixed St' }]);
  });
});
