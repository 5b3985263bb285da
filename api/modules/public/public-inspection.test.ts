import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection, createPhoto, createUser } from '@api/test/factories';

const t = await useTestApp();

const technician = await createUser(t.db, { username: 'tech_tom', email: 'tom@private.test' });
// Two admins: the earliest-created one's contact details are the shop's.
await createUser(t.db, {
  role: 'admin',
  email: 'owner@shop.test',
  companyName: 'Baywise Motors',
  phone: '555-0199',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  website: 'https://baywise.test',
  createdAt: '2025-01-01T00:00:00.000Z',
});
await createUser(t.db, { role: 'admin', email: 'second@shop.test', companyName: 'Not this one', createdAt: '2025-06-01T00:00:00.000Z' });

const inspection = await createInspection(
  t.db,
  {
    technicianId: technician.id,
    status: 'completed',
    frontLeftTread: 62,
    rearLeftBrake: 25,
    oilCondition: 'dirty',
    leaks: '["Transmission"]',
    checkEngineLight: 1,
    diagnosticCodes: 'P0171',
    notes: 'Customer reports noise',
  },
  [
    // 100.00 labor + 33.33 + 0.01 parts: the estimate counts only what is still recommended.
    { description: 'Brakes', laborCostCents: 10000, parts: [{ partName: 'Pads', partCostCents: 3333, partUrl: 'https://p.test/pads' }, { partName: 'Clip', partCostCents: 1 }] },
    { description: 'Oil change', laborCostCents: 2999, partsCostCents: 1 },
    { description: 'Already approved', laborCostCents: 50000, status: 'approved' },
    { description: 'Declined', laborCostCents: 7000, status: 'declined' },
  ],
);
await t.db
  .insertInto('inspectionNotes')
  .values({ id: randomUUID(), inspectionId: inspection.id, note: 'Checked twice', createdAt: '2026-02-01T00:00:00.000Z' })
  .execute();
const other = await createInspection(t.db, {}, [{ description: 'Other customer service' }]);

const base = `/api/public/inspections/${inspection.shareToken}`;
const [brakes, oil, approved, declined] = inspection.services;

