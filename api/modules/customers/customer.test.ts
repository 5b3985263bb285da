import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { issuesByPath } from '@api/test/issues';
import { createCustomer, createInspection, createInvoiceFor, createVehicle } from '@api/test/factories';
import { nowIso } from '@api/lib/tokens';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');

const valid = { name: 'Maria Lopez', email: 'maria@mail.test', phone: '555-0101', address: '12 Elm St' };

function post(payload: unknown) {
  return advisor.inject({ method: 'POST', url: '/api/customers', payload: payload as object });
}

describe('POST /api/customers', () => {
  it('creates a customer, active by default, made by the signed-in user', async () => {
    const res = await post({ ...valid, name: '  Maria Lopez  ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Maria Lopez',
      email: 'maria@mail.test',
      phone: '555-0101',
      address: '12 Elm St',
      status: 'active',
      textConsentAt: null,
      textConsentSource: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: body.createdAt,
    });
    const row = await t.db.selectFrom('customers').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row.createdBy).toBe(advisor.user.id);
  });

  it('stores a blank address as null and takes an inactive status', async () => {
    const res = await post({ ...valid, address: '   ', status: 'inactive' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ address: null, status: 'inactive' });
  });

  it('answers with the spec messages for missing and blank fields', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error' });
    expect(issuesByPath(res)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
    });

    const blank = await post({ name: ' ', email: '', phone: '  ' });
    expect(issuesByPath(blank)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
    });
  });

  it('rejects a malformed email and an unknown status', async () => {
    const email = await post({ ...valid, email: 'maria.mail.test' });
    expect(email.statusCode).toBe(400);
    expect(email.json().message).toBe('Invalid request body: Please enter a valid email');
    expect(issuesByPath(email)).toEqual({ email: 'Please enter a valid email' });

    const status = await post({ ...valid, status: 'deleted' });
    expect(issuesByPath(status)).toEqual({ status: 'Status must be active or inactive' });
  });

  it('rejects wrong types without a 500', async () => {
    const res = await post({ name: 5, email: ['a'], phone: { x: 1 }, status: 1 });
    expect(res.statusCode).toBe(400);
    expect(issuesByPath(res)).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      status: 'Status must be active or inactive',
    });
  });

  it('takes a client id once; the same id again is 409 and makes no second row', async () => {
    const id = randomUUID();
    const first = await post({ ...valid, id });
    expect(first.statusCode).toBe(201);
    expect(first.json().id).toBe(id);
    const again = await post({ ...valid, id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: 'Customer already exists' });
    const rows = await t.db.selectFrom('customers').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('rejects a client id that is not a UUID', async () => {
    const res = await post({ ...valid, id: 'not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(issuesByPath(res)).toEqual({ id: 'Invalid id' });
  });
});

describe('GET /api/customers/:id', () => {
  it('returns the customer', async () => {
    const customer = await createCustomer(t.db, { name: 'Olu Ade', address: '4 Oak Rd' });
    const res = await advisor.inject({ method: 'GET', url: `/api/customers/${customer.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: customer.id,
      name: 'Olu Ade',
      email: customer.email,
      phone: '555-0100',
      address: '4 Oak Rd',
      status: 'active',
      textConsentAt: null,
      textConsentSource: null,
      createdAt: customer.createdAt,
      updatedAt: customer.updatedAt,
    });
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await advisor.inject({ method: 'GET', url: `/api/customers/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Customer not found' });
    const malformed = await advisor.inject({ method: 'GET', url: '/api/customers/12345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('validation_error');
  });
});

describe('PUT /api/customers/:id', () => {
  const old = '2026-01-01T00:00:00.000Z';

  it('changes only the fields sent and moves updatedAt', async () => {
    const customer = await createCustomer(t.db, {
      name: 'Kim Park',
      address: '1 Bay St',
      createdAt: old,
      updatedAt: old,
    });
    const res = await advisor.inject({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { phone: '555-0199' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Kim Park',
      email: customer.email,
      phone: '555-0199',
      address: '1 Bay St',
      status: 'active',
    });
    expect(body.createdAt).toBe(old);
    expect(body.updatedAt > old).toBe(true);

    const cleared = await advisor.inject({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { address: '', status: 'inactive' },
    });
    expect(cleared.json()).toMatchObject({ phone: '555-0199', address: null, status: 'inactive' });
  });

  it('changes nothing for an empty body', async () => {
    const customer = await createCustomer(t.db, { createdAt: old, updatedAt: old });
    const res = await advisor.inject({ method: 'PUT', url: `/api/customers/${customer.id}`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().updatedAt).toBe(old);
  });

  it('validates the fields it is sent', async () => {
    const customer = await createCustomer(t.db);
    const res = await advisor.inject({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      payload: { name: '', email: 'nope', phone: ' ', status: 'gone' },
    });
    expect(res.statusCode).toBe(400);
    expect(issuesByPath(res)).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      phone: 'Phone is required',
      status: 'Status must be active or inactive',
    });
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await advisor.inject({
      method: 'PUT',
      url: `/api/customers/${randomUUID()}`,
      payload: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Customer not found');
    const empty = await advisor.inject({ method: 'PUT', url: `/api/customers/${randomUUID()}`, payload: {} });
    expect(empty.statusCode).toBe(404);
    const malformed = await advisor.inject({ method: 'PUT', url: '/api/customers/abc', payload: { name: 'X' } });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('DELETE /api/customers/:id', () => {
  it('removes the customer with their vehicles, inspections and invoices', async () => {
    const customer = await createCustomer(t.db);
    const vehicle = await createVehicle(t.db, customer.id);
    const inspection = await createInspection(t.db, { customerId: customer.id, vehicleId: vehicle.id }, [
      { description: 'Brakes', laborCostCents: 5000, parts: [{ partName: 'Pads', partCostCents: 3000 }] },
    ]);
    const { id: invoiceId } = await createInvoiceFor(t.db, inspection, {
      subtotalCents: 8000,
      taxCents: 640,
      totalCents: 8640,
    });
    await t.db
      .insertInto('invoiceLineItems')
      .values({ id: randomUUID(), invoiceId, description: 'Shop fee', amountCents: 500, createdAt: nowIso() })
      .execute();
    const other = await createCustomer(t.db);
    const otherVehicle = await createVehicle(t.db, other.id);

    const res = await advisor.inject({ method: 'DELETE', url: `/api/customers/${customer.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const db = t.db;
    expect(await db.selectFrom('customers').select('id').where('id', '=', customer.id).execute()).toEqual([]);
    expect(await db.selectFrom('vehicles').select('id').where('customerId', '=', customer.id).execute()).toEqual([]);
    expect(await db.selectFrom('inspections').select('id').where('customerId', '=', customer.id).execute()).toEqual([]);
    expect(await db.selectFrom('services').select('id').where('inspectionId', '=', inspection.id).execute()).toEqual(
      [],
    );
    const serviceId = inspection.services[0]!.id;
    expect(await db.selectFrom('serviceParts').select('id').where('serviceId', '=', serviceId).execute()).toEqual([]);
    expect(await db.selectFrom('invoices').select('id').where('customerId', '=', customer.id).execute()).toEqual([]);
    expect(await db.selectFrom('invoiceLineItems').select('id').where('invoiceId', '=', invoiceId).execute()).toEqual(
      [],
    );
    // Another customer's data is untouched.
    expect(ids(await db.selectFrom('vehicles').select('id').where('customerId', '=', other.id).execute())).toEqual([
      otherVehicle.id,
    ]);

    const again = await advisor.inject({ method: 'GET', url: `/api/customers/${customer.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await advisor.inject({ method: 'DELETE', url: `/api/customers/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Customer not found' });
    const malformed = await advisor.inject({ method: 'DELETE', url: "/api/customers/1'%20OR%201=1" });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('signed out', () => {
  const id = randomUUID();
  it.each([
    ['GET', '/api/customers'],
    ['POST', '/api/customers'],
    ['GET', `/api/customers/${id}`],
    ['PUT', `/api/customers/${id}`],
    ['DELETE', `/api/customers/${id}`],
  ] as const)('%s %s is 401', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      ...(method === 'POST' || method === 'PUT' ? { payload: valid } : {}),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });
});

describe('a deleted customer', () => {
  const gone = { error: 'gone', message: 'This customer was deleted', gone: 'customer' };

  it('answers 410 to an update, a repeated delete and a create with its id; an id never seen stays 404', async () => {
    const customer = await createCustomer(t.db);
    const url = `/api/customers/${customer.id}`;
    expect((await advisor.inject({ method: 'DELETE', url })).statusCode).toBe(204);

    for (const payload of [{ phone: '555-0142' }, {}]) {
      const put = await advisor.inject({ method: 'PUT', url, payload });
      expect(put.statusCode).toBe(410);
      expect(put.json()).toEqual(gone);
    }
    const again = await advisor.inject({ method: 'DELETE', url });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual(gone);
    const recreate = await post({ ...valid, id: customer.id });
    expect(recreate.statusCode).toBe(410);
    expect(recreate.json()).toEqual(gone);
    expect(await t.db.selectFrom('customers').select('id').where('id', '=', customer.id).execute()).toEqual([]);

    const unknown = await advisor.inject({
      method: 'PUT',
      url: `/api/customers/${randomUUID()}`,
      payload: { phone: '1' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Customer not found' });
  });
});
