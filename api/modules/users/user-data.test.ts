import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@api/app';
import { clientFor, sessionCookie, testConfig, type Client, useTestApp, withoutPasswordFlag } from '@api/test/app';
import { createCustomer, createInspection, createUser, createVehicle, TEST_PASSWORD } from '@api/test/factories';

const t = await useTestApp();
const UNKNOWN_ID = '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00';
const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();

let admin: Client;
beforeAll(async () => {
  admin = await t.signIn('admin');
});

describe('GET /api/users/:id/data', () => {
  it('gives the user, what they created and the inspections they did, newest first', async () => {
    const tech = await createUser(t.db, { username: 'data_tech' });
    const someoneElse = await createUser(t.db);
    const older = await createCustomer(t.db, { name: 'Older Customer', createdBy: tech.id, createdAt: at(1) });
    const newer = await createCustomer(t.db, {
      name: 'Newer Customer',
      createdBy: tech.id,
      createdAt: at(2),
      address: '1 Elm St',
    });
    await createCustomer(t.db, { name: 'Not Theirs', createdBy: someoneElse.id });
    const civic = await createVehicle(t.db, older.id, {
      createdBy: tech.id,
      createdAt: at(3),
      vin: '1HGCM82633A004352',
    });
    const truck = await createVehicle(t.db, newer.id, {
      createdBy: tech.id,
      createdAt: at(4),
      year: 2021,
      make: 'Ford',
      model: 'F-150',
      mileage: null,
    });
    const first = await createInspection(t.db, {
      customerId: older.id,
      vehicleId: civic.id,
      technicianId: tech.id,
      createdAt: at(5),
      notes: 'Brakes squeal',
    });
    const second = await createInspection(t.db, {
      customerId: newer.id,
      vehicleId: truck.id,
      technicianId: tech.id,
      createdAt: at(6),
      status: 'completed',
    });
    await createInspection(t.db, { technicianId: someoneElse.id });

    const res = await admin.inject({ method: 'GET', url: `/api/users/${tech.id}/data` });
    expect(res.statusCode).toBe(200);
    expect(withoutPasswordFlag(res.body)).not.toMatch(/password|scrypt|hash|shareToken/i);
    const body = res.json();
    expect(body.user).toMatchObject({ id: tech.id, username: 'data_tech', role: 'technician' });
    expect(body.customers).toEqual([
      {
        id: newer.id,
        name: 'Newer Customer',
        email: newer.email,
        phone: '555-0100',
        address: '1 Elm St',
        status: 'active',
        textConsentAt: null,
        textConsentSource: null,
        createdAt: at(2),
        updatedAt: newer.updatedAt,
      },
      expect.objectContaining({ id: older.id, name: 'Older Customer', address: null }),
    ]);
    expect(body.vehicles).toEqual([
      {
        id: truck.id,
        customerId: newer.id,
        year: 2021,
        make: 'Ford',
        model: 'F-150',
        vin: null,
        licensePlate: null,
        mileage: null,
        color: null,
        createdAt: at(4),
        updatedAt: truck.updatedAt,
      },
      expect.objectContaining({ id: civic.id, vin: '1HGCM82633A004352', mileage: 42000 }),
    ]);
    expect(body.inspections).toEqual([
      {
        id: second.id,
        customerId: newer.id,
        vehicleId: truck.id,
        technicianId: tech.id,
        status: 'completed',
        notes: null,
        createdAt: at(6),
        updatedAt: second.updatedAt,
        customer: { id: newer.id, name: 'Newer Customer' },
        vehicle: { id: truck.id, year: 2021, make: 'Ford', model: 'F-150' },
      },
      expect.objectContaining({
        id: first.id,
        notes: 'Brakes squeal',
        status: 'in_progress',
        customer: { id: older.id, name: 'Older Customer' },
        vehicle: { id: civic.id, year: 2018, make: 'Honda', model: 'Civic' },
      }),
    ]);
  });

  it('gives empty lists for a user with nothing yet', async () => {
    const fresh = await createUser(t.db);
    const res = await admin.inject({ method: 'GET', url: `/api/users/${fresh.id}/data` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: fresh.id }, customers: [], vehicles: [], inspections: [] });
  });

  it('is 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = await admin.inject({ method: 'GET', url: `/api/users/${UNKNOWN_ID}/data` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'User not found' });
    expect((await admin.inject({ method: 'GET', url: '/api/users/zzz/data' })).statusCode).toBe(400);
  });

  describe('query count', () => {
    let queries = 0;
    // Counted as results come back: a query compiled once still runs (and counts) every time.
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    };
    const counted = t.db.withPlugin(counter);
    let app: Awaited<ReturnType<typeof buildApp>>;
    afterAll(() => app?.close());

    it('stays the same however many rows the user has (no N+1)', async () => {
      app = await buildApp({ config: testConfig(), db: counted, upkeep: false });
      const signedIn = await createUser(t.db, { role: 'admin' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: signedIn.username, password: TEST_PASSWORD },
      });
      const client = clientFor(app, signedIn, sessionCookie(res));
      const tech = await createUser(t.db);
      const measure = async () => {
        queries = 0;
        const data = await client.inject({ method: 'GET', url: `/api/users/${tech.id}/data` });
        expect(data.statusCode).toBe(200);
        return { queries, rows: data.json().inspections.length as number };
      };
      await createInspection(t.db, { technicianId: tech.id });
      const one = await measure();
      for (let i = 0; i < 6; i++) {
        const customer = await createCustomer(t.db, { createdBy: tech.id });
        const vehicle = await createVehicle(t.db, customer.id, { createdBy: tech.id });
        await createInspection(t.db, { technicianId: tech.id, customerId: customer.id, vehicleId: vehicle.id });
      }
      const seven = await measure();
      expect(one.rows).toBe(1);
      expect(seven.rows).toBe(7);
      expect(one.queries).toBeGreaterThan(1);
      expect(seven.queries).toBe(one.queries);
    });
  });
});
