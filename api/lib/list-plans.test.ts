import { afterAll, describe, expect, it } from 'vitest';
import { countCustomers, listCustomers, searchCustomers } from '@api/modules/customers/customer.repository';
import { countInspections, listInspectionKeys } from '@api/modules/inspections/inspection.repository';
import { countInvoices, listInvoiceRows } from '@api/modules/invoices/invoice.repository';
import { countVehicles, listVehicles, searchVehicles } from '@api/modules/vehicles/vehicle.repository';
import { createTestDatabase, testDatabaseKind } from '@api/test/database';
import { createCustomer, createInspection, createVehicle, customerRow, moveFeed } from '@api/test/factories';
import { partialIndexColumns, planRecorder, valuesPlannedBy } from '@api/test/query-plans';
import { listDeferred } from '@api/modules/deferred/deferred.repository';
import { listTemplates } from '@api/modules/email-templates/email-template.repository';
import {
  pageCustomers,
  pageInspectionsInWindow,
  pageVehicles,
  readFeedBounds,
  readFeedOthers,
} from '@api/modules/sync/sync.repository';
import { listUsers } from '@api/modules/users/user.repository';
import type { Db } from '@api/db/database';
import { readTrigramCounts } from './text-search';

// SQLite's query plans for the list and search calls: a page is read through an index (never a
// scan of the table sorted afterwards), and a search narrows through the text index first.
const sqlite = testDatabaseKind() === 'sqlite';
const database = await createTestDatabase();
afterAll(() => database.drop());

const { db, plans } = planRecorder(database.db);

const customer = await createCustomer(database.db, { name: 'Ann Stone' });
const vehicle = await createVehicle(database.db, customer.id, { make: 'Ford', model: 'F-150' });
await createInspection(database.db, { customerId: customer.id, vehicleId: vehicle.id });

const page = { limit: 50 };
const CASES: [string, (db: Db) => Promise<unknown>][] = [
  ['customers by name', (db) => listCustomers(db, {}, 'name', page)],
  ['customers by name, active', (db) => listCustomers(db, { status: 'active' }, 'name', page)],
  ['customers recent', (db) => listCustomers(db, {}, 'recent', page)],
  ['customers updated', (db) => listCustomers(db, {}, 'updated', page)],
  ['customers search', (db) => listCustomers(db, { q: 'stone' }, 'name', page)],
  ['customers search with its total', (db) => searchCustomers(db, { q: 'stone' }, 'name', page)],
  ['customers by name after a cursor', (db) => listCustomers(db, {}, 'name', { ...page, after: ['Ann', customer.id] })],
  [
    'customers recent after a cursor',
    (db) => listCustomers(db, {}, 'recent', { ...page, after: [customer.createdAt, customer.id] }),
  ],
  ['customers count', (db) => countCustomers(db, {})],
  ['customers count search', (db) => countCustomers(db, { q: 'stone' })],
  ['customers count active', (db) => countCustomers(db, { status: 'active' })],
  ['vehicles by year', (db) => listVehicles(db, {}, 'year', page)],
  ['vehicles by make', (db) => listVehicles(db, {}, 'make', page)],
  ['vehicles by mileage', (db) => listVehicles(db, {}, 'mileage', page)],
  ['vehicles of a customer', (db) => listVehicles(db, { customerId: customer.id }, 'year', {})],
  ['vehicles search', (db) => searchVehicles(db, { q: 'ford' }, 'year', page)],
  ['vehicles count search', (db) => countVehicles(db, { q: 'ford' })],
  ['inspections recent', (db) => listInspectionKeys(db, {}, 'recent', { limit: 20 })],
  ['inspections oldest', (db) => listInspectionKeys(db, {}, 'oldest', { limit: 20 })],
  ['inspections of a customer', (db) => listInspectionKeys(db, { customerId: customer.id }, 'recent', { limit: 20 })],
  ['inspections by status', (db) => listInspectionKeys(db, { status: 'completed' }, 'recent', { limit: 20 })],
  ['inspections search', (db) => listInspectionKeys(db, { q: 'stone' }, 'recent', { limit: 20 })],
  [
    'inspections after a cursor',
    (db) => listInspectionKeys(db, {}, 'recent', { limit: 20, after: [customer.createdAt, customer.id] }),
  ],
  [
    'inspections of a status after a cursor',
    (db) =>
      listInspectionKeys(db, { status: 'completed' }, 'oldest', {
        limit: 20,
        after: [customer.createdAt, customer.id],
      }),
  ],
  ['inspections count', (db) => countInspections(db, {})],
  ['inspections count by status', (db) => countInspections(db, { status: 'completed' })],
  ['inspections count search', (db) => countInspections(db, { q: 'stone' })],
  ['invoices by date', (db) => listInvoiceRows(db, {}, 'date', page)],
  ['invoices by amount', (db) => listInvoiceRows(db, {}, 'amount', page)],
  ['invoices search', (db) => listInvoiceRows(db, { q: 'ford' }, 'date', page)],
  ['invoices count search', (db) => countInvoices(db, { q: 'ford' })],
];

