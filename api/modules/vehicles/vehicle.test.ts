import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { issuesByPath } from '@api/test/issues';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';
import { newShareToken, nowIso } from '@api/lib/tokens';

const t = await useTestApp();
const tech = await t.signIn('technician');
const owner = await createCustomer(t.db, { name: 'Dana Cruz' });
const nextYear = new Date().getFullYear() + 1;
const yearMessage = `Year must be between 1900 and ${nextYear}`;

const valid = { customerId: owner.id, year: 2019, make: 'Toyota', model: 'Corolla' };

/** The answer's issues when every required field is missing or blank. */
const REQUIRED_MISSING = {
  customerId: 'Customer is required',
  year: 'Year is required',
  make: 'Make is required',
  model: 'Model is required',
};

function post(payload: unknown) {
  return tech.inject({ method: 'POST', url: '/api/vehicles', payload: payload as object });
}

/** A call on an unknown vehicle id answers 404 with the vehicle's message; on a malformed one, 400. */
async function expectIdChecked(method: 'GET' | 'DELETE', malformed: string) {
  const unknown = await tech.inject({ method, url: `/api/vehicles/${randomUUID()}` });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toEqual({ error: 'not_found', message: 'Vehicle not found' });
  expect((await tech.inject({ method, url: `/api/vehicles/${malformed}` })).statusCode).toBe(400);
}

describe('POST /api/vehicles', () => {
  it('creates a vehicle with its customer name, made by the signed-in user', async () => {
    const res = await post({
      ...valid,
      year: '2019',
      vin: ' 1HGCM82633A004352 ',
      licensePlate: 'ABC-123',
      mileage: '42000',
      color: 'Blue',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customerId: owner.id,
      customerName: 'Dana Cruz',
      year: 2019,
      make: 'Toyota',
      model: 'Corolla',
      vin: '1HGCM82633A004352',
      licensePlate: 'ABC-123',
      mileage: 42000,
      color: 'Blue',
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: body.createdAt,
    });
    const row = await t.db.selectFrom('vehicles').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row.createdBy).toBe(tech.user.id);
  });

  it('stores empty optional fields as null', async () => {
    const res = await post({ ...valid, vin: '', licensePlate: '  ', mileage: '', color: null });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ vin: null, licensePlate: null, mileage: null, color: null });
  });

  it('answers with the spec messages for missing fields', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(issuesByPath(res)).toEqual(REQUIRED_MISSING);
    const blank = await post({ customerId: ' ', year: '', make: ' ', model: '' });
    expect(issuesByPath(blank)).toEqual(REQUIRED_MISSING);
  });

  it('treats a customer id that is not a UUID as missing, and an unknown one as not found', async () => {
    expect(issuesByPath(await post({ ...valid, customerId: 'nope' }))).toEqual({ customerId: 'Customer is required' });
    const unknown = await post({ ...valid, customerId: randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'bad_request', message: 'Customer not found' });
  });

  it('takes years from 1900 to next year, as numbers or numeric strings', async () => {
    for (const year of [1899, nextYear + 1, 2020.5, 'abc', '20x0', true]) {
      const res = await post({ ...valid, year });
      expect(res.statusCode, String(year)).toBe(400);
      expect(issuesByPath(res), String(year)).toEqual({ year: yearMessage });
    }
    expect((await post({ ...valid, year: 1900 })).json().year).toBe(1900);
    expect((await post({ ...valid, year: String(nextYear) })).json().year).toBe(nextYear);
  });

  it('limits the VIN to 17 characters', async () => {
    const res = await post({ ...valid, vin: 'X'.repeat(18) });
    expect(issuesByPath(res)).toEqual({ vin: 'VIN must be at most 17 characters' });
    expect((await post({ ...valid, vin: 'X'.repeat(17) })).statusCode).toBe(201);
  });

  it('takes mileage as a whole number from 0', async () => {
    const cases: [unknown, string][] = [
      [-1, 'Mileage must be at least 0'],
      ['-5', 'Mileage must be at least 0'],
      [12.5, 'Mileage must be a whole number'],
      ['lots', 'Mileage must be a whole number'],
      [10_000_000, 'Mileage must be at most 9,999,999'],
    ];
    for (const [mileage, message] of cases) {
      const res = await post({ ...valid, mileage });
      expect(res.statusCode, String(mileage)).toBe(400);
      expect(issuesByPath(res)).toEqual({ mileage: message });
    }
    expect((await post({ ...valid, mileage: 0 })).json().mileage).toBe(0);
    expect((await post({ ...valid, mileage: ' 120500 ' })).json().mileage).toBe(120500);
  });

  it('takes a client id once; the same id again is 409 and makes no second row', async () => {
    const id = randomUUID();
    expect((await post({ ...valid, id })).statusCode).toBe(201);
    const again = await post({ ...valid, id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: 'Vehicle already exists' });
    expect(await t.db.selectFrom('vehicles').select('id').where('id', '=', id).execute()).toHaveLength(1);
  });
});

