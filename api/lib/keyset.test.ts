import { describe, expect, it } from 'vitest';
import { CURSOR_INVALID } from '@shared/schemas/common';
import type { CustomerRow } from '@api/db/tables';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';
import { CURSOR_WITH_OFFSET, encodeCursor, totalFromPage } from './keyset';

const t = await useTestApp();
const tech = await t.signIn('technician');

// Names that differ only in case, equal names and equal times: the cursor must keep every tie's order.
const NAMES = [
  'ann',
  'Ann',
  'ANN',
  'bob',
  'Bob',
  'ann',
  'Zed',
  'éve',
  'Ève',
  'carl',
  'Carl',
  '50% off',
  '_x',
  "O'Hara",
];
const times = ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-01T00:00:00.000Z'];
const customers: CustomerRow[] = [];
for (const [i, name] of NAMES.entries()) {
  customers.push(
    await createCustomer(t.db, {
      name,
      status: i % 4 === 0 ? 'inactive' : 'active',
      createdAt: times[i % 3],
      updatedAt: times[(i + 1) % 3],
    }),
  );
}
const vehicle = await createVehicle(t.db, customers[0]!.id);
for (let i = 0; i < 13; i++) {
  await createInspection(t.db, {
    customerId: customers[0]!.id,
    vehicleId: vehicle.id,
    createdAt: times[i % 3],
    status: i % 2 ? 'completed' : 'in_progress',
  });
}

async function get(url: string) {
  const res = await tech.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return {
    ids: (res.json() as { id: string }[]).map((row) => row.id),
    total: Number(res.headers['x-total-count']),
    next: res.headers['x-next-cursor'] as string | undefined,
  };
}

/** Every page of `limit` rows through the cursors, with the total each page sends. */
async function walk(path: string, query: string, limit: number) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let next: string | undefined;
  let pages = 0;
  do {
    const page = await get(`${path}?${query}&limit=${limit}${next ? `&after=${next}` : ''}`);
    ids.push(...page.ids);
    totals.add(page.total);
    next = page.next;
    pages++;
    if (next) expect(page.ids).toHaveLength(limit);
  } while (next && pages < 50);
  return { ids, totals: [...totals], pages };
}

describe('keyset paging (after=)', () => {
  const lists: [string, string[]][] = [
    [
      '/api/customers',
      [
        'sort=name',
        'sort=recent',
        'sort=updated',
        'status=active&sort=name',
        'status=inactive&sort=recent',
        'q=ann',
        'q=an&sort=updated',
      ],
    ],
    [
      '/api/inspections',
      ['sort=recent', 'sort=oldest', 'status=completed', `customerId=${customers[0]!.id}&sort=oldest`],
    ],
  ];
  for (const [path, queries] of lists) {
    it.each(queries)(`${path}?%s: the pages joined are the whole list, in order`, async (query) => {
      const whole = await get(`${path}?${query}`);
      expect(whole.ids.length).toBeGreaterThan(2);
      for (const limit of [1, 3, 5]) {
        const walked = await walk(path, query, limit);
        expect(walked.ids, `limit ${limit}`).toEqual(whole.ids);
        expect(walked.totals).toEqual([whole.ids.length]);
        expect(walked.pages).toBe(Math.ceil(whole.ids.length / limit));
      }
    });
  }

  it('sends no cursor without a limit or on the last page, and one after an offset page', async () => {
    expect((await get('/api/customers')).next).toBeUndefined();
    expect((await get(`/api/customers?limit=${NAMES.length}`)).next).toBeUndefined();
    const offsetPage = await get('/api/customers?limit=3&offset=3');
    const rest = await get(`/api/customers?after=${offsetPage.next}`);
    expect([...offsetPage.ids, ...rest.ids]).toEqual((await get('/api/customers')).ids.slice(3));
  });

  it('answers 400 for a cursor it did not make, of another sort, or with offset', async () => {
    const cursor = (await get('/api/customers?sort=name&limit=2')).next!;
    const cases: [string, string][] = [
      [`/api/customers?after=${encodeCursor('recent', ['2026-01-01T00:00:00.000Z', 'x'])}`, CURSOR_INVALID],
      [`/api/customers?sort=recent&after=${cursor}`, CURSOR_INVALID],
      [`/api/customers?after=${cursor}&offset=2`, CURSOR_WITH_OFFSET],
      [`/api/customers?after=${Buffer.from('not json').toString('base64url')}`, CURSOR_INVALID],
      [`/api/customers?after=${Buffer.from('["name",1,2]').toString('base64url')}`, CURSOR_INVALID],
      [`/api/customers?after=${Buffer.from('["name","a"]').toString('base64url')}`, CURSOR_INVALID],
      [`/api/inspections?after=${cursor}`, CURSOR_INVALID],
    ];
    for (const [url, message] of cases) {
      const res = await tech.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'bad_request', message });
    }
    const malformed = await tech.inject({ method: 'GET', url: '/api/customers?after=a%2Fb' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().issues).toEqual([{ path: 'after', message: CURSOR_INVALID }]);
  });
});

describe('totalFromPage', () => {
  it('is the offset plus the rows when the page came back shorter than it asked for', () => {
    expect(totalFromPage([1, 2], { limit: 51 })).toBe(2);
    expect(totalFromPage([1, 2], { limit: 51, offset: 100 })).toBe(102);
    expect(totalFromPage([], { limit: 51 })).toBe(0);
    expect(totalFromPage([1, 2, 3], {})).toBe(3);
    expect(totalFromPage([1, 2, 3], { offset: 4 })).toBe(7);
  });

  it('is unknown when more rows may follow, after a cursor, or past the end of the list', () => {
    expect(totalFromPage([1, 2, 3], { limit: 3 })).toBeUndefined();
    expect(totalFromPage([1], { limit: 3, after: ['a', 'b'] })).toBeUndefined();
    expect(totalFromPage([], { limit: 3, offset: 10 })).toBeUndefined();
    expect(totalFromPage([], { offset: 10 })).toBeUndefined();
  });
});
