import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';
import { listInvoices } from './invoice.service';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');

interface Seed {
  customer: string;
  make: string;
  model: string;
  amount: string;
  status: string;
  day: number;
}

// amount is the line item; the total adds 8%.
const seeds: Seed[] = [
  { customer: 'Ann Archer', make: 'Toyota', model: 'Camry', amount: '100.00', status: 'draft', day: 1 },
  { customer: 'bob Baker', make: 'Ford', model: 'F-150', amount: '250.00', status: 'sent', day: 2 },
  { customer: 'Cara Cole', make: 'Honda', model: 'Civic', amount: '50.00', status: 'paid', day: 3 },
  { customer: 'Ann Archer', make: 'Toyota', model: 'Camry', amount: '250.00', status: 'paid', day: 4 },
  { customer: 'Dev 50% Off', make: 'Honda', model: 'Accord', amount: '75.25', status: 'draft', day: 5 },
];

const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const [n, seed] of seeds.entries()) {
    const customer = await createCustomer(t.db, { name: seed.customer });
    const vehicle = await createVehicle(t.db, customer.id, { make: seed.make, model: seed.model });
    const inspection = await createInspection(t.db, { customerId: customer.id, vehicleId: vehicle.id });
    const res = await advisor.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: {
        inspectionId: inspection.id,
        status: seed.status,
        lineItems: [{ description: 'Work', amount: seed.amount }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    ids[`i${n + 1}`] = id;
    await t.db
      .updateTable('invoices')
      .set({ createdAt: `2026-03-0${seed.day}T10:00:00.000Z` })
      .where('id', '=', id)
      .execute();
  }
});

async function list(query = '') {
  const res = await advisor.inject({ method: 'GET', url: `/api/invoices${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json() as { id: string; total: string; customer: { name: string } }[];
  return {
    names: rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id)),
    rows,
    total: res.headers['x-total-count'],
  };
}

describe('GET /api/invoices', () => {
  it('returns every invoice, newest first, with X-Total-Count and nesting', async () => {
    const { names, rows, total } = await list();
    expect(names).toEqual(['i5', 'i4', 'i3', 'i2', 'i1']);
    expect(total).toBe('5');
    expect(rows[0]).toMatchObject({
      total: '81.27',
      customer: { name: 'Dev 50% Off' },
      vehicle: { make: 'Honda', model: 'Accord' },
      inspection: { services: [], inspectionNotes: [] },
      lineItems: [{ description: 'Work', amount: '75.25' }],
    });
    expect((await list('?sort=date')).names).toEqual(['i5', 'i4', 'i3', 'i2', 'i1']);
  });

  it('sorts by amount high to low, ties newest first', async () => {
    const { names, rows } = await list('?sort=amount');
    expect(names).toEqual(['i4', 'i2', 'i1', 'i5', 'i3']);
    expect(rows.map((r) => r.total)).toEqual(['270.00', '270.00', '108.00', '81.27', '54.00']);
  });

  it('sorts by customer name A-Z ignoring case, ties newest first', async () => {
    const { rows, names } = await list('?sort=customer');
    expect(rows.map((r) => r.customer.name)).toEqual([
      'Ann Archer',
      'Ann Archer',
      'bob Baker',
      'Cara Cole',
      'Dev 50% Off',
    ]);
    expect(names.slice(0, 2)).toEqual(['i4', 'i1']);
  });

  it('filters by status, with a matching total count', async () => {
    expect(await list('?status=paid')).toMatchObject({ names: ['i4', 'i3'], total: '2' });
    expect(await list('?status=draft&sort=amount')).toMatchObject({ names: ['i1', 'i5'], total: '2' });
    expect((await list('?status=all')).total).toBe('5');
  });

  it('searches customer name, vehicle make and model, and the start of the id', async () => {
    expect((await list('?q=ann')).names).toEqual(['i4', 'i1']);
    expect((await list('?q=HONDA')).names).toEqual(['i5', 'i3']);
    expect((await list('?q=f-150')).names).toEqual(['i2']);
    expect((await list('?q=honda%20civic')).names).toEqual(['i3']);
    const short = ids.i2!.slice(0, 8);
    expect((await list(`?q=${short.toUpperCase()}`)).names).toEqual(['i2']);
    // The middle of an id is not its first characters.
    expect((await list(`?q=${ids.i2!.slice(9, 13)}`)).names).not.toContain('i2');
    expect(await list('?q=50%25')).toMatchObject({ names: ['i5'], total: '1' });
    expect(await list('?q=nobody')).toMatchObject({ names: [], total: '0' });
    expect(await list('?q=ann&status=draft')).toMatchObject({ names: ['i1'], total: '1' });
  });

  it('pages with limit and offset; the count is of all matches', async () => {
    expect(await list('?limit=2')).toMatchObject({ names: ['i5', 'i4'], total: '5' });
    expect(await list('?limit=2&offset=2')).toMatchObject({ names: ['i3', 'i2'], total: '5' });
    expect(await list('?limit=2&offset=4')).toMatchObject({ names: ['i1'], total: '5' });
    expect(await list('?offset=3&sort=amount')).toMatchObject({ names: ['i5', 'i3'], total: '5' });
    expect(await list('?limit=10&offset=10')).toMatchObject({ names: [], total: '5' });
  });

  it('refuses bad query parameters with their messages', async () => {
    const cases: [string, string, string][] = [
      ['?sort=price', 'sort', 'Sort must be date, amount or customer'],
      ['?status=void', 'status', 'Status must be draft, sent, paid or all'],
      ['?limit=0', 'limit', 'limit must be at least 1'],
      ['?limit=abc', 'limit', 'limit must be a number'],
      ['?offset=-1', 'offset', 'offset must be at least 0'],
    ];
    for (const [query, path, message] of cases) {
      const res = await advisor.inject({ method: 'GET', url: `/api/invoices${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues).toContainEqual({ path, message });
    }
  });

  it('is 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/invoices' });
    expect(res.statusCode).toBe(401);
  });

  it('reads the nesting in a fixed number of queries, whatever the row count', async () => {
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = t.db.withPlugin(counter);
    await listInvoices(db, { limit: 1 });
    const forOne = queries;
    queries = 0;
    const { items } = await listInvoices(db, {});
    expect(items).toHaveLength(5);
    expect(queries).toBe(forOne);
    expect(forOne).toBeLessThanOrEqual(12);
  });
});
