import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb } from './local-db';
import {
  getLocalCustomer,
  getLocalInspection,
  getLocalVehicle,
  inOfflineWindow,
  listLocalCustomerInspections,
  listLocalCustomers,
  listLocalCustomerVehicles,
  listLocalUsers,
  listLocalVehicles,
  mergeCustomerInspections,
  searchLocalCustomers,
} from './local-queries';
import { customerRow, inspectionRow, userRow, uuid, vehicleRow } from '@web/test/offline/test-rows';

let db: LocalDb;
let n = 0;

beforeEach(() => {
  n += 1;
  db = new LocalDb(`local-queries-${n}`);
});

afterEach(async () => {
  await db.delete();
});

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('customers', () => {
  it('searches name, email, phone and address without case; filters status; counts every match', async () => {
    await db.customers.bulkPut([
      customerRow(1, { name: 'Maria Lopez', email: 'maria@dock.test' }),
      customerRow(2, { name: 'Ben Ortiz', address: '4 MARIANA Way', status: 'inactive' }),
      customerRow(3, { name: 'Ann Lee', phone: '555-MARI' }),
      customerRow(4, { name: 'Zed Roe' }),
    ]);
    const all = await listLocalCustomers(db, { q: '  mari ' });
    expect(names(all.items)).toEqual(['Ann Lee', 'Ben Ortiz', 'Maria Lopez']);
    expect(all.total).toBe(3);
    expect(names((await listLocalCustomers(db, { q: 'mari', status: 'active' })).items)).toEqual([
      'Ann Lee',
      'Maria Lopez',
    ]);
    expect(names((await listLocalCustomers(db, { q: 'dock.TEST' })).items)).toEqual(['Maria Lopez']);
    expect(await listLocalCustomers(db, { q: 'nobody' })).toEqual({ items: [], total: 0 });
    // A blank search is no search.
    expect((await listLocalCustomers(db, { q: '   ', status: 'all' })).total).toBe(4);
  });

  it('sorts by name ignoring case, by recently added and by last updated, ties by id', async () => {
    await db.customers.bulkPut([
      customerRow(3, { name: 'bravo', createdAt: at(5), updatedAt: at(50) }),
      customerRow(1, { name: 'Bravo', createdAt: at(5), updatedAt: at(10) }),
      customerRow(2, { name: 'alpha', createdAt: at(1), updatedAt: at(60) }),
      customerRow(4, { name: 'Charlie', createdAt: at(9), updatedAt: at(10) }),
    ]);
    const ids = async (sort: 'name' | 'recent' | 'updated') =>
      (await listLocalCustomers(db, { sort })).items.map((c) => c.id);
    // "Bravo" before "bravo": lower() ties, then the raw name.
    expect(await ids('name')).toEqual([uuid(2), uuid(1), uuid(3), uuid(4)]);
    expect(await ids('recent')).toEqual([uuid(4), uuid(1), uuid(3), uuid(2)]);
    expect(await ids('updated')).toEqual([uuid(2), uuid(3), uuid(1), uuid(4)]);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    await db.customers.bulkPut(
      Array.from({ length: 45 }, (_, i) => customerRow(i + 1, { name: `P ${String(i + 1).padStart(2, '0')}` })),
    );
    const second = await listLocalCustomers(db, { sort: 'name', limit: 20, offset: 20 });
    expect(second.total).toBe(45);
    expect(names(second.items)).toEqual(Array.from({ length: 20 }, (_, i) => `P ${String(i + 21).padStart(2, '0')}`));
    expect((await listLocalCustomers(db, { sort: 'name', limit: 20, offset: 40 })).items).toHaveLength(5);
    expect((await listLocalCustomers(db, { sort: 'name', limit: 20, offset: 60 })).items).toEqual([]);
  });

  it('finds the first customers by name for the pickers, and one by id', async () => {
    await db.customers.bulkPut([
      customerRow(1, { name: 'Dana C' }),
      customerRow(2, { name: 'Dana A' }),
      customerRow(3, { name: 'Dana B' }),
      customerRow(4, { name: 'Eve' }),
    ]);
    expect(names(await searchLocalCustomers(db, 'dana', 2))).toEqual(['Dana A', 'Dana B']);
    expect((await getLocalCustomer(db, uuid(4)))?.name).toBe('Eve');
    expect(await getLocalCustomer(db, uuid(99))).toBeUndefined();
  });

  it('answers over 10 000 customers the same as a plain filter and sort', async () => {
    const words = ['Lopez', 'Ortiz', 'Nguyen', 'Smith', 'Okafor'];
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      customerRow(i + 1, {
        name: `${words[i % 5]} ${i}`,
        status: i % 3 === 0 ? 'inactive' : 'active',
        updatedAt: at((i * 7919) % 10_000),
      }),
    );
    await db.customers.bulkPut(rows);
    const result = await listLocalCustomers(db, {
      q: 'ortiz 1',
      status: 'active',
      sort: 'updated',
      limit: 20,
      offset: 20,
    });
    const expected = rows
      .filter((c) => c.name.toLowerCase().includes('ortiz 1') && c.status === 'active')
      .sort((a, b) => (a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : 1) : a.updatedAt < b.updatedAt ? 1 : -1));
    expect(result.total).toBe(expected.length);
    expect(result.items.map((c) => c.id)).toEqual(expected.slice(20, 40).map((c) => c.id));
    const first = await listLocalCustomers(db, { sort: 'name', limit: 20, offset: 0 });
    expect(first.total).toBe(10_000);
    expect(names(first.items).slice(0, 3)).toEqual(['Lopez 0', 'Lopez 10', 'Lopez 100']);
  });
});

