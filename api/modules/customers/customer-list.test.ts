import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useTestApp } from '@api/test/app';
import { createCustomer, customerRow } from '@api/test/factories';
import { SEARCH_IDS_READ } from '@api/lib/list';
import { readTrigramCounts } from '@api/lib/text-search';
import { MAX_PAGE_SIZE } from '@shared/constants';

const t = await useTestApp();
const tech = await t.signIn('technician');

const day = (d: string) => `2026-${d}T09:00:00.000Z`;
const bob = await createCustomer(t.db, {
  name: 'bob Stone',
  email: 'bob@rock.test',
  phone: '555-0001',
  address: '9 Granite Way',
  createdAt: day('01-03'),
  updatedAt: day('02-01'),
});
const alice = await createCustomer(t.db, {
  name: 'Alice Brown',
  email: 'alice@mail.test',
  phone: '555-0002',
  status: 'inactive',
  createdAt: day('01-01'),
  updatedAt: day('03-01'),
});
const carla = await createCustomer(t.db, {
  name: 'Carla Diaz',
  email: 'CARLA@Shop.test',
  phone: '555-0003',
  address: '50% Off Lane',
  createdAt: day('01-02'),
  updatedAt: day('01-05'),
});
const archer = await createCustomer(t.db, {
  name: 'alice Archer',
  email: 'aa@mail.test',
  phone: '555-1234',
  createdAt: day('01-04'),
  updatedAt: day('01-04'),
});
// Two customers equal in every sort key: their order comes from the id tie-breaker.
const twinTime = '2025-12-31T00:00:00.000Z';
// Emails of their own: the factory's default holds the time in base 36, whose letters a search
// for two of them (`?q=al`) would match now and then.
const twins = [
  await createCustomer(t.db, { name: 'Zoe Twin', email: 'zoe1@twin.test', createdAt: twinTime, updatedAt: twinTime }),
  await createCustomer(t.db, { name: 'Zoe Twin', email: 'zoe2@twin.test', createdAt: twinTime, updatedAt: twinTime }),
].sort((a, b) => (a.id < b.id ? -1 : 1));

