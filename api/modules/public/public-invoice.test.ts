import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { writeSetting } from '@api/modules/shop-settings/shop-settings.repository';
import { createCustomer, createInspection, createUser, createVehicle, type ServiceSeed } from '@api/test/factories';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');
const technician = await t.signIn('technician', { username: 'wrench_rita' });

const UNKNOWN_ID = '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00';

const services: ServiceSeed[] = [
  { description: 'Front brake pads', laborCostCents: 12000, status: 'approved', parts: [{ partName: 'Pads', partCostCents: 4599, partUrl: 'https://parts.test/pads' }] },
  { description: 'Cabin filter', laborCostCents: 1500, partsCostCents: 2299, status: 'recommended' },
  { description: 'Coolant flush', laborCostCents: 8000, status: 'recommended', parts: [{ partName: 'Coolant', partCostCents: 3333 }, { partName: 'Clamp', partCostCents: 101 }] },
  { description: 'Timing belt', laborCostCents: 40000, partsCostCents: 15000, status: 'declined' },
];

async function setup(payload: Record<string, unknown> = {}) {
  const customer = await createCustomer(t.db, { name: 'Dana Whitfield', email: 'dana@mail.test', phone: '555-0142', address: 'Private 1' });
  const vehicle = await createVehicle(t.db, customer.id, { year: 2016, make: 'Subaru', model: 'Outback', vin: 'VIN123', licensePlate: 'ABC-123', mileage: 88000, color: 'Blue' });
  const inspection = await createInspection(
    t.db,
    {
      customerId: customer.id,
      vehicleId: vehicle.id,
      technicianId: technician.user.id,
      status: 'completed',
      frontLeftTread: 65,
      rearRightBrake: 25,
      oilCondition: 'dirty',
      leaks: JSON.stringify(['Oil pan']),
      checkEngineLight: 1,
      diagnosticCodes: 'P0420',
      notes: 'Drive gently',
    },
    services,
  );
  await t.db.insertInto('inspectionNotes').values({ id: crypto.randomUUID(), inspectionId: inspection.id, note: 'Rear tires soon', createdAt: '2026-03-01T09:00:00.000Z' }).execute();
  const res = await advisor.inject({
    method: 'POST',
    url: '/api/invoices',
    payload: { inspectionId: inspection.id, status: 'sent', notes: 'Thank you', lineItems: [{ description: 'Shop supplies', amount: '7.07' }], ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { customer, vehicle, inspection, invoice: res.json() };
}

const BAY_AUTO = { companyName: 'Bay Auto', phone: '555-0100', email: 'owner@shop.test', address: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', website: 'https://bay.test' };

const get = (token: string) => t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
const decide = (token: string, serviceId: string, action: 'approve' | 'decline') =>
  t.app.inject({ method: 'PUT', url: `/api/public/invoices/${token}/services/${serviceId}/${action}` });

describe('GET /api/public/invoices/:token', () => {
  it('shows empty shop details while no admin exists', async () => {
    const { invoice } = await setup();
    const res = await get(invoice.shareToken);
    expect(res.json().shop).toEqual({ companyName: null, phone: null, email: null, address: null, city: null, state: null, zipCode: null, website: null });
  });

  it('shows only what the receipt and invoice pages need, with the receipt figures', async () => {
    await createUser(t.db, { role: 'admin', email: 'owner@shop.test', companyName: 'Bay Auto', phone: '555-0100', address: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', website: 'https://bay.test', createdAt: '2020-01-01T00:00:00.000Z' });
    await createUser(t.db, { role: 'admin', email: 'later@shop.test', companyName: 'Not us', createdAt: '2024-01-01T00:00:00.000Z' });
    const { inspection, invoice } = await setup();
    const res = await get(invoice.shareToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const [brakes, filter, coolant, belt] = inspection.services;
    const [pads] = brakes!.parts;
    const [coolantPart, clamp] = coolant!.parts;
    expect(res.json()).toEqual({
      id: invoice.id,
      status: 'sent',
      notes: 'Thank you',
      createdAt: invoice.createdAt,
      // Approved 120.00 + 45.99 + line item 7.07 = 173.06; 8% = 13.8448 → 13.84.
      subtotal: '173.06',
      tax: '13.84',
      total: '186.90',
      customer: { name: 'Dana Whitfield', email: 'dana@mail.test', phone: '555-0142' },
      vehicle: { year: 2016, make: 'Subaru', model: 'Outback', vin: 'VIN123', licensePlate: 'ABC-123', mileage: 88000 },
      inspection: {
        id: inspection.id,
        createdAt: inspection.createdAt,
        status: 'completed',
        technician: { username: 'wrench_rita' },
        frontLeftTread: 6.5,
        frontRightTread: null,
        rearLeftTread: null,
        rearRightTread: null,
        frontLeftBrake: null,
        frontRightBrake: null,
        rearLeftBrake: null,
        rearRightBrake: 2.5,
        cabinFilterCondition: null,
        engineFilterCondition: null,
        oilCondition: 'dirty',
        oilLevel: null,
        coolantLevel: null,
        suspensionCondition: null,
        leaks: ['Oil pan'],
        checkEngineLight: true,
        diagnosticCodes: 'P0420',
        notes: 'Drive gently',
        services: [
          { id: brakes!.id, description: 'Front brake pads', partsCost: '45.99', laborCost: '120.00', status: 'approved', needsReapproval: false, approvedAmount: null, parts: [{ id: pads!.id, partName: 'Pads', partUrl: 'https://parts.test/pads', partCost: '45.99' }] },
          { id: filter!.id, description: 'Cabin filter', partsCost: '22.99', laborCost: '15.00', status: 'recommended', needsReapproval: false, approvedAmount: null, parts: [] },
          {
            id: coolant!.id,
            description: 'Coolant flush',
            partsCost: '34.34',
            laborCost: '80.00',
            status: 'recommended',
            needsReapproval: false,
            approvedAmount: null,
            parts: [
              { id: coolantPart!.id, partName: 'Coolant', partUrl: null, partCost: '33.33' },
              { id: clamp!.id, partName: 'Clamp', partUrl: null, partCost: '1.01' },
            ],
          },
          { id: belt!.id, description: 'Timing belt', partsCost: '150.00', laborCost: '400.00', status: 'declined', needsReapproval: false, approvedAmount: null, parts: [] },
        ],
        inspectionNotes: [{ id: expect.any(String), note: 'Rear tires soon', createdAt: '2026-03-01T09:00:00.000Z' }],
      },
      lineItems: [{ id: invoice.lineItems[0].id, description: 'Shop supplies', amount: '7.07' }],
      receipt: {
        approvedSubtotal: '173.06',
        approvedTax: '13.84',
        approvedTotal: '186.90',
        // Pending: 15.00 + 22.99 + 80.00 + 34.34 = 152.33.
        pendingAmount: '152.33',
        // 173.06 + 152.33 = 325.39; 8% = 26.0312 → 26.03.
        ifAllApprovedSubtotal: '325.39',
        ifAllApprovedTax: '26.03',
        ifAllApprovedTotal: '351.42',
      },
      signatureRequired: false,
      shop: { companyName: 'Bay Auto', phone: '555-0100', email: 'owner@shop.test', address: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', website: 'https://bay.test' },
      media: [],
    });
    // Nothing private: no tokens, no staff emails, no customer address, no password material.
    expect(res.body).not.toContain(invoice.shareToken);
    expect(res.body).not.toContain(inspection.shareToken);
    expect(res.body).not.toContain(technician.user.email);
    expect(res.body).not.toContain('later@shop.test');
    expect(res.body).not.toContain('Private 1');
    expect(res.body).not.toMatch(/scrypt|passwordHash|customerId|technicianId/);
  });

  it('shows every change on the next view: its customer, its inspection, its line items', async () => {
    const { customer, inspection, invoice } = await setup();
    const first = (await get(invoice.shareToken)).json();
    expect((await get(invoice.shareToken)).json()).toEqual(first);

    await t.db.updateTable('customers').set({ name: 'Dana W. Reyes', phone: '555-0143' }).where('id', '=', customer.id).execute();
    await t.db.updateTable('inspections').set({ notes: 'Drive very gently' }).where('id', '=', inspection.id).execute();
    const added = await advisor.inject({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/line-items`,
      payload: { description: 'Disposal fee', amount: '3.00' },
    });
    expect(added.statusCode, added.body).toBe(201);

    const next = (await get(invoice.shareToken)).json();
    expect(next.customer).toEqual({ name: 'Dana W. Reyes', email: 'dana@mail.test', phone: '555-0143' });
    expect(next.inspection.notes).toBe('Drive very gently');
    expect(next.lineItems.map((item: { description: string }) => item.description)).toEqual(['Shop supplies', 'Disposal fee']);
    expect(next.total).not.toBe(first.total);
  });

  it('without an inspection or vehicle shows nulls and line items only', async () => {
    const { inspection, invoice } = await setup();
    await t.db.deleteFrom('inspections').where('id', '=', inspection.id).execute();
    await t.db.deleteFrom('vehicles').where('id', '=', inspection.vehicleId).execute();
    const body = (await get(invoice.shareToken)).json();
    expect(body).toMatchObject({ inspection: null, vehicle: null, lineItems: [{ description: 'Shop supplies', amount: '7.07' }] });
    expect(body.receipt).toEqual({
      approvedSubtotal: '7.07',
      approvedTax: '0.57',
      approvedTotal: '7.64',
      pendingAmount: '0.00',
      ifAllApprovedSubtotal: '7.07',
      ifAllApprovedTax: '0.57',
      ifAllApprovedTotal: '7.64',
    });
    // Nothing left to approve: no signature asked for, whatever the shop's rule.
    expect(body.signatureRequired).toBe(false);
    await writeSetting(t.db, 'approvalSignature', JSON.stringify('always'));
    expect((await get(invoice.shareToken)).json().signatureRequired).toBe(false);
    await t.db.deleteFrom('shopSettings').where('key', '=', 'approvalSignature').execute();
  });

  it('is 404 for unknown, malformed or foreign tokens, without a session', async () => {
    const { inspection } = await setup();
    for (const token of ['A'.repeat(32), 'short', "x'%20OR%201=1--", inspection.shareToken, 'A'.repeat(99), '%E2%9C%93'.repeat(10)]) {
      const res = await get(token);
      expect(res.statusCode, token).toBe(404);
      // The shop's contact (the earliest admin's), so the page can say whom to call; nothing else.
      expect(res.json()).toEqual({ error: 'not_found', message: 'Invoice not found', shop: BAY_AUTO });
      expect(res.body).not.toContain('Dana Whitfield');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("a deleted invoice's link answers 404 with the shop's contact", async () => {
    const { invoice } = await setup();
    await t.db.deleteFrom('invoiceLineItems').where('invoiceId', '=', invoice.id).execute();
    await t.db.deleteFrom('invoices').where('id', '=', invoice.id).execute();
    const res = await get(invoice.shareToken);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Invoice not found', shop: BAY_AUTO });
  });
});

describe('PUT /api/public/invoices/:token/services/:serviceId/approve and /decline', () => {
  it('approves a recommended service and the stored totals follow', async () => {
    const { inspection, invoice } = await setup();
    const filter = inspection.services[1]!;
    const res = await decide(invoice.shareToken, filter.id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: filter.id,
      description: 'Cabin filter',
      partsCost: '22.99',
      laborCost: '15.00',
      status: 'approved',
      needsReapproval: false,
      approvedAmount: '37.99',
      parts: [],
    });
    const body = (await get(invoice.shareToken)).json();
    // 173.06 + 37.99 = 211.05; 8% = 16.884 → 16.88.
    expect([body.subtotal, body.tax, body.total]).toEqual(['211.05', '16.88', '227.93']);
    expect(body.receipt).toMatchObject({ approvedTotal: '227.93', pendingAmount: '114.34', ifAllApprovedTotal: '351.42' });
    const staff = await advisor.inject({ method: 'GET', url: `/api/invoices/${invoice.id}` });
    expect(staff.json().total).toBe('227.93');
    const again = await decide(invoice.shareToken, filter.id, 'decline');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('conflict');
    expect((await get(invoice.shareToken)).json().total).toBe('227.93');
  });

  it('declines a recommended service without changing the totals', async () => {
    const { inspection, invoice } = await setup();
    const coolant = inspection.services[2]!;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/public/invoices/${invoice.shareToken}/services/${coolant.id}/decline`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: coolant.id, status: 'declined', partsCost: '34.34' });
    const body = (await get(invoice.shareToken)).json();
    expect(body.total).toBe('186.90');
    expect(body.receipt).toMatchObject({ pendingAmount: '37.99', ifAllApprovedSubtotal: '211.05' });
    expect((await decide(invoice.shareToken, coolant.id, 'approve')).statusCode).toBe(409);
  });

  it('is 409 for services that are already approved or declined', async () => {
    const { inspection, invoice } = await setup();
    for (const service of [inspection.services[0]!, inspection.services[3]!]) {
      for (const action of ['approve', 'decline'] as const) {
        const res = await decide(invoice.shareToken, service.id, action);
        expect(res.statusCode, `${service.status} ${action}`).toBe(409);
      }
    }
    expect((await get(invoice.shareToken)).json().total).toBe('186.90');
  });

  it('reaches only the services of its own invoice', async () => {
    const mine = await setup();
    const other = await setup();
    const foreign = other.inspection.services[1]!;
    for (const action of ['approve', 'decline'] as const) {
      const res = await decide(mine.invoice.shareToken, foreign.id, action);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Service not found' });
    }
    expect((await decide(mine.invoice.shareToken, UNKNOWN_ID, 'approve')).statusCode).toBe(404);
    const row = await t.db.selectFrom('services').select('status').where('id', '=', foreign.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('recommended');
  });

  it('is 404 for unknown or foreign tokens and for an invoice without an inspection', async () => {
    const { inspection, invoice } = await setup();
    const service = inspection.services[1]!;
    for (const token of ['B'.repeat(32), 'nope', inspection.shareToken]) {
      const res = await decide(token, service.id, 'approve');
      expect(res.statusCode, token).toBe(404);
      expect(res.json().message).toBe('Invoice not found');
    }
    await t.db.updateTable('invoices').set({ inspectionId: null }).where('id', '=', invoice.id).execute();
    expect((await decide(invoice.shareToken, service.id, 'approve')).statusCode).toBe(404);
    const row = await t.db.selectFrom('services').select('status').where('id', '=', service.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('recommended');
  });

  it('is 400 for a malformed service id', async () => {
    const { invoice } = await setup();
    const res = await decide(invoice.shareToken, 'not-a-uuid', 'approve');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_error');
  });
});
