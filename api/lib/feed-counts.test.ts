import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isPostgres } from '@api/db/database';
import { setSyncEpoch } from '@api/db/sync-epoch';
import { createCustomer } from '@api/test/factories';
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

/** The customer list's total (its `X-Total-Count`). */
async function customersTotal(query = ''): Promise<number> {
  const response = await advisor.inject({ method: 'GET', url: `/api/customers?limit=1${query}` });
  expect(response.statusCode).toBe(200);
  return Number(response.headers['x-total-count']);
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

  it('shares one count among the calls that arrive while it runs', async () => {
    const waiting: ((n: number) => void)[] = [];
    const slow = () => new Promise<number>((resolve) => waiting.push(resolve));
    const calls = [countUntilChanged(db, 'shared', slow), countUntilChanged(db, 'shared', slow)];
    await new Promise((resolve) => setTimeout(resolve, 50));
    // SQLite counts for each call.
    expect(waiting).toHaveLength(postgres ? 1 : 2);
    for (const resolve of waiting) resolve(12);
    expect(await Promise.all(calls)).toEqual([12, 12]);
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

  it.runIf(postgres)(`keeps the ${KEPT_COUNTS} lists counted last`, async () => {
    const { runs, count } = counter();
    for (let i = 0; i <= KEPT_COUNTS; i++) await countUntilChanged(db, `list-${i}`, count);
    await countUntilChanged(db, `list-${KEPT_COUNTS}`, count);
    expect(runs()).toBe(KEPT_COUNTS + 1);
    await countUntilChanged(db, 'list-0', count);
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
  it('follow every create and delete made through the API, filtered or not', async () => {
    const before = await customersTotal();
    const inactiveBefore = await customersTotal('&status=inactive');
    const id = randomUUID();
    const created = await advisor.inject({
      method: 'POST',
      url: '/api/customers',
      payload: newCustomer(id, 'Rory Caldwell'),
    });
    expect(created.statusCode).toBe(201);
    expect(await customersTotal()).toBe(before + 1);
    const edited = await advisor.inject({
      method: 'PUT',
      url: `/api/customers/${id}`,
      payload: { status: 'inactive' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await customersTotal('&status=inactive')).toBe(inactiveBefore + 1);
    const removed = await advisor.inject({ method: 'DELETE', url: `/api/customers/${id}` });
    expect(removed.statusCode).toBe(204);
    expect(await customersTotal()).toBe(before);
    expect(await customersTotal('&status=inactive')).toBe(inactiveBefore);
  });

  it('rest on every write recording a change: a row added behind the feed is counted on SQLite only', async () => {
    const created = await advisor.inject({
      method: 'POST',
      url: '/api/customers',
      payload: newCustomer(randomUUID(), 'Ines Marlowe'),
    });
    expect(created.statusCode).toBe(201);
    // More customers than the page holds: the total is counted, not read off the page.
    const before = await customersTotal();
    expect(before).toBeGreaterThan(1);
    // Test factories insert straight into the table, without the change every API write records.
    await createCustomer(db);
    expect(await customersTotal()).toBe(postgres ? before : before + 1);
  });
});
