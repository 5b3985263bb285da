import { randomUUID } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { MAX_PAGE_SIZE } from '@shared/constants';
import {
  createCustomer,
  createInspection,
  createUser,
  createVehicle,
  inspectionRow,
  moveFeed,
} from '@api/test/factories';
import { buildMissingDocuments } from './inspection-documents';
import { getInspectionsByIds, listInspections } from './inspection.service';

const t = await useTestApp();
const tech = await t.signIn('technician');

// A small world: three customers, inspections at known times.
const ann = await createCustomer(t.db, { name: 'Ann Archer' });
const bob = await createCustomer(t.db, { name: 'Bob Brown' });
const annCar = await createVehicle(t.db, ann.id, {
  make: 'Subaru',
  model: 'Outback',
  licensePlate: 'ANN-1',
  vin: '1HGCM82633A004352',
});
const bobCar = await createVehicle(t.db, bob.id, { make: 'Ford', model: 'F-150', licensePlate: 'BOB_2' });
const other = await createUser(t.db);
const i1 = await createInspection(
  t.db,
  {
    customerId: ann.id,
    vehicleId: annCar.id,
    createdAt: '2026-01-01T10:00:00.000Z',
    status: 'completed',
    technicianId: other.id,
  },
  [{ description: 'A', parts: [{ partName: 'p' }] }],
);
const i2 = await createInspection(t.db, {
  customerId: bob.id,
  vehicleId: bobCar.id,
  createdAt: '2026-01-02T10:00:00.000Z',
  technicianId: tech.user.id,
});
const i3 = await createInspection(
  t.db,
  { customerId: ann.id, vehicleId: annCar.id, createdAt: '2026-01-03T10:00:00.000Z', technicianId: tech.user.id },
  [{ description: 'B' }, { description: 'C' }],
);
// Same timestamp as i3: the id breaks the tie.
const i4 = await createInspection(t.db, {
  customerId: bob.id,
  vehicleId: bobCar.id,
  createdAt: '2026-01-03T10:00:00.000Z',
  status: 'completed',
});

async function list(query = '') {
  const res = await tech.inject({ method: 'GET', url: `/api/inspections${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return {
    ids: (res.json() as { id: string }[]).map((i) => i.id),
    total: Number(res.headers['x-total-count']),
    body: res.json(),
  };
}

const newestFirst = [i3.id, i4.id].sort().reverse();

describe('GET /api/inspections', () => {
  it('returns the whole array newest first without parameters, with nesting and the total', async () => {
    const { ids, total, body } = await list();
    expect(ids).toEqual([...newestFirst, i2.id, i1.id]);
    expect(total).toBe(4);
    const first = body.find((i: { id: string }) => i.id === i1.id);
    expect(first.customer.name).toBe('Ann Archer');
    expect(first.vehicle.make).toBe('Subaru');
    expect(first.technician.username).toBe(other.username);
    expect(first.services[0].parts[0].partName).toBe('p');
  });

  it('sorts oldest first and pages with limit and offset', async () => {
    expect((await list('?sort=oldest')).ids).toEqual([i1.id, i2.id, ...[...newestFirst].reverse()]);
    const page = await list('?limit=2&offset=1');
    expect(page.ids).toEqual([newestFirst[1], i2.id]);
    expect(page.total).toBe(4);
    expect((await list('?offset=3')).ids).toEqual([i1.id]);
  });

  it('filters by status, customer, vehicle and technician', async () => {
    expect((await list('?status=completed')).ids.sort()).toEqual([i1.id, i4.id].sort());
    expect((await list('?status=all')).total).toBe(4);
    expect((await list(`?customerId=${bob.id}`)).ids.sort()).toEqual([i2.id, i4.id].sort());
    expect((await list(`?vehicleId=${annCar.id}&status=completed`)).ids).toEqual([i1.id]);
    const byTech = await list(`?technicianId=${tech.user.id}`);
    expect(byTech.ids).toEqual([i3.id, i2.id]);
    expect(byTech.total).toBe(2);
  });

  it('searches customer name, make, model, plate, VIN and the id prefix, case-insensitively', async () => {
    expect((await list('?q=archer')).ids.sort()).toEqual([i1.id, i3.id].sort());
    expect((await list('?q=FORD')).ids.sort()).toEqual([i2.id, i4.id].sort());
    expect((await list('?q=outb')).total).toBe(2);
    expect((await list('?q=bob_2')).total).toBe(2);
    // LIKE wildcards are literal: "_" does not match any character.
    expect((await list('?q=ann_1')).total).toBe(0);
    expect((await list('?q=a004352')).total).toBe(2);
    const prefix = await list(`?q=${i2.id.slice(0, 8).toUpperCase()}`);
    expect(prefix.ids).toContain(i2.id);
    expect((await list(`?q=${i2.id.slice(0, 8)}&status=completed`)).ids).not.toContain(i2.id);
  });

  it('refuses bad query parameters with 400', async () => {
    for (const query of ['?status=finished', '?sort=best', '?limit=0', '?offset=-1', '?customerId=abc']) {
      const res = await tech.inject({ method: 'GET', url: `/api/inspections${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
  });

  it('is 401 when signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inspections' })).statusCode).toBe(401);
  });
});

