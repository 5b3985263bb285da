import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');
const technician = await t.signIn('technician');

const UNKNOWN_ID = '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00';

/** The messages of a 400 validation error, by field path. */
function issues(res: {
  statusCode: number;
  body: string;
  json: () => { error: string; issues?: { path: string; message: string }[] };
}) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.error).toBe('validation_error');
  return Object.fromEntries((body.issues ?? []).map((i) => [i.path, i.message]));
}

async function newInspection() {
  const customer = await createCustomer(t.db, { name: 'Dana Whitfield', address: '12 Elm St' });
  const vehicle = await createVehicle(t.db, customer.id, {
    make: 'Subaru',
    model: 'Outback',
    vin: '4S4BSANC5K3200001',
  });
  return createInspection(t.db, { customerId: customer.id, vehicleId: vehicle.id, technicianId: technician.user.id }, [
    {
      description: 'Front brake pads',
      laborCostCents: 12000,
      parts: [{ partName: 'Pads', partCostCents: 4599 }],
      status: 'approved',
    },
    { description: 'Wiper blades', laborCostCents: 0, partsCostCents: 2500, status: 'recommended' },
  ]);
}

async function create(payload: Record<string, unknown>) {
  const res = await advisor.inject({ method: 'POST', url: '/api/invoices', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/invoices', () => {
  it('creates a draft from the inspection with customer, vehicle, inspection and totals', async () => {
    const inspection = await newInspection();
    const invoice = await create({ inspectionId: inspection.id, notes: '  Thanks!  ' });
    expect(invoice).toMatchObject({
      inspectionId: inspection.id,
      customerId: inspection.customerId,
      vehicleId: inspection.vehicleId,
      status: 'draft',
      notes: 'Thanks!',
      // Approved: 120.00 labor + 45.99 parts; 8% of 165.99 is 13.2792 → 13.28.
      subtotal: '165.99',
      tax: '13.28',
      total: '179.27',
      lineItems: [],
    });
    expect(invoice.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(invoice.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(invoice.shareToken).not.toBe(inspection.shareToken);
    expect(new Date(invoice.createdAt).toISOString()).toBe(invoice.createdAt);
    expect(invoice.customer).toEqual({
      id: inspection.customerId,
      name: 'Dana Whitfield',
      email: expect.stringContaining('@'),
      phone: '555-0100',
      address: '12 Elm St',
      status: 'active',
      textConsentAt: null,
      textConsentSource: null,
    });
    expect(invoice.vehicle).toMatchObject({
      id: inspection.vehicleId,
      make: 'Subaru',
      model: 'Outback',
      vin: '4S4BSANC5K3200001',
      year: 2018,
      mileage: 42000,
      color: null,
    });
    expect(invoice.inspection.id).toBe(inspection.id);
    expect(invoice.inspection.technician.username).toBe(technician.user.username);
    expect(invoice.inspection.services.map((s: { description: string }) => s.description)).toEqual([
      'Front brake pads',
      'Wiper blades',
    ]);
    const row = await t.db.selectFrom('invoices').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ subtotalCents: 16599, taxCents: 1328, totalCents: 17927, createdBy: advisor.user.id });
  });

  it('takes status, line items in order and a client id, all in one go', async () => {
    const inspection = await newInspection();
    const id = randomUUID();
    const itemId = randomUUID();
    const invoice = await create({
      id,
      inspectionId: inspection.id,
      status: 'sent',
      lineItems: [
        { id: itemId, description: 'Shop supplies', amount: '12.5' },
        { description: 'Disposal fee', amount: 3 },
        { description: 'Tire rotation', amount: '19.99' },
      ],
    });
    expect(invoice.id).toBe(id);
    expect(invoice.status).toBe('sent');
    expect(invoice.lineItems.map((i: { description: string; amount: string }) => [i.description, i.amount])).toEqual([
      ['Shop supplies', '12.50'],
      ['Disposal fee', '3.00'],
      ['Tire rotation', '19.99'],
    ]);
    expect(invoice.lineItems[0]).toMatchObject({ id: itemId, invoiceId: id });
    // 165.99 + 12.50 + 3.00 + 19.99 = 201.48; 8% is 16.1184 → 16.12.
    expect([invoice.subtotal, invoice.tax, invoice.total]).toEqual(['201.48', '16.12', '217.60']);
  });

  it('answers a repeated create with the same id with 409 and keeps one row', async () => {
    const inspection = await newInspection();
    const id = randomUUID();
    await create({ id, inspectionId: inspection.id, lineItems: [{ description: 'Fee', amount: 1 }] });
    const again = await advisor.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: { id, inspectionId: inspection.id, lineItems: [{ description: 'Fee', amount: 1 }] },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: 'Invoice already exists' });
    const rows = await t.db.selectFrom('invoices').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const items = await t.db.selectFrom('invoiceLineItems').select('id').where('invoiceId', '=', id).execute();
    expect(items).toHaveLength(1);
  });

  it('refuses a line item id that is taken, and writes nothing', async () => {
    const inspection = await newInspection();
    const first = await create({ inspectionId: inspection.id, lineItems: [{ description: 'Fee', amount: 1 }] });
    const id = randomUUID();
    const res = await advisor.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: {
        id,
        inspectionId: inspection.id,
        lineItems: [{ id: first.lineItems[0].id, description: 'Fee', amount: 1 }],
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Line item already exists');
    expect(await t.db.selectFrom('invoices').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('needs an inspection, with the spec message', async () => {
    expect(issues(await advisor.inject({ method: 'POST', url: '/api/invoices', payload: {} }))).toEqual({
      inspectionId: 'Please select an inspection',
    });
    const blank = await advisor.inject({ method: 'POST', url: '/api/invoices', payload: { inspectionId: '  ' } });
    expect(issues(blank).inspectionId).toBe('Please select an inspection');
    expect(blank.json().message).toBe('Invalid request body: Please select an inspection');
    const malformed = await advisor.inject({ method: 'POST', url: '/api/invoices', payload: { inspectionId: 'abc' } });
    expect(issues(malformed).inspectionId).toBe('Inspection not found');
  });

  it('refuses an unknown inspection with 400, not a database error', async () => {
    const res = await advisor.inject({ method: 'POST', url: '/api/invoices', payload: { inspectionId: UNKNOWN_ID } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'Inspection not found' });
  });

  it('checks status, notes, line items and the client id', async () => {
    const inspection = await newInspection();
    const res = await advisor.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: {
        id: 'nope',
        inspectionId: inspection.id,
        status: 'void',
        notes: 42,
        lineItems: [
          { description: 'Fee' },
          { amount: '5.00' },
          { description: 'Fee', amount: '5.001' },
          { description: 'x', amount: 'abc' },
        ],
      },
    });
    expect(issues(res)).toMatchObject({
      id: 'Invalid id',
      status: 'Status must be draft, sent or paid',
      'lineItems.0.amount': 'Please enter both description and amount',
      'lineItems.1.description': 'Please enter both description and amount',
      'lineItems.2.amount': 'Please enter a valid amount (e.g., 45.00)',
      'lineItems.3.amount': 'Please enter a valid amount (e.g., 45.00)',
    });
    expect(
      issues(
        await advisor.inject({
          method: 'POST',
          url: '/api/invoices',
          payload: { inspectionId: inspection.id, lineItems: 'x' },
        }),
      ),
    ).toEqual({ lineItems: 'Line items must be a list' });
    expect(await t.db.selectFrom('invoices').select('id').where('inspectionId', '=', inspection.id).execute()).toEqual(
      [],
    );
  });

  it('is 401 when signed out', async () => {
    const inspection = await newInspection();
    const res = await t.app.inject({ method: 'POST', url: '/api/invoices', payload: { inspectionId: inspection.id } });
    expect(res.statusCode).toBe(401);
    expect(await t.db.selectFrom('invoices').select('id').where('inspectionId', '=', inspection.id).execute()).toEqual(
      [],
    );
  });
});

describe('GET /api/invoices/:id', () => {
  it('returns the invoice with its nesting, for any role', async () => {
    const inspection = await newInspection();
    const created = await create({ inspectionId: inspection.id, lineItems: [{ description: 'Fee', amount: '2.00' }] });
    const res = await technician.inject({ method: 'GET', url: `/api/invoices/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(created);
  });

  it('shows a null vehicle and inspection once they are gone', async () => {
    const inspection = await newInspection();
    const created = await create({ inspectionId: inspection.id });
    await t.db.deleteFrom('inspections').where('id', '=', inspection.id).execute();
    await t.db.deleteFrom('vehicles').where('id', '=', inspection.vehicleId).execute();
    const res = await advisor.inject({ method: 'GET', url: `/api/invoices/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      inspectionId: null,
      inspection: null,
      vehicleId: null,
      vehicle: null,
      total: created.total,
    });
  });

  it('is 404 for an unknown id, 400 for a malformed one, 401 signed out', async () => {
    const unknown = await advisor.inject({ method: 'GET', url: `/api/invoices/${UNKNOWN_ID}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Invoice not found' });
    const malformed = await advisor.inject({ method: 'GET', url: '/api/invoices/12345' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('validation_error');
    expect((await t.app.inject({ method: 'GET', url: `/api/invoices/${UNKNOWN_ID}` })).statusCode).toBe(401);
  });
});

describe('PATCH /api/invoices/:id', () => {
  it('changes only the fields sent', async () => {
    const inspection = await newInspection();
    const created = await create({ inspectionId: inspection.id, notes: 'Keep me' });
    const sent = await advisor.inject({
      method: 'PATCH',
      url: `/api/invoices/${created.id}`,
      payload: { status: 'sent' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', notes: 'Keep me', total: created.total });
    const noted = await advisor.inject({
      method: 'PATCH',
      url: `/api/invoices/${created.id}`,
      payload: { notes: 'Paid in cash' },
    });
    expect(noted.json()).toMatchObject({ status: 'sent', notes: 'Paid in cash' });
    const cleared = await advisor.inject({
      method: 'PATCH',
      url: `/api/invoices/${created.id}`,
      payload: { notes: '' },
    });
    expect(cleared.json()).toMatchObject({ status: 'sent', notes: null });
    const empty = await advisor.inject({ method: 'PATCH', url: `/api/invoices/${created.id}`, payload: {} });
    expect(empty.json()).toEqual(cleared.json());
  });

  it('refuses an unknown status', async () => {
    const inspection = await newInspection();
    const created = await create({ inspectionId: inspection.id });
    const res = await advisor.inject({
      method: 'PATCH',
      url: `/api/invoices/${created.id}`,
      payload: { status: 'cancelled' },
    });
    expect(issues(res)).toEqual({ status: 'Status must be draft, sent or paid' });
  });

  it('is 404 for an unknown id, 400 for a malformed one, 401 signed out', async () => {
    const unknown = await advisor.inject({
      method: 'PATCH',
      url: `/api/invoices/${UNKNOWN_ID}`,
      payload: { status: 'paid' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Invoice not found');
    expect(
      (await advisor.inject({ method: 'PATCH', url: `/api/invoices/${UNKNOWN_ID}`, payload: {} })).statusCode,
    ).toBe(404);
    expect(
      (await advisor.inject({ method: 'PATCH', url: '/api/invoices/x', payload: { status: 'paid' } })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/invoices/${UNKNOWN_ID}`, payload: { status: 'paid' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('DELETE /api/invoices/:id', () => {
  it('deletes the invoice and its line items', async () => {
    const inspection = await newInspection();
    const created = await create({
      inspectionId: inspection.id,
      lineItems: [
        { description: 'Fee', amount: 1 },
        { description: 'Other', amount: 2 },
      ],
    });
    const res = await advisor.inject({ method: 'DELETE', url: `/api/invoices/${created.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await advisor.inject({ method: 'GET', url: `/api/invoices/${created.id}` })).statusCode).toBe(404);
    expect(
      await t.db.selectFrom('invoiceLineItems').select('id').where('invoiceId', '=', created.id).execute(),
    ).toEqual([]);
    // The inspection stays.
    expect(
      await t.db.selectFrom('inspections').select('id').where('id', '=', inspection.id).executeTakeFirst(),
    ).toBeDefined();
    const again = await advisor.inject({ method: 'DELETE', url: `/api/invoices/${created.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Invoice not found');
  });

  it('is 400 for a malformed id and 401 signed out', async () => {
    expect((await advisor.inject({ method: 'DELETE', url: '/api/invoices/not-an-id' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/invoices/${UNKNOWN_ID}` })).statusCode).toBe(401);
  });
});