/** A step that reads a whole base table without an index (FTS tables are `VIRTUAL TABLE INDEX`). */
const BARE_SCAN = /^SCAN (customers|vehicles|inspections|invoices)$/m;

describe.runIf(sqlite)('list query plans on SQLite', () => {
  it.each(CASES.filter(([name]) => !name.includes('search')))(
    '%s: through an index, in its order',
    async (_name, run) => {
      const steps = (await plans(() => run(db))).join('\n');
      expect(steps).not.toMatch(BARE_SCAN);
      expect(steps).not.toContain('USE TEMP B-TREE');
      expect(steps).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
    },
  );

  // A search sorts its matches (few) but never reads the table: the text index gives the rows.
  it.each(CASES.filter(([name]) => name.includes('search')))('%s: through the text index', async (_name, run) => {
    const steps = (await plans(() => run(db))).join('\n');
    expect(steps).not.toMatch(BARE_SCAN);
    expect(steps).toMatch(/SCAN \w+_search VIRTUAL TABLE INDEX 0:M/);
  });

  it('starts a page after a cursor with a range on the index, not by reading the rows before it', async () => {
    // A recorder of its own: a page without a search is compiled once, and the cases above ran it.
    const own = planRecorder(database.db);
    const planOf = (name: string) => own.plans(() => CASES.find(([caseName]) => caseName === name)![1](own.db));
    expect(await planOf('customers by name after a cursor')).toEqual([
      'SEARCH customers USING INDEX customers_name_order (<expr>>?)',
    ]);
    expect(await planOf('customers recent after a cursor')).toEqual([
      'SEARCH customers USING INDEX customers_recent_order (created_at<?)',
    ]);
    expect(await planOf('inspections after a cursor')).toEqual([
      'SEARCH inspections USING COVERING INDEX inspections_created_technician ((created_at,id)<(?,?))',
    ]);
  });

  it("reads a search page's answers in the order of its ids, without sorting them again", async () => {
    // The answers' JSON array is aggregated in the order SQLite reads the rows: the ids' list must
    // be the outer loop (a CROSS JOIN holds it there), each row found by its key. A page of up to
    // 16 ids binds each (json_array), a longer one the list as one JSON text.
    const long = Array.from({ length: 17 }, (_, i) => customerRow({ name: `Longlist ${i}` }));
    await database.db.insertInto('customers').values(long).execute();
    try {
      const answersOf = (plans: string[]) => plans.find((plan) => /^SCAN j\b/m.test(plan));
      for (const q of ['stone', 'longlist']) {
        // Searches and their pages are kept until a customer or vehicle changes: read them afresh.
        await moveFeed(database.db);
        const own = planRecorder(database.db);
        const customers = answersOf(await own.plans(() => searchCustomers(own.db, { q }, 'name', page)));
        expect(customers?.split('\n')[0], q).toMatch(/^SCAN j VIRTUAL TABLE/);
        expect(customers, q).toMatch(/SEARCH customers USING INDEX sqlite_autoindex_customers_1 \(id=\?\)/);
        expect(customers, q).not.toMatch(/TEMP B-TREE/);
      }
      await moveFeed(database.db);
      const own = planRecorder(database.db);
      const vehicles = answersOf(await own.plans(() => searchVehicles(own.db, { q: 'ford' }, 'year', page)));
      expect(vehicles?.split('\n')[0]).toMatch(/^SCAN j VIRTUAL TABLE/);
      expect(vehicles).toMatch(/SEARCH vehicles USING INDEX sqlite_autoindex_vehicles_1 \(id=\?\)/);
      expect(vehicles).not.toMatch(/TEMP B-TREE/);
    } finally {
      await database.db.deleteFrom('customers').where('name', 'like', 'Longlist %').execute();
    }
  });

  it("aggregates a search's ids in its sort's order: the sorted subquery feeds the aggregate", async () => {
    // `searchMatches`: one row holding every id, aggregated as the subquery gives them. Its ORDER BY
    // and LIMIT keep it a co-routine of its own, whose sorter is the one sort of the statement.
    for (const run of [
      (db: typeof database.db) => searchCustomers(db, { q: 'stone' }, 'name', page),
      (db: typeof database.db) => searchVehicles(db, { q: 'ford' }, 'year', page),
    ]) {
      // A search's ids are kept until a customer or vehicle changes: read them afresh.
      await moveFeed(database.db);
      const own = planRecorder(database.db);
      const ids = (await own.plans(() => run(own.db))).find((plan) => plan.startsWith('CO-ROUTINE m\n'));
      const steps = ids?.split('\n') ?? [];
      expect(steps.at(-1)).toBe('SCAN m');
      expect(steps.filter((step) => step.includes('TEMP B-TREE'))).toEqual(['USE TEMP B-TREE FOR ORDER BY']);
    }
  });

  it('keeps that order when the trigram counts bound the search and its ids are read without a limit', async () => {
    // The ORDER BY of a subquery without a LIMIT stays when the outer query aggregates with a
    // function other than count(), min() or max(), and keeps the subquery from being flattened.
    await readTrigramCounts(database.db);
    // A recorder each: a statement compiled once for a database is built (and seen) only the first time.
    await moveFeed(database.db);
    const forText = planRecorder(database.db);
    const texts = await forText.statements(() => searchCustomers(forText.db, { q: 'stone' }, 'name', page));
    const read = texts.find((text) => text.includes('json_group_array("m"."id")'));
    expect(read).toMatch(
      / order by lower\("customers"\."name"\) asc, "customers"\."name" asc, "customers"\."id" asc\) as "m"$/,
    );
    await moveFeed(database.db);
    const own = planRecorder(database.db);
    const plans = await own.plans(() => searchCustomers(own.db, { q: 'stone' }, 'name', page));
    const steps = plans.find((plan) => plan.startsWith('CO-ROUTINE m\n'))?.split('\n') ?? [];
    expect(steps.at(-1)).toBe('SCAN m');
    expect(steps.filter((step) => step.includes('TEMP B-TREE'))).toEqual(['USE TEMP B-TREE FOR ORDER BY']);
  });

  it('a search of one or two characters scans, as the trigram index cannot answer it', async () => {
    const steps = (await plans(() => listCustomers(db, { q: 'st' }, 'name', page))).join('\n');
    expect(steps).not.toContain('VIRTUAL TABLE');
    expect(steps).toContain('SCAN customers USING INDEX customers_name_order');
  });

  it('binds no value SQLite plans by, so every statement is prepared once', async () => {
    // SQLite plans a bare LIKE pattern or LIMIT by the value bound to it (an index range for 'ab%',
    // a known row count), and a bound value compared with a column a partial index's condition names
    // by that value: such a statement is prepared again every time a value is bound to it, every run
    // (10-60 µs a statement: `npm run bench:statements` finds them). A recorder of its own: the cases
    // above compiled their reads once already.
    const own = planRecorder(database.db);
    const partial = await partialIndexColumns(database.db);
    expect(partial).toContain('deleted');
    const range = { since: 0, last: 100 };
    const runs: [string, () => Promise<unknown>][] = [
      ...CASES.map(([name, run]): [string, () => Promise<unknown>] => [name, () => run(own.db)]),
      ['customers page at an offset', () => listCustomers(own.db, {}, 'name', { limit: 50, offset: 10 })],
      ['users search', () => listUsers(own.db, { q: 'ann' }, page)],
      ['email templates search', () => listTemplates(own.db, { q: 'oil' }, page)],
      ['deferred work search', () => listDeferred(own.db, { q: 'brake', status: 'all' }, 'age', page)],
      ['sync feed page bounds', () => readFeedBounds(own.db, 0, 500)],
      ['sync feed page other rows', () => readFeedOthers(own.db, 0, 500)],
      ['sync page customers', () => pageCustomers(own.db, range)],
      ['sync page vehicles', () => pageVehicles(own.db, range)],
      ['sync page inspections', () => pageInspectionsInWindow(own.db, range, '2020-01-01T00:00:00.000Z')],
    ];
    const found: string[] = [];
    let compiled = 0;
    for (const [name, run] of runs) {
      // A read of a shape compiled before (by an earlier case) is not compiled again.
      const texts = await own.statements(run);
      compiled += texts.length;
      for (const text of texts) found.push(...valuesPlannedBy(text, partial).map((what) => `${name}: ${what}`));
    }
    expect(compiled).toBeGreaterThan(runs.length);
    expect(found).toEqual([]);
    // The check itself finds what it looks for.
    expect(valuesPlannedBy('select 1 from t where a like ? and "s"."deleted" = ? limit ?', partial)).toEqual([
      'like ?',
      'limit ?',
      '"s"."deleted" = ?',
    ]);
    expect(valuesPlannedBy('select 1 from t where a like +? and "deleted" = 0 limit +?', partial)).toEqual([]);
  });
});