describe('GET /api/vehicles/:id', () => {
  it('returns the vehicle', async () => {
    const vehicle = await createVehicle(t.db, owner.id, { vin: 'VIN1', mileage: null });
    const res = await tech.inject({ method: 'GET', url: `/api/vehicles/${vehicle.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: vehicle.id,
      customerName: 'Dana Cruz',
      year: 2018,
      make: 'Honda',
      vin: 'VIN1',
      mileage: null,
    });
  });

  it('is 404 for an unknown id and 400 for a malformed one', () => expectIdChecked('GET', 'xyz'));
});

describe('PATCH and PUT /api/vehicles/:id', () => {
  const old = '2026-01-01T00:00:00.000Z';

  it.each(['PATCH', 'PUT'] as const)('%s changes only the fields sent', async (method) => {
    const vehicle = await createVehicle(t.db, owner.id, { color: 'Red', vin: 'V1', createdAt: old, updatedAt: old });
    const res = await tech.inject({
      method,
      url: `/api/vehicles/${vehicle.id}`,
      payload: { mileage: '50100', vin: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ year: 2018, make: 'Honda', model: 'Civic', color: 'Red', vin: null, mileage: 50100 });
    expect(body.updatedAt > old).toBe(true);
    expect(body.createdAt).toBe(old);
  });

  it('moves the vehicle to another existing customer', async () => {
    const vehicle = await createVehicle(t.db, owner.id);
    const other = await createCustomer(t.db, { name: 'Eli Moss' });
    const res = await tech.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle.id}`,
      payload: { customerId: other.id },
    });
    expect(res.json()).toMatchObject({ customerId: other.id, customerName: 'Eli Moss' });
  });

  it('refuses to move the vehicle to an unknown customer and leaves it unchanged', async () => {
    const vehicle = await createVehicle(t.db, owner.id);
    const res = await tech.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle.id}`,
      payload: { customerId: randomUUID(), make: 'Ford' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'Customer not found' });
    const row = await t.db.selectFrom('vehicles').selectAll().where('id', '=', vehicle.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customerId: owner.id, make: 'Honda' });
  });

  it('validates the fields it is sent', async () => {
    const vehicle = await createVehicle(t.db, owner.id);
    const res = await tech.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle.id}`,
      payload: { customerId: '', year: null, make: '', model: ' ', vin: 'Y'.repeat(20), mileage: -3 },
    });
    expect(res.statusCode).toBe(400);
    expect(issuesByPath(res)).toEqual({
      ...REQUIRED_MISSING,
      vin: 'VIN must be at most 17 characters',
      mileage: 'Mileage must be at least 0',
    });
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    for (const payload of [{ make: 'Ford' }, {}]) {
      const res = await tech.inject({ method: 'PATCH', url: `/api/vehicles/${randomUUID()}`, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Vehicle not found');
    }
    expect((await tech.inject({ method: 'PUT', url: '/api/vehicles/1', payload: { make: 'Ford' } })).statusCode).toBe(
      400,
    );
  });
});