describe('getInspectionsByIds', () => {
  /** Counts the queries run through the returned database handle. */
  function counting() {
    let count = 0;
    // Counted as results come back: a query compiled once still runs (and counts) every time.
    const plugin: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        count += 1;
        return args.result;
      },
    };
    return { db: t.db.withPlugin(plugin), count: () => count };
  }

  it('keeps the order of ids, leaves unknown ones out, and runs the same number of queries for 1 or 25', async () => {
    const many = [];
    for (let n = 0; n < 25; n += 1) {
      many.push(
        await createInspection(t.db, { technicianId: tech.user.id }, [
          { description: `S${n}`, parts: [{ partName: 'x' }] },
        ]),
      );
    }
    const one = counting();
    await getInspectionsByIds(one.db, [i1.id]);
    const all = counting();
    const ids = [many[3]!.id, randomUUID(), i1.id, ...many.map((m) => m.id)];
    const result = await getInspectionsByIds(all.db, ids);
    expect(all.count()).toBe(one.count());
    expect(all.count()).toBeLessThanOrEqual(7);
    expect(result.map((i) => i.id)).toEqual([many[3]!.id, i1.id, ...many.filter((_, n) => n !== 3).map((m) => m.id)]);
    expect(result[0]!.services[0]!.parts).toHaveLength(1);
    expect(await getInspectionsByIds(t.db, [])).toEqual([]);
  });

  it('lists with a fixed number of queries whatever the row count', async () => {
    // With every document stored (as the keeper does after a read): a page is its rows and their stored documents.
    await buildMissingDocuments(t.db);
    const small = counting();
    const items = (page: { items: { text: string } }): unknown[] => JSON.parse(page.items.text) as unknown[];
    expect(items(await listInspections(small.db, { limit: 1 }))).toHaveLength(1);
    const big = counting();
    const all = await listInspections(big.db, {});
    expect(items(all).length).toBeGreaterThan(25);
    expect(all.total).toBe(items(all).length);
    // The whole list tells its own total; a page of 1 of many needs the count, one query more.
    expect(big.count()).toBe(small.count() - 1);
    const last = counting();
    const end = await listInspections(last.db, { limit: 5, offset: all.total - 2 });
    expect(items(end)).toHaveLength(2);
    expect(end.total).toBe(all.total);
    expect(last.count()).toBe(big.count());
  });
});

// How far past the first rows the deep pages start.
const DEEP = 1000;

describe('GET /api/inspections deep pages by offset', () => {
  it('gives the rows the cursor pages give, in both orders and with a filter', async () => {
    // Thousands of inspections, many sharing a time (the id breaks the ties), a third completed.
    const owner = await createCustomer(t.db, { name: 'Deepwise Owner' });
    const car = await createVehicle(t.db, owner.id);
    const rows = Array.from({ length: DEEP * 2 + 300 }, (_, i) =>
      inspectionRow(owner.id, car.id, {
        createdAt: `2025-0${(i % 9) + 1}-1${i % 7}T08:00:00.000Z`,
        status: i % 3 === 0 ? 'completed' : 'in_progress',
      }),
    );
    for (let from = 0; from < rows.length; from += 500) {
      await t.db
        .insertInto('inspections')
        .values(rows.slice(from, from + 500))
        .execute();
    }
    await moveFeed(t.db);
    try {
      for (const query of ['sort=recent', 'sort=oldest', 'sort=recent&status=in_progress']) {
        // The whole list by cursor (never by offset), page after page.
        const whole: string[] = [];
        let after = '';
        do {
          const res = await tech.inject({
            method: 'GET',
            url: `/api/inspections?${query}&limit=${MAX_PAGE_SIZE}${after}`,
          });
          whole.push(...(res.json() as { id: string }[]).map((i) => i.id));
          const next = res.headers['x-next-cursor'] as string | undefined;
          after = next ? `&after=${next}` : '';
        } while (after);
        for (const offset of [DEEP - 1, DEEP, DEEP + 1, DEEP + 777, whole.length - 2]) {
          const page = await list(`?${query}&limit=4&offset=${offset}`);
          expect(page.ids, `${query} at ${offset}`).toEqual(whole.slice(offset, offset + 4));
          expect(page.total, `${query} at ${offset}`).toBe(whole.length);
        }
      }
      // An inspection newer than the page's rows moves them by one.
      const deep = `?sort=recent&limit=4&offset=${DEEP + 100}`;
      const before = (await list(deep)).ids;
      await createInspection(t.db, { customerId: owner.id, vehicleId: car.id, createdAt: '2026-12-31T00:00:00.000Z' });
      expect((await list(deep)).ids.slice(1)).toEqual(before.slice(0, 3));
    } finally {
      await t.db.deleteFrom('customers').where('id', '=', owner.id).execute();
    }
  }, 180_000);
});