describe('vehicles', () => {
  it("searches make, model, VIN, plate and the owner's name; filters by owner", async () => {
    const ann = customerRow(1, { name: 'Ann Able' });
    const bob = customerRow(2, { name: 'Bob Baker' });
    await db.customers.bulkPut([ann, bob]);
    await db.vehicles.bulkPut([
      vehicleRow(1001, ann, { make: 'Toyota', model: 'Corolla', vin: 'JT2AE09W', licensePlate: 'ANN 1' }),
      vehicleRow(1002, ann, { make: 'Ford', model: 'Focus' }),
      vehicleRow(1003, bob, { make: 'Audi', model: 'A4', licensePlate: 'BAKER' }),
    ]);
    const models = async (q: string, customerId: string | null = null) =>
      (await listLocalVehicles(db, { q, customerId })).items.map((v) => v.model);
    expect(await models('jt2')).toEqual(['Corolla']);
    expect(await models('ann 1')).toEqual(['Corolla']);
    expect(await models('baker')).toEqual(['A4']);
    expect(await models('FOCUS')).toEqual(['Focus']);
    // Same year: make A-Z settles it.
    expect(await models('', ann.id)).toEqual(['Focus', 'Corolla']);
    expect(await models('a', bob.id)).toEqual(['A4']);
    expect((await listLocalVehicles(db, { q: 'able', limit: 1 })).total).toBe(2);
  });

  it('sorts by year (newest), make A-Z and mileage (unknown last), pages, and lists an owner’s', async () => {
    const ann = customerRow(1);
    await db.customers.put(ann);
    await db.vehicles.bulkPut([
      vehicleRow(1001, ann, { year: 2010, make: 'toyota', model: 'Yaris', mileage: 150_000 }),
      vehicleRow(1002, ann, { year: 2022, make: 'Ford', model: 'Kuga', mileage: null }),
      vehicleRow(1003, ann, { year: 2015, make: 'Audi', model: 'A4', mileage: 70_000 }),
      vehicleRow(1004, ann, { year: 2022, make: 'audi', model: 'Q5', mileage: 9_000 }),
    ]);
    const models = async (sort: 'year' | 'make' | 'mileage') =>
      (await listLocalVehicles(db, { sort })).items.map((v) => v.model);
    expect(await models('year')).toEqual(['Q5', 'Kuga', 'A4', 'Yaris']);
    expect(await models('make')).toEqual(['A4', 'Q5', 'Kuga', 'Yaris']);
    expect(await models('mileage')).toEqual(['Q5', 'A4', 'Yaris', 'Kuga']);
    expect((await listLocalVehicles(db, { sort: 'year', limit: 2, offset: 2 })).items.map((v) => v.model)).toEqual([
      'A4',
      'Yaris',
    ]);
    expect((await listLocalCustomerVehicles(db, ann.id)).map((v) => v.model)).toEqual(['Q5', 'Kuga', 'A4', 'Yaris']);
    expect(await listLocalCustomerVehicles(db, uuid(77))).toEqual([]);
    expect((await getLocalVehicle(db, uuid(1003)))?.model).toBe('A4');
  });
});

