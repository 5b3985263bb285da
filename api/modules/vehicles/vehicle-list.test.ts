import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createCustomer, createVehicle } from '@api/test/factories';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');

const ana = await createCustomer(t.db, { name: 'Ana Reyes' });
const ben = await createCustomer(t.db, { name: 'Ben Okafor' });
const nobody = await createCustomer(t.db, { name: 'Cy Nocar' });
const camrySeed = {
  year: 2020,
  make: 'Toyota',
  model: 'Camry',
  vin: 'JT2BF22K1W0123456',
  licensePlate: 'REY-001',
  mileage: 30000,
  color: 'Grey',
};
const camry = await createVehicle(t.db, ana.id, camrySeed);
const truck = await createVehicle(t.db, ana.id, {
  year: 2015,
  make: 'ford',
  model: 'F-150',
  licensePlate: 'TRK-9',
  mileage: null,
});
const accord = await createVehicle(t.db, ben.id, {
  year: 2020,
  make: 'Honda',
  model: 'Accord',
  vin: '1HGCV1F3XLA000001',
  licensePlate: 'OKA-77',
  mileage: 12000,
});
const bmw = await createVehicle(t.db, ben.id, { year: 2008, make: 'BMW', model: '328i', mileage: 150000 });
const camry2 = await createVehicle(t.db, ben.id, { year: 2020, make: 'Toyota', model: 'Camry', mileage: 30000 });
// Equal in every sort key: ordered by id.
const camrys = [camry, camry2].sort((a, b) => (a.id < b.id ? -1 : 1));

const ids = (...rows: { id: string }[]) => rows.map((r) => r.id);

async function list(url: string) {
  const res = await advisor.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { id: string }[];
  return { ids: body.map((v) => v.id), total: Number(res.headers['x-total-count']), body };
}