describe('GET /api/public/inspections/:token', () => {
  it('shows the report without a session, with only what the page needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: base });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const body = res.json();
    expect(body).toMatchObject({
      id: inspection.id,
      status: 'completed',
      frontLeftTread: 6.2,
      rearLeftBrake: 2.5,
      frontRightTread: null,
      oilCondition: 'dirty',
      cabinFilterCondition: null,
      leaks: ['Transmission'],
      checkEngineLight: true,
      diagnosticCodes: 'P0171',
      notes: 'Customer reports noise',
      technician: { username: 'tech_tom' },
      vehicle: { year: 2018, make: 'Honda', model: 'Civic', licensePlate: null, vin: null, mileage: 42000 },
      inspectionNotes: [{ note: 'Checked twice', createdAt: '2026-02-01T00:00:00.000Z' }],
      shop: {
        companyName: 'Baywise Motors',
        phone: '555-0199',
        email: 'owner@shop.test',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
        website: 'https://baywise.test',
      },
    });
    expect(Object.keys(body.customer)).toEqual(['name']);
    expect(body.services.map((s: { description: string; status: string; partsCost: string; laborCost: string }) => [s.description, s.status, s.partsCost, s.laborCost])).toEqual([
      ['Brakes', 'recommended', '33.34', '100.00'],
      ['Oil change', 'recommended', '0.01', '29.99'],
      ['Already approved', 'approved', '0.00', '500.00'],
      ['Declined', 'declined', '0.00', '70.00'],
    ]);
    expect(body.services[0].parts).toEqual([
      { id: brakes!.parts[0]!.id, partName: 'Pads', partUrl: 'https://p.test/pads', partCost: '33.33' },
      { id: brakes!.parts[1]!.id, partName: 'Clip', partUrl: null, partCost: '0.01' },
    ]);
    // 133.34 + 30.00 = 163.34; 8.5% = 13.8839 -> 13.88.
    expect(body.estimate).toEqual({ subtotal: '163.34', tax: '13.88', total: '177.22' });
    // Nothing private: no share token, customer contact, other ids or technician email.
    expect(res.body).not.toContain(inspection.shareToken);
    expect(res.body).not.toContain(inspection.customerId);
    expect(res.body).not.toContain(inspection.vehicleId);
    expect(res.body).not.toContain(technician.id);
    expect(res.body).not.toContain('tom@private.test');
    expect(res.body).not.toContain('@mail.test');
    expect(res.body).not.toContain('555-0100');
    expect(res.body).not.toContain('passwordHash');
    expect(res.body).not.toContain('Not this one');
  });

  it('is 404 for unknown and malformed tokens', async () => {
    for (const token of ['A'.repeat(32), 'short', "x'%20OR%201=1", randomUUID()]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/public/inspections/${token}` });
      expect(res.statusCode, token).toBe(404);
      // The shop's contact rides along so the page can say whom to call; nothing about any customer.
      expect(res.json()).toEqual({
        error: 'not_found',
        message: 'Inspection not found',
        shop: { companyName: 'Baywise Motors', phone: '555-0199', email: 'owner@shop.test', address: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', website: 'https://baywise.test' },
      });
    }
  });
});

describe('PUT /api/public/inspections/:token/services/:serviceId/approve|decline', () => {
  it('approves a recommended service without a session; the second tap is 409', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `${base}/services/${brakes!.id}/approve` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      id: brakes!.id,
      description: 'Brakes',
      partsCost: '33.34',
      laborCost: '100.00',
      status: 'approved',
      needsReapproval: false,
      approvedAmount: '133.34',
      parts: [
        { id: brakes!.parts[0]!.id, partName: 'Pads', partUrl: 'https://p.test/pads', partCost: '33.33' },
        { id: brakes!.parts[1]!.id, partName: 'Clip', partUrl: null, partCost: '0.01' },
      ],
    });
    const again = await t.app.inject({ method: 'PUT', url: `${base}/services/${brakes!.id}/decline` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: 'This service has already been approved' });
    const report = (await t.app.inject({ method: 'GET', url: base })).json();
    expect(report.services[0].status).toBe('approved');
    // Only the oil change is still pending: 30.00 + 8.5% = 32.55.
    expect(report.estimate).toEqual({ subtotal: '30.00', tax: '2.55', total: '32.55' });
  });

  it('declines; a decided service cannot be re-decided by the customer', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `${base}/services/${oil!.id}/decline`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('declined');
    for (const [service, message] of [
      [approved!, 'This service has already been approved'],
      [declined!, 'This service has already been declined'],
    ] as const) {
      const r = await t.app.inject({ method: 'PUT', url: `${base}/services/${service.id}/approve` });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(message);
    }
  });

  it("reaches only its own inspection's services", async () => {
    const res = await t.app.inject({ method: 'PUT', url: `${base}/services/${other.services[0]!.id}/approve` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Service not found' });
    const row = await t.db.selectFrom('services').select('status').where('id', '=', other.services[0]!.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('recommended');
    const wrongToken = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${'B'.repeat(32)}/services/${other.services[0]!.id}/approve`,
    });
    expect(wrongToken.statusCode).toBe(404);
    expect(wrongToken.json().message).toBe('Inspection not found');
    const malformed = await t.app.inject({ method: 'PUT', url: `${base}/services/not-an-id/decline` });
    expect(malformed.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `${base}/services/${randomUUID()}/approve` })).statusCode).toBe(404);
  });

  it('the staff approval route is 401 without a session', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/services/${other.services[0]!.id}`, payload: { status: 'approved' } });
    expect(res.statusCode).toBe(401);
  });

  it('shows every change on the next view: its findings, the shop, the signature rule and its photos', async () => {
    const url = `/api/public/inspections/${other.shareToken}`;
    const first = (await t.app.inject({ method: 'GET', url })).json();
    expect(first).toMatchObject({ shop: { companyName: 'Baywise Motors' }, signatureRequired: false, media: [] });
    expect(first.services[0].description).toBe('Other customer service');
    // Seen again unchanged: the same answer.
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual(first);

    await t.db.updateTable('services').set({ description: 'Wheel alignment' }).where('id', '=', other.services[0]!.id).execute();
    await t.db.updateTable('users').set({ companyName: 'Baywise Motors & Tires' }).where('email', '=', 'owner@shop.test').execute();
    await t.db
      .insertInto('shopSettings')
      .values({ key: 'approvalSignature', value: '"always"', updatedAt: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '"always"' }))
      .execute();
    await createPhoto(t.db, other.id, { sha256: 'a'.repeat(64), caption: 'Worn pads' });

    const next = (await t.app.inject({ method: 'GET', url })).json();
    expect(next.services[0].description).toBe('Wheel alignment');
    expect(next.shop.companyName).toBe('Baywise Motors & Tires');
    expect(next.signatureRequired).toBe(true);
    expect(next.media).toMatchObject([{ kind: 'photo', caption: 'Worn pads' }]);
    await t.db.deleteFrom('shopSettings').where('key', '=', 'approvalSignature').execute();
  });

  it('shows null shop details when there is no admin', async () => {
    await t.db.deleteFrom('users').where('role', '=', 'admin').execute();
    const res = await t.app.inject({ method: 'GET', url: `/api/public/inspections/${other.shareToken}` });
    expect(res.json().shop).toEqual({
      companyName: null,
      phone: null,
      email: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      website: null,
    });
    expect(res.json().technician).toBeNull();
  });
});
