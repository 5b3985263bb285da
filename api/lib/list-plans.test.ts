import { afterAll, describe, expect, it } from 'vitest';
import { countCustomers, listCustomers, searchCustomers } from '@api/modules/customers/customer.repository';
import { countInspections, listInspectionKeys } from '@api/modules/inspections/inspection.repository';
import { countInvoices, listInvoiceRows } from '@api/modules/invoices/invoice.repository';
import { countVehicles, listVehicles, searchVehicles } from '@api/modules/vehicles/vehicle.repository';
import { createTestDatabase, testDatabaseKind } from '@api/test/database';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';
import { planRecorder } from '@api/test/query-plans';

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
const CASES: [string, () => Promise<unknown>][] = [
  ['customers by name', () => listCustomers(db, {}, 'name', page)],
  ['customers by name, active', () => listCustomers(db, { status: 'active' }, 'name', page)],
  ['customers recent', () => listCustomers(db, {}, 'recent', page)],
  ['customers updated', () => listCustomers(db, {}, 'updated', page)],
  ['customers search', () => listCustomers(db, { q: 'stone' }, 'name', page)],
  ['customers search with its total', () => searchCustomers(db, { q: 'stone' }, 'name', page)],
  ['customers by name after a cursor', () => listCustomers(db, {}, 'name', { ...page, after: ['Ann', customer.id] })],
  [
    'customers recent after a cursor',
    () => listCustomers(db, {}, 'recent', { ...page, after: [customer.createdAt, customer.id] }),
  ],
  ['customers count', () => countCustomers(db, {})],
  ['customers count search', () => countCustomers(db, { q: 'stone' })],
  ['customers count active', () => countCustomers(db, { status: 'active' })],
  ['vehicles by year', () => listVehicles(db, {}, 'year', page)],
  ['vehicles by make', () => listVehicles(db, {}, 'make', page)],
  ['vehicles by mileage', () => listVehicles(db, {}, 'mileage', page)],
  ['vehicles of a customer', () => listVehicles(db, { customerId: customer.id }, 'year', {})],
  ['vehicles search', () => searchVehicles(db, { q: 'ford' }, 'year', page)],
  ['vehicles count search', () => countVehicles(db, { q: 'ford' })],
  ['inspections recent', () => listInspectionKeys(db, {}, 'recent', { limit: 20 })],
  ['inspections oldest', () => listInspectionKeys(db, {}, 'oldest', { limit: 20 })],
  ['inspections of a customer', () => listInspectionKeys(db, { customerId: customer.id }, 'recent', { limit: 20 })],
  ['inspections by status', () => listInspectionKeys(db, { status: 'completed' }, 'recent', { limit: 20 })],
  ['inspections search', () => listInspectionKeys(db, { q: 'stone' }, 'recent', { limit: 20 })],
  [
    'inspections after a cursor',
    () => listInspectionKeys(db, {}, 'recent', { limit: 20, after: [customer.createdAt, customer.id] }),
  ],
  [
    'inspections of a status after a cursor',
    () =>
      listInspectionKeys(db, { status: 'completed' }, 'oldest', {
        limit: 20,
        after: [customer.createdAt, customer.id],
      }),
  ],
  ['inspections count', () => countInspections(db, {})],
  ['inspections count by status', () => countInspections(db, { status: 'completed' })],
  ['inspections count search', () => countInspections(db, { q: 'stone' })],
  ['invoices by date', () => listInvoiceRows(db, {}, 'date', page)],
  ['invoices by amount', () => listInvoiceRows(db, {}, 'amount', page)],
  ['invoices search', () => listInvoiceRows(db, { q: 'ford' }, 'date', page)],
  ['invoices count search', () => countInvoices(db, { q: 'ford' })],
];

/** A step that reads a whole base table without an index (FTS tables are `VIRTUAL TABLE INDEX`). */
const BARE_SCAN = /^SCAN (customers|vehicles|inspections|invoices)$/m;

describe.runIf(sqlite)('list query plans on SQLite', () => {
  it.each(CASES.filter(([name]) => !name.includes('search')))(
    '%s: through an index, in its order',
    async (_name, run) => {
      const steps = (await plans(run)).join('\n');
      expect(steps).not.toMatch(BARE_SCAN);
      expect(steps).not.toContain('USE TEMP B-TREE');
      expect(steps).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
    },
  );

  // A search sorts its matches (few) but never reads the table: the text index gives the rows.
  it.each(CASES.filter(([name]) => name.includes('search')))('%s: through the text index', async (_name, run) => {
    const steps = (await plans(run)).join('\n');
    expect(steps).not.toMatch(BARE_SCAN);
    expect(steps).toMatch(/SCAN \w+_search VIRTUAL TABLE INDEX 0:M/);
  });

  it('starts a page after a cursor with a range on the index, not by reading the rows before it', async () => {
    expect(await plans(CASES.find(([name]) => name === 'customers by name after a cursor')![1])).toEqual([
      'SEARCH customers USING INDEX customers_name_order (<expr>>?)',
    ]);
    expect(await plans(CASES.find(([name]) => name === 'customers recent after a cursor')![1])).toEqual([
      'SEARCH customers USING INDEX customers_recent_order (created_at<?)',
    ]);
    expect(await plans(CASES.find(([name]) => name === 'inspections after a cursor')![1])).toEqual([
      'SEARCH inspections USING COVERING INDEX inspections_created_technician ((created_at,id)<(?,?))',
    ]);
  });

  it('a search of one or two characters scans, as the trigram index cannot answer it', async () => {
    const steps = (await plans(() => listCustomers(db, { q: 'st' }, 'name', page))).join('\n');
    expect(steps).not.toContain('VIRTUAL TABLE');
    expect(steps).toContain('SCAN customers USING INDEX customers_name_order');
  });
});