async function list(query = '') {
  const res = await tech.inject({ method: 'GET', url: `/api/customers${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const got = (res.json() as { id: string }[]).map((c) => c.id);
  return { ids: got, total: Number(res.headers['x-total-count']), body: res.json() };
}

const ids = (...rows: { id: string }[]) => rows.map((r) => r.id);

/** `count` customers named `<word> NNNNN`, numbered from `first`, inserted 500 at a time (straight into the table). */
async function insertNamed(word: string, first: number, count: number) {
  const rows = Array.from({ length: count }, (_, i) =>
    customerRow({ name: `${word} ${String(first + i).padStart(5, '0')}` }),
  );
  for (let i = 0; i < count; i += 500)
    await t.db
      .insertInto('customers')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows;
}

describe('GET /api/customers', () => {
  it('without parameters returns every customer, Name A-Z ignoring case', async () => {
    const { ids: got, total, body } = await list();
    expect(got).toEqual(ids(archer, alice, bob, carla, ...twins));
    expect(total).toBe(6);
    expect(body[0]).toEqual({
      id: archer.id,
      name: 'alice Archer',
      email: 'aa@mail.test',
      phone: '555-1234',
      address: null,
      status: 'active',
      textConsentAt: null,
      textConsentSource: null,
      createdAt: day('01-04'),
      updatedAt: day('01-04'),
    });
  });

  it('sorts by name, recently added and last updated', async () => {
    expect((await list('?sort=name')).ids).toEqual(ids(archer, alice, bob, carla, ...twins));
    expect((await list('?sort=recent')).ids).toEqual(ids(archer, bob, carla, alice, ...twins));
    expect((await list('?sort=updated')).ids).toEqual(ids(alice, bob, carla, archer, ...twins));
  });

  it('searches name, email, phone and address without regard to case', async () => {
    expect((await list('?q=ALICE')).ids).toEqual(ids(archer, alice));
    expect((await list('?q=rock')).ids).toEqual(ids(bob));
    expect((await list('?q=shop.TEST')).ids).toEqual(ids(carla));
    expect((await list('?q=555-000')).ids).toEqual(ids(alice, bob, carla));
    expect((await list('?q=granite')).ids).toEqual(ids(bob));
    expect((await list('?q=nobody')).ids).toEqual([]);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect((await list('?q=%25')).ids).toEqual(ids(carla));
    // Unescaped, 'b_' would match "bob"; as text it matches nothing.
    expect((await list('?q=b_')).ids).toEqual([]);
  });

  it('filters by status, with all as the default', async () => {
    expect((await list('?status=active')).ids).toEqual(ids(archer, bob, carla, ...twins));
    expect((await list('?status=inactive')).ids).toEqual(ids(alice));
    expect((await list('?status=all')).ids).toHaveLength(6);
    const both = await list('?q=alice&status=inactive&sort=recent');
    expect(both.ids).toEqual(ids(alice));
    expect(both.total).toBe(1);
  });

  it('pages with limit and offset and counts the whole filtered list', async () => {
    const page = await list('?sort=name&limit=2&offset=1');
    expect(page.ids).toEqual(ids(alice, bob));
    expect(page.total).toBe(6);
    expect((await list('?offset=4')).ids).toEqual(ids(...twins));
    const active = await list('?status=active&sort=updated&limit=1');
    expect(active.ids).toEqual(ids(bob));
    expect(active.total).toBe(5);
    expect((await list('?limit=2&offset=10')).ids).toEqual([]);
  });

  it('counts every match of a search, on a first page, a later page and past the end', async () => {
    // '555-000' matches three customers' phones (the twins have the factory's 555-0100).
    const first = await list('?q=555-000&limit=1');
    expect(first.ids).toEqual(ids(alice));
    expect(first.total).toBe(3);
    const later = await list('?q=555-000&limit=1&offset=1&status=active');
    expect(later.ids).toEqual(ids(carla));
    expect(later.total).toBe(2);
    const past = await list('?q=555-000&limit=2&offset=9');
    expect(past.ids).toEqual([]);
    expect(past.total).toBe(3);
    expect((await list('?q=nobody&limit=1')).total).toBe(0);
  });

  it('counts a search that matches more customers than it reads the ids of (SEARCH_IDS_READ) in a second pass', async () => {
    const count = SEARCH_IDS_READ + 5;
    const many = await insertNamed('Manyfold', 0, count);
    try {
      // The first page's read stops at SEARCH_IDS_READ ids: the total is counted.
      const first = await list('?q=manyfold&limit=2');
      expect(first.ids).toEqual(ids(many[0]!, many[1]!));
      expect(first.total).toBe(count);
      // A page beyond it reads to the page's end, which is past the last match: the read is the total.
      const last = await list(`?q=manyfold&limit=10&offset=${SEARCH_IDS_READ}`);
      expect(last.ids).toEqual(ids(...many.slice(SEARCH_IDS_READ)));
      expect(last.total).toBe(count);
    } finally {
      await t.db.deleteFrom('customers').where('name', 'like', 'Manyfold %').execute();
    }
  });

  it('gives every match and its total when most of them were added after the trigram counts were read', async () => {
    // Read with one match, the counts bound the search at one row: it reads its ids without a limit.
    const one = await createCustomer(t.db, { name: 'Plentiful 00000' });
    await readTrigramCounts(t.db);
    const count = SEARCH_IDS_READ + 5;
    const later = await insertNamed('Plentiful', 1, count - 1);
    try {
      const first = await list('?q=plentiful&limit=2');
      expect(first.ids).toEqual(ids(one, later[0]!));
      expect(first.total).toBe(count);
      const last = await list(`?q=plentiful&limit=10&offset=${SEARCH_IDS_READ}`);
      expect(last.ids).toEqual(ids(...later.slice(SEARCH_IDS_READ - 1)));
      expect(last.total).toBe(count);
    } finally {
      await t.db.deleteFrom('customers').where('name', 'like', 'Plentiful %').execute();
      await readTrigramCounts(t.db);
    }
  });

  it('answers each search with its own words, limit and offset (a search statement is compiled once per shape)', async () => {
    // The same shape of query (a search, a limit, an offset) with other values each time, short
    // searches (scanned) and long ones (through the trigram index) alike.
    const cases: [string, string[], number][] = [
      ['?q=alice&limit=1&offset=0', ids(archer), 2],
      ['?q=alice&limit=2&offset=0', ids(archer, alice), 2],
      ['?q=alice&limit=1&offset=1', ids(alice), 2],
      ['?q=granite&limit=5&offset=0', ids(bob), 1],
      ['?q=zoe&limit=1&offset=1', ids(twins[1]!), 2],
      ['?q=55&limit=2&offset=1', ids(alice, bob), 6],
      ['?q=55&limit=3&offset=0', ids(archer, alice, bob), 6],
      ['?q=al&limit=3&offset=0', ids(archer, alice), 2],
    ];
    for (const [query, expected, total] of cases) {
      const page = await list(query);
      expect(page.ids, query).toEqual(expected);
      expect(page.total, query).toBe(total);
    }
  });

  it('gives, past any offset, that slice of the whole list in every sort and filter', async () => {
    // PostgreSQL finds such a page's ids before its answers (pastOffsetOnPostgres in api/lib/list.ts).
    for (const sort of ['name', 'recent', 'updated']) {
      for (const status of ['', '&status=active', '&status=inactive']) {
        const whole = await list(`?sort=${sort}${status}`);
        for (let offset = 1; offset <= whole.ids.length; offset++) {
          const query = `?sort=${sort}${status}&limit=2&offset=${offset}`;
          const page = await list(query);
          expect(page.ids, query).toEqual(whole.ids.slice(offset, offset + 2));
          expect(page.body, query).toEqual(whole.body.slice(offset, offset + 2));
          expect(page.total, query).toBe(whole.ids.length);
        }
      }
    }
  });

  it('pages the same way on every call (deterministic ties)', async () => {
    const first = await list('?sort=recent&limit=5');
    const second = await list('?sort=recent&limit=5&offset=5');
    expect([...first.ids, ...second.ids]).toEqual(ids(archer, bob, carla, alice, ...twins));
  });

  it('rejects unknown sorts, statuses and bad paging with the failing field', async () => {
    const cases: [string, string, string][] = [
      ['?sort=price', 'sort', 'sort must be name, recent or updated'],
      ['?status=archived', 'status', 'status must be all, active or inactive'],
      ['?limit=0', 'limit', 'limit must be at least 1'],
      ['?offset=-1', 'offset', 'offset must be at least 0'],
      ['?limit=abc', 'limit', 'limit must be a number'],
      // Only digits: what Number() would read as 16, 10, 0 and 5 is not a number here.
      ['?limit=0x10', 'limit', 'limit must be a number'],
      ['?limit=1e1', 'limit', 'limit must be a number'],
      ['?offset=', 'offset', 'offset must be a number'],
      ['?offset=%205', 'offset', 'offset must be a number'],
      ['?limit=5&limit=10', 'limit', 'limit must be a number'],
      ['?limit=2.5', 'limit', 'limit must be a whole number'],
      ['?offset=99999999999999999999', 'offset', 'offset is too large'],
      ['?limit=99999999999999999999', 'limit', 'limit must be at most 500'],
    ];
    for (const [query, path, message] of cases) {
      const res = await tech.inject({ method: 'GET', url: `/api/customers${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues).toEqual([{ path, message }]);
    }
  });
});