describe('DELETE /api/vehicles/:id', () => {
  it('removes the vehicle and its inspections; an invoice keeps its customer', async () => {
    const customer = await createCustomer(t.db);
    const vehicle = await createVehicle(t.db, customer.id);
    const kept = await createVehicle(t.db, customer.id);
    const inspection = await createInspection(t.db, { customerId: customer.id, vehicleId: vehicle.id }, [
      { description: 'Oil' },
    ]);
    const invoiceId = randomUUID();
    await t.db
      .insertInto('invoices')
      .values({
        id: invoiceId,
        customerId: customer.id,
        vehicleId: vehicle.id,
        inspectionId: inspection.id,
        shareToken: newShareToken(),
        subtotalCents: 0,
        taxCents: 0,
        totalCents: 0,
        notes: null,
        status: 'draft',
        createdBy: null,
        createdAt: nowIso(),
        updatedAt: nowIso(),
      })
      .execute();

    const res = await tech.inject({ method: 'DELETE', url: `/api/vehicles/${vehicle.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.db.selectFrom('vehicles').select('id').where('customerId', '=', customer.id).execute()).toEqual([
      { id: kept.id },
    ]);
    expect(await t.db.selectFrom('inspections').select('id').where('vehicleId', '=', vehicle.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('services').select('id').where('inspectionId', '=', inspection.id).execute()).toEqual(
      [],
    );
    const invoice = await t.db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
    expect(invoice).toMatchObject({ customerId: customer.id, vehicleId: null, inspectionId: null });
    expect((await tech.inject({ method: 'GET', url: `/api/vehicles/${vehicle.id}` })).statusCode).toBe(404);
  });

  it('is 404 for an unknown id and 400 for a malformed one', () => expectIdChecked('DELETE', 'not-an-id'));
});

describe('signed out', () => {
  const id = randomUUID();
  it.each([
    ['GET', '/api/vehicles'],
    ['POST', '/api/vehicles'],
    ['GET', `/api/vehicles/${id}`],
    ['PATCH', `/api/vehicles/${id}`],
    ['PUT', `/api/vehicles/${id}`],
    ['DELETE', `/api/vehicles/${id}`],
    ['GET', `/api/customers/${id}/vehicles`],
  ] as const)('%s %s is 401', async (method, url) => {
    const writes = method === 'POST' || method === 'PATCH' || method === 'PUT';
    const res = await t.app.inject({ method, url, ...(writes ? { payload: valid } : {}) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });
});

describe('a deleted vehicle or customer', () => {
  const vehicleGone = { error: 'gone', message: 'This vehicle was deleted', gone: 'vehicle' };
  const customerGone = { error: 'gone', message: 'This customer was deleted', gone: 'customer' };

  it('answers 410 to an update or a repeated delete of a deleted vehicle, and to a create with its id', async () => {
    const vehicle = await createVehicle(t.db, owner.id);
    const url = `/api/vehicles/${vehicle.id}`;
    expect((await tech.inject({ method: 'DELETE', url })).statusCode).toBe(204);
    for (const method of ['PATCH', 'PUT'] as const) {
      const res = await tech.inject({ method, url, payload: { mileage: 1 } });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual(vehicleGone);
    }
    expect((await tech.inject({ method: 'DELETE', url })).json()).toEqual(vehicleGone);
    const recreate = await post({ ...valid, id: vehicle.id });
    expect(recreate.statusCode).toBe(410);
    expect(recreate.json()).toEqual(vehicleGone);
  });

  it('answers 410 for a vehicle that went with its customer, and for a vehicle given to a deleted customer', async () => {
    const customer = await createCustomer(t.db);
    const vehicle = await createVehicle(t.db, customer.id);
    const keeper = await createVehicle(t.db, owner.id);
    expect((await tech.inject({ method: 'DELETE', url: `/api/customers/${customer.id}` })).statusCode).toBe(204);

    const edit = await tech.inject({ method: 'PATCH', url: `/api/vehicles/${vehicle.id}`, payload: { color: 'Red' } });
    expect(edit.statusCode).toBe(410);
    expect(edit.json()).toEqual(vehicleGone);
    const created = await post({ ...valid, customerId: customer.id });
    expect(created.statusCode).toBe(410);
    expect(created.json()).toEqual(customerGone);
    const moved = await tech.inject({
      method: 'PATCH',
      url: `/api/vehicles/${keeper.id}`,
      payload: { customerId: customer.id },
    });
    expect(moved.statusCode).toBe(410);
    expect(moved.json()).toEqual(customerGone);

    const unknown = await tech.inject({
      method: 'PATCH',
      url: `/api/vehicles/${randomUUID()}`,
      payload: { color: 'Red' },
    });
    expect(unknown.statusCode).toBe(404);
    const unknownCustomer = await post({ ...valid, customerId: randomUUID() });
    expect(unknownCustomer.statusCode).toBe(400);
    expect(unknownCustomer.json().message).toBe('Customer not found');
  });
});