describe('inspections', () => {
  it("lists a customer's inspections most recent first and finds one by id", async () => {
    const ann = customerRow(1);
    const bob = customerRow(2);
    const car = vehicleRow(1001, ann);
    await db.inspections.bulkPut([
      inspectionRow(5001, ann, car, { createdAt: at(10) }),
      inspectionRow(5002, ann, car, { createdAt: at(30) }),
      inspectionRow(5003, bob, vehicleRow(1002, bob), { createdAt: at(20) }),
      inspectionRow(5004, ann, car, { createdAt: at(30) }),
    ]);
    expect((await listLocalCustomerInspections(db, ann.id)).map((i) => i.id)).toEqual([
      uuid(5004),
      uuid(5002),
      uuid(5001),
    ]);
    expect((await getLocalInspection(db, uuid(5003)))?.customerId).toBe(bob.id);
  });

  it('keeps in-progress inspections and those changed within 14 days on the device', () => {
    const now = Date.parse('2026-03-20T12:00:00.000Z');
    expect(inOfflineWindow({ status: 'in_progress', updatedAt: '2025-01-01T00:00:00.000Z' }, now)).toBe(true);
    expect(inOfflineWindow({ status: 'completed', updatedAt: '2026-03-06T12:00:00.000Z' }, now)).toBe(true);
    expect(inOfflineWindow({ status: 'completed', updatedAt: '2026-03-06T11:59:59.000Z' }, now)).toBe(false);
  });

  it("merges the server's older history under the local rows", async () => {
    const now = Date.parse('2026-03-20T12:00:00.000Z');
    const ann = customerRow(1);
    const kept = vehicleRow(1001, ann);
    const gone = vehicleRow(1002, ann);
    await db.vehicles.put(kept);
    // Completed rows: only their age decides whether this device keeps them.
    const completed = (on: string) => ({ status: 'completed' as const, createdAt: on, updatedAt: on });
    const local = [inspectionRow(5001, ann, kept, { ...completed('2026-03-19T00:00:00.000Z'), notes: 'edited here' })];
    const server = [
      // The same row as the local one, without the unsent change: the local one wins.
      inspectionRow(5001, ann, kept, { ...completed('2026-03-19T00:00:00.000Z'), notes: null }),
      // Older than the window: only the server has it.
      inspectionRow(5002, ann, kept, completed('2025-06-01T00:00:00.000Z')),
      // Recent but not here: deleted on this device, not sent yet.
      inspectionRow(5003, ann, kept, completed('2026-03-18T00:00:00.000Z')),
      // Old, but its vehicle was deleted here.
      inspectionRow(5004, ann, gone, completed('2025-05-01T00:00:00.000Z')),
    ];
    const merged = await mergeCustomerInspections(db, local, server, now);
    expect(merged.map((i) => [i.id, i.notes])).toEqual([
      [uuid(5001), 'edited here'],
      [uuid(5002), null],
    ]);
  });
});

describe('users', () => {
  it('lists the technicians to pick by name, ignoring case', async () => {
    await db.users.bulkPut([
      userRow(9001, { username: 'zoe' }),
      userRow(9002, { username: 'Adam' }),
      userRow(9003, { username: 'bea' }),
    ]);
    expect((await listLocalUsers(db)).map((u) => u.username)).toEqual(['Adam', 'bea', 'zoe']);
  });
});