describe('GET /api/customers answers written by the database', () => {
  it('sends each customer exactly as GET /api/customers/:id writes it, in lists and searches', async () => {
    // The page's answers are written as JSON by the database and sent as they are: byte for byte
    // what the response schema's writer writes for the same customer (api/modules/sync/sync-json.test.ts
    // holds the escaping to that for every character).
    const odd = await createCustomer(t.db, {
      name: 'Zoë "Q" O\'Neil \\ 😀 Quartz',
      email: 'zoe\u2028quartz@mail.test',
      address: 'Straße 5\n\tHof',
      textConsentAt: '2026-11-01',
      textConsentSource: 'in_person',
    });
    try {
      const one = await tech.inject({ method: 'GET', url: `/api/customers/${odd.id}` });
      expect(one.statusCode).toBe(200);
      for (const query of ['?q=quartz', '?q=quartz&limit=5', '?sort=updated&limit=1', '?q=qu&sort=recent']) {
        const res = await tech.inject({ method: 'GET', url: `/api/customers${query}` });
        expect(res.statusCode, query).toBe(200);
        expect(res.headers['content-type'], query).toBe('application/json; charset=utf-8');
        const texts = (res.json() as { id: string }[]).map((customer) => JSON.stringify(customer));
        expect(res.body, query).toBe(`[${texts.join(',')}]`);
        const index = (res.json() as { id: string }[]).findIndex((customer) => customer.id === odd.id);
        expect(index, query).toBeGreaterThanOrEqual(0);
        expect(texts[index], query).toBe(one.body);
      }
    } finally {
      await t.db.deleteFrom('customers').where('id', '=', odd.id).execute();
    }
  });
});

