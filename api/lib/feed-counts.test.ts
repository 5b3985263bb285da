import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { isPostgres } from '@api/db/database';
import { setSyncEpoch } from '@api/db/sync-epoch';
import { useTestApp } from '@api/test/app';
import { countKey, countUntilChanged, KEPT_COUNTS } from './feed-counts';

const { db, signIn } = await useTestApp();
const postgres = isPostgres(db);
const advisor = await signIn('service_advisor');

/** A count that says how often it ran. */
function counter(value = 7) {
  let runs = 0;
  return { runs: () => runs, count: async () => (runs++, value) };
}

const newCustomer = (id: string, name: string) => ({ id, name, email: `${id}@mail.test`, phone: '555-0142' });

async function ok(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<void> {
  const response = await advisor.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

/** A customer created through the API (which records its change), with `vehicles` vehicles. */
async function customerWith(name: string, vehicles = 0, status: 'active' | 'inactive' = 'active'): Promise<string> {
  const id = randomUUID();
  await ok('POST', '/api/customers', { ...newCustomer(id, name), status });
  for (let i = 0; i < vehicles; i++)
    await ok('POST', '/api/vehicles', { customerId: id, year: 2019, make: 'Mazda', model: 'CX-5' });
  return id;
}

/**
 * A list's total (its `X-Total-Count`), from a page of one: with more than two rows (the page reads
 * one ahead) the total is counted, not read off the page.
 */
async function total(list: 'customers' | 'vehicles', query = ''): Promise<number> {
  const response = await advisor.inject({ method: 'GET', url: `/api/${list}?limit=1${query}` });
  expect(response.statusCode).toBe(200);
  const value = Number(response.headers['x-total-count']);
  expect(value, 'a total counted, not read off the page').toBeGreaterThan(2);
  return value;
}

describe('countUntilChanged', () => {
  it('counts again after every change on SQLite, and only after a change in the feed on PostgreSQL', async () => {
    const { runs, count } = counter();
    expect(await countUntilChanged(db, 'a', count)).toBe(7);
    expect(await countUntilChanged(db, 'a', count)).toBe(7);
    expect(runs()).toBe(postgres ? 1 : 2);

    // A customer created through the API records a change: the next call counts again.
    const created = await advisor.inject({
      method: 'POST',
      url: '/api/customers',
      payload: newCustomer(randomUUID(), 'Dana Whitlock'),
    });
    expect(created.statusCode).toBe(201);
    await countUntilChanged(db, 'a', count);
    expect(runs()).toBe(postgres ? 2 : 3);
  });

  it('shares one count among the calls that arrive while it runs on PostgreSQL (SQLite counts for each)', async () => {
    const waiting: ((n: number) => void)[] = [];
    const slow = () => new Promise<number>((resolve) => waiting.push(resolve));
    const first = countUntilChanged(db, 'shared', slow);
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    const second = countUntilChanged(db, 'shared', slow);
    // SQLite counts for each call.
    await vi.waitFor(() => expect(waiting).toHaveLength(postgres ? 1 : 2));
    for (const resolve of waiting) resolve(12);
    expect(await Promise.all([first, second])).toEqual([12, 12]);
    expect(waiting).toHaveLength(postgres ? 1 : 2);
  });

  it('counts again after a write that committed while it counted', async () => {
    let runs = 0;
    const racing = async () => {
      runs++;
      if (runs === 1) await customerWith('Ona Fairweather');
      return runs;
    };
    expect(await countUntilChanged(db, 'racing', racing)).toBe(1);
    expect(await countUntilChanged(db, 'racing', racing)).toBe(2);
  });

  it('always counts inside a transaction, whose own writes come before the change it records', async () => {
    const { runs, count } = counter();
    await db.transaction().execute(async (trx) => {
      await countUntilChanged(trx, 'in a transaction', count);
      await countUntilChanged(trx, 'in a transaction', count);
    });
    expect(runs()).toBe(2);
  });

  it.runIf(postgres)('keeps no failed count, and counts again when a restore renews the epoch', async () => {
    await expect(countUntilChanged(db, 'failing', () => Promise.reject(new Error('connection lost')))).rejects.toThrow(
      'connection lost',
    );
    const { runs, count } = counter(3);
    expect(await countUntilChanged(db, 'failing', count)).toBe(3);
    expect(runs()).toBe(1);
    await setSyncEpoch(db, randomUUID());
    await countUntilChanged(db, 'failing', count);
    expect(runs()).toBe(2);
  });

  it.runIf(postgres)(`keeps the ${KEPT_COUNTS} lists used last`, async () => {
    const { runs, count } = counter();
    for (let i = 0; i < KEPT_COUNTS; i++) await countUntilChanged(db, `list-${i}`, count);
    expect(runs()).toBe(KEPT_COUNTS);
    // list-0 is used again, so list-1 is the least recently used when one more list is counted.
    await countUntilChanged(db, 'list-0', count);
    await countUntilChanged(db, `list-${KEPT_COUNTS}`, count);
    expect(runs()).toBe(KEPT_COUNTS + 1);
    await countUntilChanged(db, 'list-0', count);
    expect(runs()).toBe(KEPT_COUNTS + 1);
    await countUntilChanged(db, 'list-1', count);
    expect(runs()).toBe(KEPT_COUNTS + 2);
  });

  it('keys a list by its table and the filters given, in any order', () => {
    expect(countKey('customers', { q: undefined, status: 'active' })).toBe('customers?{"status":"active"}');
    expect(countKey('inspections', { status: 'completed', customerId: 'c1' })).toBe(
      countKey('inspections', { customerId: 'c1', status: 'completed', q: undefined }),
    );
    expect(countKey('customers', {})).not.toBe(countKey('vehicles', {}));
  });
});

describe('list totals', () => {
  it('follow every create, edit and delete made through the API, filtered or not', async () => {
    for (const name of ['Ada Quill', 'Bo Pemberton', 'Cyd Harlow']) await customerWith(name, 1);
    for (const name of ['Dee Ashcombe', 'Eli Vantongeren', 'Fay Moreau']) await customerWith(name, 1, 'inactive');
    const before = await total('customers');
    const inactiveBefore = await total('customers', '&status=inactive');
    const id = await customerWith('Rory Caldwell');
    expect(await total('customers')).toBe(before + 1);
    await ok('PUT', `/api/customers/${id}`, { status: 'inactive' });
    expect(await total('customers', '&status=inactive')).toBe(inactiveBefore + 1);
    await ok('DELETE', `/api/customers/${id}`);
    expect(await total('customers')).toBe(before);
    expect(await total('customers', '&status=inactive')).toBe(inactiveBefore);
  });

  it("follow the vehicles a customer's deletion takes with it", async () => {
    const vehiclesBefore = await total('vehicles');
    const id = await customerWith('Gus Ellery', 3);
    expect(await total('vehicles')).toBe(vehiclesBefore + 3);
    await ok('DELETE', `/api/customers/${id}`);
    expect(await total('vehicles')).toBe(vehiclesBefore);
  });

  it('rest on every write recording a change: a row added behind the feed is counted on SQLite only', async () => {
    const before = await total('customers');
    // Inserted straight into the table, without the change every write of the app records.
    const row = { ...newCustomer(randomUUID(), 'Hal Behind'), address: null, status: 'active', createdBy: null };
    await db
      .insertInto('customers')
      .values({ ...row, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() })
      .execute();
    expect(await total('customers')).toBe(postgres ? before : before + 1);
  });
});
