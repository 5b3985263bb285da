import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../shared/schemas/customer';
import type { Inspection } from '../../shared/schemas/inspection';
import type { User } from '../../shared/schemas/user';
import type { Vehicle } from '../../shared/schemas/vehicle';
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

let db: LocalDb;
let n = 0;

beforeEach(() => {
  n += 1;
  db = new LocalDb(`local-queries-${n}`);
});

afterEach(async () => {
  await db.delete();
});

const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

function customer(i: number, fields: Partial<Customer> = {}): Customer {
  return {
    id: id(i),
    name: `Customer ${i}`,
    email: `c${i}@mail.test`,
    phone: `555-${String(i).padStart(4, '0')}`,
    address: null,
    status: 'active',
    createdAt: at(i),
    updatedAt: at(i),
    ...fields,
  };
}

function vehicle(i: number, owner: Customer, fields: Partial<Vehicle> = {}): Vehicle {
  return {
    id: id(1000 + i),
    customerId: owner.id,
    customerName: owner.name,
    year: 2020,
    make: 'Honda',
    model: 'Civic',
    vin: null,
    licensePlate: null,
    mileage: null,
    color: null,
    createdAt: at(i),
    updatedAt: at(i),
    ...fields,
  };
}

function inspection(i: number, owner: Customer, car: Vehicle, fields: Partial<Inspection> = {}): Inspection {
  return {
    id: id(5000 + i),
    customerId: owner.id,
    vehicleId: car.id,
    technicianId: null,
    shareToken: `token-${i}`,
    status: 'completed',
    frontLeftTread: null,
    frontRightTread: null,
    rearLeftTread: null,
    rearRightTread: null,
    frontLeftBrake: null,
    frontRightBrake: null,
    rearLeftBrake: null,
    rearRightBrake: null,
    cabinFilterCondition: null,
    engineFilterCondition: null,
    oilCondition: null,
    oilLevel: null,
    coolantLevel: null,
    suspensionCondition: null,
    leaks: [],
    diagnosticCodes: null,
    notes: null,
    checkEngineLight: false,
    createdAt: at(i),
    updatedAt: at(i),
    customer: { id: owner.id, name: owner.name, email: owner.email, phone: owner.phone, address: owner.address, status: owner.status },
    vehicle: {
      id: car.id,
      customerId: car.customerId,
      year: car.year,
      make: car.make,
      model: car.model,
      vin: car.vin,
      licensePlate: car.licensePlate,
      mileage: car.mileage,
      color: car.color,
    },
    technician: null,
    services: [],
    inspectionNotes: [],
    ...fields,
  };
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe('customers', () => {
  it('searches name, email, phone and address without case; filters status; counts every match', async () => {
    await db.customers.bulkPut([
      customer(1, { name: 'Maria Lopez', email: 'maria@dock.test' }),
      customer(2, { name: 'Ben Ortiz', address: '4 MARIANA Way', status: 'inactive' }),
      customer(3, { name: 'Ann Lee', phone: '555-MARI' }),
      customer(4, { name: 'Zed Roe' }),
    ]);
    const all = await listLocalCustomers(db, { q: '  mari ' });
    expect(names(all.items)).toEqual(['Ann Lee', 'Ben Ortiz', 'Maria Lopez']);
    expect(all.total).toBe(3);
    expect(names((await listLocalCustomers(db, { q: 'mari', status: 'active' })).items)).toEqual(['Ann Lee', 'Maria Lopez']);
    expect(names((await listLocalCustomers(db, { q: 'dock.TEST' })).items)).toEqual(['Maria Lopez']);
    expect(await listLocalCustomers(db, { q: 'nobody' })).toEqual({ items: [], total: 0 });
    // A blank search is no search.
    expect((await listLocalCustomers(db, { q: '   ', status: 'all' })).total).toBe(4);
  });

  it('sorts by name ignoring case, by recently added and by last updated, ties by id', async () => {
    await db.customers.bulkPut([
      customer(3, { name: 'bravo', createdAt: at(5), updatedAt: at(50) }),
      customer(1, { name: 'Bravo', createdAt: at(5), updatedAt: at(10) }),
      customer(2, { name: 'alpha', createdAt: at(1), updatedAt: at(60) }),
      customer(4, { name: 'Charlie', createdAt: at(9), updatedAt: at(10) }),
    ]);
    const ids = async (sort: 'name' | 'recent' | 'updated') =>
      (await listLocalCustomers(db, { sort })).items.map((c) => c.id);
    // "Bravo" before "bravo": lower() ties, then the raw name.
    expect(await ids('name')).toEqual([id(2), id(1), id(3), id(4)]);
    expect(await ids('recent')).toEqual([id(4), id(1), id(3), id(2)]);
    expect(await ids('updated')).toEqual([id(2), id(3), id(1), id(4)]);
  });

  it('pages with limit and offset, the total counting every match', async () => {
    await db.customers.bulkPut(Array.from({ length: 45 }, (_, i) => customer(i + 1, { name: `P ${String(i + 1).padStart(2, '0')}` })));
    const second = await listLocalCustomers(db, { sort: 'name', limit: 20, offset: 20 });
    expect(second.total).toBe(45);
    expect(names(second.items)).toEqual(Array.from({ length: 20 }, (_, i) => `P ${String(i + 21).padStart(2, '0')}`));
    expect((await listLocalCustomers(db, { sort: 'name', limit: 20, offset: 40 })).items).toHaveLength(5);
    expect((await listLocalCustomers(db, { sort: 'name', limit: 20, offset: 60 })).items).toEqual([]);
  });

  it('finds the first customers by name for the pickers, and one by id', async () => {
    await db.customers.bulkPut([customer(1, { name: 'Dana C' }), customer(2, { name: 'Dana A' }), customer(3, { name: 'Dana B' }), customer(4, { name: 'Eve' })]);
    expect(names(await searchLocalCustomers(db, 'dana', 2))).toEqual(['Dana A', 'Dana B']);
    expect((await getLocalCustomer(db, id(4)))?.name).toBe('Eve');
    expect(await getLocalCustomer(db, id(99))).toBeUndefined();
  });

  it('answers over 10 000 customers the same as a plain filter and sort', async () => {
    const words = ['Lopez', 'Ortiz', 'Nguyen', 'Smith', 'Okafor'];
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      customer(i + 1, { name: `${words[i % 5]} ${i}`, status: i % 3 === 0 ? 'inactive' : 'active', updatedAt: at((i * 7919) % 10_000) }),
    );
    await db.customers.bulkPut(rows);
    const result = await listLocalCustomers(db, { q: 'ortiz 1', status: 'active', sort: 'updated', limit: 20, offset: 20 });
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
    const ann = customer(1, { name: 'Ann Able' });
    const bob = customer(2, { name: 'Bob Baker' });
    await db.customers.bulkPut([ann, bob]);
    await db.vehicles.bulkPut([
      vehicle(1, ann, { make: 'Toyota', model: 'Corolla', vin: 'JT2AE09W', licensePlate: 'ANN 1' }),
      vehicle(2, ann, { make: 'Ford', model: 'Focus' }),
      vehicle(3, bob, { make: 'Audi', model: 'A4', licensePlate: 'BAKER' }),
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
    const ann = customer(1);
    await db.customers.put(ann);
    await db.vehicles.bulkPut([
      vehicle(1, ann, { year: 2010, make: 'toyota', model: 'Yaris', mileage: 150_000 }),
      vehicle(2, ann, { year: 2022, make: 'Ford', model: 'Kuga', mileage: null }),
      vehicle(3, ann, { year: 2015, make: 'Audi', model: 'A4', mileage: 70_000 }),
      vehicle(4, ann, { year: 2022, make: 'audi', model: 'Q5', mileage: 9_000 }),
    ]);
    const models = async (sort: 'year' | 'make' | 'mileage') => (await listLocalVehicles(db, { sort })).items.map((v) => v.model);
    expect(await models('year')).toEqual(['Q5', 'Kuga', 'A4', 'Yaris']);
    expect(await models('make')).toEqual(['A4', 'Q5', 'Kuga', 'Yaris']);
    expect(await models('mileage')).toEqual(['Q5', 'A4', 'Yaris', 'Kuga']);
    expect((await listLocalVehicles(db, { sort: 'year', limit: 2, offset: 2 })).items.map((v) => v.model)).toEqual(['A4', 'Yaris']);
    expect((await listLocalCustomerVehicles(db, ann.id)).map((v) => v.model)).toEqual(['Q5', 'Kuga', 'A4', 'Yaris']);
    expect(await listLocalCustomerVehicles(db, id(77))).toEqual([]);
    expect((await getLocalVehicle(db, id(1003)))?.model).toBe('A4');
  });
});

describe('inspections', () => {
  it("lists a customer's inspections most recent first and finds one by id", async () => {
    const ann = customer(1);
    const bob = customer(2);
    const car = vehicle(1, ann);
    await db.inspections.bulkPut([
      inspection(1, ann, car, { createdAt: at(10) }),
      inspection(2, ann, car, { createdAt: at(30) }),
      inspection(3, bob, vehicle(2, bob), { createdAt: at(20) }),
      inspection(4, ann, car, { createdAt: at(30) }),
    ]);
    expect((await listLocalCustomerInspections(db, ann.id)).map((i) => i.id)).toEqual([id(5004), id(5002), id(5001)]);
    expect((await getLocalInspection(db, id(5003)))?.customerId).toBe(bob.id);
  });

  it('keeps in-progress inspections and those changed within 14 days on the device', () => {
    const now = Date.parse('2026-03-20T12:00:00.000Z');
    expect(inOfflineWindow({ status: 'in_progress', updatedAt: '2025-01-01T00:00:00.000Z' }, now)).toBe(true);
    expect(inOfflineWindow({ status: 'completed', updatedAt: '2026-03-06T12:00:00.000Z' }, now)).toBe(true);
    expect(inOfflineWindow({ status: 'completed', updatedAt: '2026-03-06T11:59:59.000Z' }, now)).toBe(false);
  });

  it("merges the server's older history under the local rows", async () => {
    const now = Date.parse('2026-03-20T12:00:00.000Z');
    const ann = customer(1);
    const kept = vehicle(1, ann);
    const gone = vehicle(2, ann);
    await db.vehicles.put(kept);
    const local = [
      inspection(1, ann, kept, { createdAt: '2026-03-19T00:00:00.000Z', updatedAt: '2026-03-19T00:00:00.000Z', notes: 'edited here' }),
    ];
    const server = [
      // The same row as the local one, without the unsent change: the local one wins.
      inspection(1, ann, kept, { createdAt: '2026-03-19T00:00:00.000Z', updatedAt: '2026-03-19T00:00:00.000Z', notes: null }),
      // Older than the window: only the server has it.
      inspection(2, ann, kept, { createdAt: '2025-06-01T00:00:00.000Z', updatedAt: '2025-06-01T00:00:00.000Z' }),
      // Recent but not here: deleted on this device, not sent yet.
      inspection(3, ann, kept, { createdAt: '2026-03-18T00:00:00.000Z', updatedAt: '2026-03-18T00:00:00.000Z' }),
      // Old, but its vehicle was deleted here.
      inspection(4, ann, gone, { createdAt: '2025-05-01T00:00:00.000Z', updatedAt: '2025-05-01T00:00:00.000Z' }),
    ];
    const merged = await mergeCustomerInspections(db, local, server, now);
    expect(merged.map((i) => [i.id, i.notes])).toEqual([
      [id(5001), 'edited here'],
      [id(5002), null],
    ]);
  });
});

describe('users', () => {
  it('lists the technicians to pick by name, ignoring case', async () => {
    const user = (i: number, username: string): User => ({
      id: id(9000 + i),
      username,
      email: `${username}@shop.test`,
      role: 'technician',
      companyName: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      website: null,
      createdAt: at(i),
      updatedAt: at(i),
    });
    await db.users.bulkPut([user(1, 'zoe'), user(2, 'Adam'), user(3, 'bea')]);
    expect((await listLocalUsers(db)).map((u) => u.username)).toEqual(['Adam', 'bea', 'zoe']);
  });
});