describe('GET /api/customers search pages of many rows', () => {
  it('keeps the sort order and the cursor with more than 16 rows a page, also once the database has statistics', async () => {
    // Inserted in another order than their names', with random ids: neither the rowid nor the id
    // order is the name order. ANALYZE gives the planner the small table's real size, so an answers
    // read that depended on the planner's choice of join order would come out in table order.
    const names = Array.from({ length: 45 }, (_, i) => `Pagewise ${String(i).padStart(2, '0')}`);
    const rows = names.map((name, i) => customerRow({ name: names[(i * 7) % names.length]! }));
    await t.db.insertInto('customers').values(rows).execute();
    try {
      await sql`analyze`.execute(t.db);
      const byName = [...rows].sort((a, b) => (a.name < b.name ? -1 : 1)).map((row) => row.id);
      const first = await tech.inject({ method: 'GET', url: '/api/customers?q=pagewise&limit=20' });
      expect(first.statusCode).toBe(200);
      expect((first.json() as { id: string }[]).map((c) => c.id)).toEqual(byName.slice(0, 20));
      expect(first.headers['x-total-count']).toBe('45');
      // The cursor is the page's last row: the next pages carry on from it, none repeated or skipped.
      const second = await tech.inject({
        method: 'GET',
        url: `/api/customers?q=pagewise&limit=20&after=${String(first.headers['x-next-cursor'])}`,
      });
      expect((second.json() as { id: string }[]).map((c) => c.id)).toEqual(byName.slice(20, 40));
      const third = await tech.inject({
        method: 'GET',
        url: `/api/customers?q=pagewise&limit=20&after=${String(second.headers['x-next-cursor'])}`,
      });
      expect((third.json() as { id: string }[]).map((c) => c.id)).toEqual(byName.slice(40));
      expect(third.headers['x-next-cursor']).toBeUndefined();
      // By offset, the last page is full and nothing follows it: no cursor.
      const last = await tech.inject({ method: 'GET', url: '/api/customers?q=pagewise&limit=20&offset=25' });
      expect((last.json() as { id: string }[]).map((c) => c.id)).toEqual(byName.slice(25));
      expect(last.headers['x-next-cursor']).toBeUndefined();
    } finally {
      await t.db.deleteFrom('customers').where('name', 'like', 'Pagewise %').execute();
    }
  });
});

