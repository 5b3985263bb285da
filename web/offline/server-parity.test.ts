import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useTestApp, type Client } from '@api/test/app';
import { toRequest } from './apply-write';
import { LocalDb } from './local-db';
import { enqueue } from './outbox';
import type { LocalWrite } from './types';

// The local effect of each write (apply-write.ts) against what the server makes of the same
// request: apart from the server's own timestamps and share token, the rows must be the same.

let admin: Client;
const db = new LocalDb('server-parity');

beforeAll(async () => {
  const server = await useTestApp();
  admin = await server.signIn('admin');
  const { passwordHash: _hash, passwordChangeRequired, mustChangePassword, status: _status, ...user } = admin.user;
  await db.users.put({
    ...user,
    role: admin.user.role as 'admin',
    passwordChangeRequired: passwordChangeRequired === 1,
    mustChangePassword: mustChangePassword === 1,
    status: 'active',
  });
});

afterAll(() => db.delete());

/** Drops what only the server can know: when it wrote, and the share token. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !['createdAt', 'updatedAt', 'shareToken'].includes(key))
      .map(([key, v]) => [key, comparable(v)]),
  );
}

/** Applies the write locally and sends the same request to the server. */
async function both(write: LocalWrite): Promise<void> {
  await enqueue(db, admin.user.id, write, 'parity');
  const request = toRequest(write);
  const method = request.method;
  const res = await admin.inject({
    method,
    url: request.url,
    payload: request.body as object,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

async function server(path: string): Promise<unknown> {
  const res = await admin.inject({ method: 'GET', url: path });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the local effect of a write matches the server’s', () => {
  it('for customers and vehicles created from form text', async () => {
    await both({
      kind: 'customer.create',
      id: id(1),
      body: { name: '  Jane Doe ', email: 'jane@mail.test', phone: '555 0100', address: '  ' },
    });
    await both({
      kind: 'vehicle.create',
      id: id(2),
      body: {
        customerId: id(1),
        year: '2019',
        make: ' Honda',
        model: 'Civic',
        vin: '',
        licensePlate: 'AB 12',
        mileage: '',
        color: null,
      },
    });
    expect(comparable(await db.customers.get(id(1)))).toEqual(comparable(await server(`/api/customers/${id(1)}`)));
    expect(comparable(await db.vehicles.get(id(2)))).toEqual(comparable(await server(`/api/vehicles/${id(2)}`)));
  });

  it('for an inspection with services and parts, a staff approval, and a save of the services list', async () => {
    await both({
      kind: 'inspection.create',
      id: id(10),
      body: {
        customerId: id(1),
        vehicleId: id(2),
        technicianId: admin.user.id,
        frontLeftTread: '5.5',
        rearRightBrake: 3,
        oilLevel: 'low',
        cabinFilterCondition: '',
        leaks: ['oil', 'coolant'],
        checkEngineLight: true,
        diagnosticCodes: 'P0300',
        notes: '',
        services: [
          {
            id: id(11),
            description: 'Brake pads',
            laborCost: '120',
            partsLink: 'https://parts.test/pads',
            parts: [{ id: id(12), partName: 'Pads', partUrl: '', partCost: '45.5' }],
          },
          { id: id(13), description: 'Wipers', laborCost: '', partsCost: '20', status: 'approved', parts: [] },
          { id: id(14), description: 'Battery', laborCost: 30.25 },
        ],
      },
    });
    expect(comparable(await db.inspections.get(id(10)))).toEqual(
      comparable(await server(`/api/inspections/${id(10)}`)),
    );

    await both({ kind: 'service.status', inspectionId: id(10), serviceId: id(11), status: 'approved' });
    await both({
      kind: 'inspection.update',
      id: id(10),
      changes: {
        notes: 'Rear pads thin',
        frontLeftTread: 3.3,
        leaks: null,
        services: [
          // The status sent for an existing service is ignored; costs and link left out are kept.
          {
            id: id(11),
            description: 'Brake pads and discs',
            status: 'recommended',
            parts: [
              { id: id(12), partName: 'Pads', partCost: '45.5' },
              { id: id(15), partName: 'Discs', partCost: 80 },
            ],
          },
          { id: id(14), description: 'Battery', laborCost: '35', partsCost: '99.99' },
          { id: id(16), description: 'Coolant flush', laborCost: '60' },
        ],
      },
    });
    expect(comparable(await db.inspections.get(id(10)))).toEqual(
      comparable(await server(`/api/inspections/${id(10)}`)),
    );
  });

  it('for edits that show in other rows: a renamed customer, a vehicle moved to another customer', async () => {
    await both({ kind: 'customer.update', id: id(1), changes: { name: 'Jane Smith', address: '1 Main St' } });
    await both({
      kind: 'customer.create',
      id: id(20),
      body: { name: 'Bob Roe', email: 'bob@mail.test', phone: '1', status: 'inactive' },
    });
    await both({ kind: 'vehicle.update', id: id(2), changes: { customerId: id(20), mileage: '120000', vin: '' } });
    for (const path of [
      `/api/customers/${id(1)}`,
      `/api/customers/${id(20)}`,
      `/api/vehicles/${id(2)}`,
      `/api/inspections/${id(10)}`,
    ]) {
      const [table, rowId] = path.split('/').slice(2) as ['customers' | 'vehicles' | 'inspections', string];
      expect(comparable(await db[table].get(rowId)), path).toEqual(comparable(await server(path)));
    }
  });

  it('for a customer deleted with everything under it', async () => {
    await both({ kind: 'customer.delete', id: id(1) });
    expect(await db.customers.get(id(1))).toBeUndefined();
    expect(await db.inspections.get(id(10))).toBeUndefined();
    // Gone on the server too (404 or 410, as the API answers reads of deleted rows).
    expect([404, 410]).toContain((await admin.inject({ method: 'GET', url: `/api/inspections/${id(10)}` })).statusCode);
    // The vehicle had moved to Bob: it stays, on both sides.
    expect(comparable(await db.vehicles.get(id(2)))).toEqual(comparable(await server(`/api/vehicles/${id(2)}`)));
  });
});