describe('GET /api/vehicles', () => {
  it('returns every vehicle with its customer name in one call, Year Newest by default', async () => {
    const { ids: got, total, body } = await list('/api/vehicles');
    expect(got).toEqual(ids(accord, ...camrys, truck, bmw));
    expect(total).toBe(5);
    expect(body.find((v) => v.id === camry.id)).toEqual({
      id: camry.id,
      customerId: ana.id,
      customerName: 'Ana Reyes',
      ...camrySeed,
      createdAt: camry.createdAt,
      updatedAt: camry.updatedAt,
    });
  });

  it('sorts by year, make and mileage (unknown mileage last)', async () => {
    expect((await list('/api/vehicles?sort=year')).ids).toEqual(ids(accord, ...camrys, truck, bmw));
    expect((await list('/api/vehicles?sort=make')).ids).toEqual(ids(bmw, truck, accord, ...camrys));
    expect((await list('/api/vehicles?sort=mileage')).ids).toEqual(ids(accord, ...camrys, bmw, truck));
  });

  it('searches make, model, VIN, plate and customer name without regard to case', async () => {
    expect((await list('/api/vehicles?q=ANA%20rey')).ids).toEqual(ids(camry, truck));
    expect((await list('/api/vehicles?q=camry')).ids).toEqual(ids(...camrys));
    expect((await list('/api/vehicles?q=TOYOTA&sort=make')).ids).toEqual(ids(...camrys));
    expect((await list('/api/vehicles?q=f-150')).ids).toEqual(ids(truck));
    expect((await list('/api/vehicles?q=1hgcv')).ids).toEqual(ids(accord));
    expect((await list('/api/vehicles?q=oka-')).ids).toEqual(ids(accord));
    expect((await list('/api/vehicles?q=okafor')).ids).toEqual(ids(accord, camry2, bmw));
    expect((await list('/api/vehicles?q=tesla')).ids).toEqual([]);
  });

  it('filters by customer, alone and with a search', async () => {
    const ben1 = await list(`/api/vehicles?customerId=${ben.id}`);
    expect(ben1.ids).toEqual(ids(accord, camry2, bmw));
    expect(ben1.total).toBe(3);
    expect((await list(`/api/vehicles?customerId=${ben.id}&q=toyota`)).ids).toEqual(ids(camry2));
    expect((await list(`/api/vehicles?customerId=${randomUUID()}`)).ids).toEqual([]);
  });

  it('gives, past any offset, that slice of the whole list in every sort and for one customer', async () => {
    // PostgreSQL finds such a page's ids before its answers (pastOffsetOnPostgres in api/lib/list.ts).
    for (const sort of ['year', 'make', 'mileage']) {
      for (const customer of ['', `&customerId=${ben.id}`]) {
        const whole = await list(`/api/vehicles?sort=${sort}${customer}`);
        for (let offset = 1; offset <= whole.ids.length; offset++) {
          const url = `/api/vehicles?sort=${sort}${customer}&limit=2&offset=${offset}`;
          const page = await list(url);
          expect(page.ids, url).toEqual(whole.ids.slice(offset, offset + 2));
          expect(page.body, url).toEqual(whole.body.slice(offset, offset + 2));
          expect(page.total, url).toBe(whole.ids.length);
        }
      }
    }
  });

  it('pages with limit and offset and counts the whole filtered list', async () => {
    const page = await list('/api/vehicles?sort=mileage&limit=2&offset=1');
    expect(page.ids).toEqual(ids(...camrys));
    expect(page.total).toBe(5);
    const rest = await list('/api/vehicles?sort=mileage&offset=3');
    expect(rest.ids).toEqual(ids(bmw, truck));
    const filtered = await list('/api/vehicles?q=toyota&limit=1');
    expect(filtered.ids).toEqual(ids(camrys[0]!));
    expect(filtered.total).toBe(2);
    // A search's total comes with its page, and past its end from a count.
    const later = await list('/api/vehicles?q=toyota&limit=1&offset=1');
    expect(later.ids).toEqual(ids(camrys[1]!));
    expect(later.total).toBe(2);
    const past = await list('/api/vehicles?q=toyota&limit=1&offset=5');
    expect(past.ids).toEqual([]);
    expect(past.total).toBe(2);
  });

  it('answers each search with its own words, customer, limit and offset (compiled once per shape)', async () => {
    const cases: [string, string[], number][] = [
      ['?q=toyota&limit=1&offset=0', ids(camrys[0]!), 2],
      ['?q=toyota&limit=2&offset=0', ids(...camrys), 2],
      ['?q=okafor&limit=2&offset=1', ids(camry2, bmw), 3],
      ['?q=ana%20rey&limit=5&offset=0', ids(camry, truck), 2],
      [`?q=camry&customerId=${ana.id}&limit=5&offset=0`, ids(camry), 1],
      [`?q=camry&customerId=${ben.id}&limit=5&offset=0`, ids(camry2), 1],
      ['?q=f-&limit=1&offset=0', ids(truck), 1],
    ];
    for (const [query, expected, total] of cases) {
      const page = await list(`/api/vehicles${query}`);
      expect(page.ids, query).toEqual(expected);
      expect(page.total, query).toBe(total);
    }
  });

  it('rejects an unknown sort, a malformed customer id and bad paging', async () => {
    const cases: [string, string, string][] = [
      ['?sort=color', 'sort', 'sort must be year, make or mileage'],
      ['?customerId=abc', 'customerId', 'Invalid id'],
      ['?limit=501', 'limit', 'limit must be at most 500'],
      ['?offset=1.5', 'offset', 'offset must be a whole number'],
    ];
    for (const [query, path, message] of cases) {
      const res = await advisor.inject({ method: 'GET', url: `/api/vehicles${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues).toEqual([{ path, message }]);
    }
  });
});

describe('GET /api/customers/:id/vehicles', () => {
  it("lists one customer's vehicles, Year Newest by default", async () => {
    const res = await list(`/api/customers/${ana.id}/vehicles`);
    expect(res.ids).toEqual(ids(camry, truck));
    expect(res.total).toBe(2);
    expect(res.body[1]).toMatchObject({ customerName: 'Ana Reyes', make: 'ford', model: 'F-150', mileage: null });
  });

  it('takes the same sort and paging as the vehicle list', async () => {
    const page = await list(`/api/customers/${ben.id}/vehicles?sort=make&limit=2`);
    expect(page.ids).toEqual(ids(bmw, accord));
    expect(page.total).toBe(3);
    expect((await list(`/api/customers/${ben.id}/vehicles?sort=mileage`)).ids).toEqual(ids(accord, camry2, bmw));
  });

  it('is an empty list for a customer without vehicles', async () => {
    const res = await list(`/api/customers/${nobody.id}/vehicles`);
    expect(res.body).toEqual([]);
    expect(res.total).toBe(0);
  });

  it('is 404 for an unknown customer and 400 for a malformed id', async () => {
    const unknown = await advisor.inject({ method: 'GET', url: `/api/customers/${randomUUID()}/vehicles` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Customer not found' });
    const malformed = await advisor.inject({ method: 'GET', url: '/api/customers/abc/vehicles' });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('vehicle lists written by the database', () => {
  it('sends each vehicle exactly as GET /api/vehicles/:id writes it', async () => {
    // The list's answers are written as JSON by the database and sent as they are: byte for byte
    // what the response schema's writer writes for the same vehicle (api/modules/sync/sync-json.test.ts
    // holds the escaping to that for every character).
    const owner = await createCustomer(t.db, { name: 'Zoë "Q" O\'Neil \\ 😀' });
    const odd = await createVehicle(t.db, owner.id, {
      year: 1999,
      make: 'Citroën\u2028"DS"',
      model: 'Straße\n\tGT 😀',
      vin: null,
      licensePlate: 'Ω-1',
      mileage: null,
      color: null,
    });
    try {
      const one = await advisor.inject({ method: 'GET', url: `/api/vehicles/${odd.id}` });
      expect(one.statusCode).toBe(200);
      for (const url of [
        `/api/customers/${owner.id}/vehicles`,
        `/api/customers/${owner.id}/vehicles?sort=mileage&limit=5`,
        '/api/vehicles?q=straße',
        `/api/vehicles?customerId=${owner.id}&limit=1`,
      ]) {
        const res = await advisor.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
        expect(res.headers['x-total-count'], url).toBe('1');
        expect(res.body, url).toBe(`[${one.body}]`);
      }
      // Past the end of a customer's vehicles: an empty page, not a 404.
      const past = await advisor.inject({ method: 'GET', url: `/api/customers/${owner.id}/vehicles?limit=1&offset=5` });
      expect(past.statusCode).toBe(200);
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total-count']).toBe('1');
    } finally {
      await t.db.deleteFrom('customers').where('id', '=', owner.id).execute();
    }
  });
});

describe('GET /api/vehicles search pages of many rows', () => {
  it('keeps the sort order with more than 16 rows a page, also once the database has statistics', async () => {
    // Years in another order than the rows were made in, and random ids (see the customers' test).
    const owner = await createCustomer(t.db, { name: 'Pagewise Owner' });
    const made: { id: string; year: number }[] = [];
    for (let i = 0; i < 30; i++)
      made.push(await createVehicle(t.db, owner.id, { year: 1990 + ((i * 7) % 30), make: 'Pagewise', model: 'Rig' }));
    try {
      await sql`analyze`.execute(t.db);
      const newest = [...made].sort((a, b) => b.year - a.year).map((v) => v.id);
      const page = await list('/api/vehicles?q=pagewise&limit=20');
      expect(page.ids).toEqual(newest.slice(0, 20));
      expect(page.total).toBe(30);
      expect((await list('/api/vehicles?q=pagewise&limit=20&offset=20')).ids).toEqual(newest.slice(20));
    } finally {
      await t.db.deleteFrom('customers').where('id', '=', owner.id).execute();
    }
  });
});