describe('GET /api/customers search cursors', () => {
  it("carries a search page's cursor from its last answer in every sort, whatever the answers' text holds", async () => {
    // The cursor's key is read from the page's last answer in the JSON text: names holding what
    // starts an answer (`{"id":`), quotes and backslashes must not be taken for it.
    const rows = Array.from({ length: 25 }, (_, i) =>
      customerRow({
        name: `Cursorwise {"id":"x${i}"} \\"${String(i).padStart(2, '0')}`,
        createdAt: day(`04-${String((i % 9) + 1).padStart(2, '0')}`),
        updatedAt: day(`05-${String(((i * 4) % 11) + 1).padStart(2, '0')}`),
      }),
    );
    await t.db.insertInto('customers').values(rows).execute();
    try {
      for (const sort of ['name', 'recent', 'updated']) {
        const whole = await tech.inject({ method: 'GET', url: `/api/customers?q=cursorwise&sort=${sort}&limit=100` });
        const inOrder = (whole.json() as { id: string }[]).map((c) => c.id);
        expect(inOrder, sort).toHaveLength(25);
        const paged: string[] = [];
        let after: string | undefined;
        for (let pages = 0; pages < 3; pages++) {
          const res = await tech.inject({
            method: 'GET',
            url: `/api/customers?q=cursorwise&sort=${sort}&limit=10${after ? `&after=${after}` : ''}`,
          });
          expect(res.statusCode, sort).toBe(200);
          paged.push(...(res.json() as { id: string }[]).map((c) => c.id));
          after = res.headers['x-next-cursor'] as string | undefined;
        }
        expect(paged, sort).toEqual(inOrder);
        expect(after, sort).toBeUndefined();
      }
    } finally {
      await t.db.deleteFrom('customers').where('name', 'like', 'Cursorwise %').execute();
    }
  });
});

// How far past the first rows the deep pages start.
const DEEP = 1000;

describe('GET /api/customers deep pages by offset', () => {
  it('gives the rows the cursor pages give, in every sort and status', async () => {
    // Thousands of customers, in no order of theirs, half inactive, their times shared by many
    // (the id breaks the ties).
    const count = DEEP * 2 + 600;
    const rows = Array.from({ length: count }, (_, i) =>
      customerRow({
        name: `${i % 3 === 0 ? 'anchorwise' : 'Anchorwise'} ${String((i * 7919) % count).padStart(5, '0')}`,
        status: i % 2 === 0 ? 'active' : 'inactive',
        createdAt: day(`06-${String((i % 27) + 1).padStart(2, '0')}`),
        updatedAt: day(`07-${String(((i * 5) % 13) + 1).padStart(2, '0')}`),
      }),
    );
    await t.db.insertInto('customers').values(rows).execute();
    try {
      for (const sort of ['name', 'recent', 'updated']) {
        for (const status of ['all', 'inactive']) {
          const list = `/api/customers?sort=${sort}&status=${status}`;
          // The whole list by cursor (never by offset), page after page.
          const whole: string[] = [];
          let after = '';
          do {
            const res = await tech.inject({ method: 'GET', url: `${list}&limit=${MAX_PAGE_SIZE}${after}` });
            whole.push(...(res.json() as { id: string }[]).map((c) => c.id));
            const next = res.headers['x-next-cursor'] as string | undefined;
            after = next ? `&after=${next}` : '';
          } while (after);
          for (const offset of [DEEP - 1, DEEP, DEEP + 1, 2 * DEEP + 37, whole.length - 3]) {
            const res = await tech.inject({ method: 'GET', url: `${list}&limit=5&offset=${offset}` });
            const ids = (res.json() as { id: string }[]).map((c) => c.id);
            expect(ids, `${list} at ${offset}`).toEqual(whole.slice(offset, offset + 5));
            expect(res.headers['x-total-count'], `${list} at ${offset}`).toBe(String(whole.length));
          }
          const past = await tech.inject({
            method: 'GET',
            url: `${list}&limit=5&offset=${whole.length + DEEP}`,
          });
          expect(past.json(), list).toEqual([]);
        }
      }
      // A customer added before the page moves it by one row.
      const deep = `/api/customers?sort=name&limit=5&offset=${DEEP + 500}`;
      const before = ((await tech.inject({ method: 'GET', url: deep })).json() as { id: string }[]).map((c) => c.id);
      const created = await tech.inject({
        method: 'POST',
        url: '/api/customers',
        payload: { name: 'AAA Anchorwise first', email: 'first@anchor.test', phone: '555-0100' },
      });
      expect(created.statusCode).toBe(201);
      const afterWrite = ((await tech.inject({ method: 'GET', url: deep })).json() as { id: string }[]).map(
        (c) => c.id,
      );
      expect(afterWrite.slice(1)).toEqual(before.slice(0, 4));
    } finally {
      await t.db.deleteFrom('customers').where('name', 'like', '%Anchorwise%').execute();
    }
  });
});

describe('GET /api/customers and /api/vehicles searches between writes', () => {
  it('answers each search with what the shop holds after every write that changes its matches, kept or not between them', async () => {
    const advisor = await t.signIn('service_advisor');
    const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await advisor.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.statusCode === 204 ? undefined : (res.json() as { id: string });
    };
    const addVehicle = (customerId: string, make: string, model: string) =>
      send('POST', '/api/vehicles', { customerId, year: 2018, make, model });
    const customers = () => list('?q=quarry&limit=2');
    const vehicles = async () => {
      const res = await advisor.inject({ method: 'GET', url: '/api/vehicles?q=quarry&sort=make&limit=2' });
      expect(res.statusCode, res.body).toBe(200);
      return { ids: (res.json() as { id: string }[]).map((v) => v.id), total: Number(res.headers['x-total-count']) };
    };
    expect(await customers()).toMatchObject({ ids: [], total: 0 });

    const first = await send('POST', '/api/customers', {
      name: 'Quarry Blue',
      email: 'blue@quarry.test',
      phone: '555-7001',
    });
    const second = await send('POST', '/api/customers', {
      name: 'Ann Quarryman',
      email: 'ann@slate.test',
      phone: '555-7002',
    });
    expect(await customers()).toMatchObject({ ids: ids(second!, first!), total: 2 });
    // The same search again, and a page after it, give the same.
    expect(await customers()).toMatchObject({ ids: ids(second!, first!), total: 2 });
    expect(await list('?q=quarry&limit=2&offset=1')).toMatchObject({ ids: ids(first!), total: 2 });

    // An owner's name is part of the vehicles' search.
    const truck = await addVehicle(second!.id, 'Ford', 'Ranger');
    expect(await vehicles()).toMatchObject({ ids: ids(truck!), total: 1 });
    // A write to an inspection changes no customer's or vehicle's match.
    await send('POST', '/api/inspections', { customerId: second!.id, vehicleId: truck!.id });
    expect(await customers()).toMatchObject({ ids: ids(second!, first!), total: 2 });
    expect(await vehicles()).toMatchObject({ ids: ids(truck!), total: 1 });

    // A customer renamed: out of the customers' search, and its vehicles out of theirs.
    await send('PUT', `/api/customers/${second!.id}`, { name: 'Ann Slate' });
    expect(await customers()).toMatchObject({ ids: ids(first!), total: 1 });
    expect(await vehicles()).toMatchObject({ ids: [], total: 0 });
    // A vehicle that now matches by its own text, then its owner's rename back, then the vehicle deleted.
    const van = await addVehicle(first!.id, 'Ram', 'Quarrymaster');
    expect(await vehicles()).toMatchObject({ ids: ids(van!), total: 1 });
    await send('PUT', `/api/customers/${second!.id}`, { name: 'Ann Quarryman' });
    expect(await vehicles()).toMatchObject({ ids: ids(truck!, van!), total: 2 });
    await send('DELETE', `/api/vehicles/${truck!.id}`);
    expect(await vehicles()).toMatchObject({ ids: ids(van!), total: 1 });
    // A customer deleted takes its vehicles with it.
    await send('DELETE', `/api/customers/${first!.id}`);
    expect(await customers()).toMatchObject({ ids: ids(second!), total: 1 });
    expect(await vehicles()).toMatchObject({ ids: [], total: 0 });
  });
});
