import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection, createInvoiceFor } from '@api/test/factories';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor', { username: 'ada_advisor' });

/** An invoice share link on the inspection. */
const invoiceTokenFor = async (inspection: Parameters<typeof createInvoiceFor>[1]) =>
  (await createInvoiceFor(t.db, inspection)).shareToken;

const rowsOf = (inspectionId: string) =>
  t.db
    .selectFrom('serviceDecisions')
    .selectAll()
    .where('inspectionId', '=', inspectionId)
    .orderBy('decidedAt')
    .execute();

const history = async (inspectionId: string) => {
  const res = await advisor.inject({ method: 'GET', url: `/api/inspections/${inspectionId}/decisions` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().decisions as Record<string, unknown>[];
};

describe('decisions on the share pages', () => {
  it('records the customer approve and decline with the amount, address and browser', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'Brakes', laborCostCents: 10000, parts: [{ partName: 'Pads', partCostCents: 4550 }] },
      { description: 'Wipers', laborCostCents: 1500, partsCostCents: 999 },
    ]);
    const [brakes, wipers] = inspection.services;
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${brakes!.id}/approve`,
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': 'Phone Safari 18' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'approved', needsReapproval: false, approvedAmount: '145.50' });
    const decline = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${wipers!.id}/decline`,
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': 'Phone Safari 18' },
    });
    expect(decline.statusCode, decline.body).toBe(200);

    const rows = await rowsOf(inspection.id);
    expect(
      rows.map((r) => [
        r.serviceId,
        r.decision,
        r.actor,
        r.userId,
        r.method,
        r.amountCents,
        r.clientAddress,
        r.userAgent,
      ]),
    ).toEqual([
      [brakes!.id, 'approved', 'customer', null, 'link', 14550, '198.51.100.7', 'Phone Safari 18'],
      [wipers!.id, 'declined', 'customer', null, 'link', 2499, '198.51.100.7', 'Phone Safari 18'],
    ]);
    const service = await t.db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', brakes!.id)
      .executeTakeFirstOrThrow();
    expect([service.approvedAmountCents, service.needsReapproval]).toEqual([14550, 0]);
  });

  it('records a decision made on the invoice share page', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'Battery', laborCostCents: 2000, partsCostCents: 12999 },
    ]);
    const token = await invoiceTokenFor(inspection);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/public/invoices/${token}/services/${inspection.services[0]!.id}/approve`,
      headers: { 'user-agent': 'Receipt browser' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rowsOf(inspection.id);
    expect(row).toMatchObject({
      decision: 'approved',
      actor: 'customer',
      method: 'link',
      amountCents: 14999,
      userAgent: 'Receipt browser',
    });
  });

  it('refuses an approval of a price the customer was not shown, and takes the one shown now', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Brakes', laborCostCents: 10000 }]);
    const url = `/api/public/inspections/${inspection.shareToken}/services/${inspection.services[0]!.id}/approve`;
    // Staff raise the price after the customer loaded the report at $100.00.
    const raised = await advisor.inject({
      method: 'PUT',
      url: `/api/services/${inspection.services[0]!.id}`,
      payload: { laborCost: '500.00' },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const stale = await t.app.inject({ method: 'PUT', url, payload: { shownAmount: '100.00' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'conflict',
      reason: 'price_changed',
      message: 'The price of this service changed to $500.00. The page now shows it: approve again if you agree.',
    });
    expect(await rowsOf(inspection.id)).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/inspections/${inspection.shareToken}` })).json()
        .services[0].status,
    ).toBe('recommended');

    const agreed = await t.app.inject({ method: 'PUT', url, payload: { shownAmount: '500.00' } });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json()).toMatchObject({ status: 'approved', approvedAmount: '500.00' });
    expect((await rowsOf(inspection.id)).map((r) => [r.decision, r.amountCents])).toEqual([['approved', 50000]]);
  });

  it('adds no row for a refused decision', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Done', status: 'declined' }]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${inspection.services[0]!.id}/approve`,
    });
    expect(res.statusCode).toBe(409);
    expect(await rowsOf(inspection.id)).toEqual([]);
  });

  it('keeps other decisions out of the share page JSON', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Filter', laborCostCents: 500 }]);
    const url = `/api/public/inspections/${inspection.shareToken}/services/${inspection.services[0]!.id}/approve`;
    await t.app.inject({ method: 'PUT', url, remoteAddress: '192.0.2.44', headers: { 'user-agent': 'Secret agent' } });
    const page = await t.app.inject({ method: 'GET', url: `/api/public/inspections/${inspection.shareToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('192.0.2.44');
    expect(page.body).not.toContain('Secret agent');
    expect(page.body).not.toContain('decidedAt');
  });
});

describe('decisions by staff', () => {
  it('records approve (how it was given), unapprove and decline with the staff user', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'Tires', laborCostCents: 8000, partsCostCents: 40000 },
    ]);
    const url = `/api/services/${inspection.services[0]!.id}`;
    const approve = await advisor.inject({
      method: 'PUT',
      url,
      payload: { status: 'approved', decisionMethod: 'phone' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'approved', approvedAmount: '480.00', needsReapproval: false });
    // Approving what is already approved decides nothing.
    expect((await advisor.inject({ method: 'PUT', url, payload: { status: 'approved' } })).statusCode).toBe(200);
    const unapprove = await advisor.inject({
      method: 'PUT',
      url,
      payload: { status: 'recommended', decisionMethod: 'text' },
    });
    expect(unapprove.json()).toMatchObject({ status: 'recommended', approvedAmount: null });
    await advisor.inject({ method: 'PUT', url, payload: { status: 'declined' } });

    const rows = await rowsOf(inspection.id);
    expect(
      rows.map((r) => [r.decision, r.actor, r.userId, r.method, r.amountCents, r.clientAddress, r.userAgent]),
    ).toEqual([
      ['approved', 'staff', advisor.user.id, 'phone', 48000, null, null],
      ['unapproved', 'staff', advisor.user.id, 'text', 48000, null, null],
      ['declined', 'staff', advisor.user.id, 'in_person', 48000, null, null],
    ]);
  });

  it('refuses an unknown method with a clear message', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Belt' }]);
    const res = await advisor.inject({
      method: 'PUT',
      url: `/api/services/${inspection.services[0]!.id}`,
      payload: { status: 'approved', decisionMethod: 'link' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid request body: Decision method must be in_person, phone or text');
    expect(await rowsOf(inspection.id)).toEqual([]);
  });

  it('records a service added as approved, through the service call and an inspection save', async () => {
    const inspection = await createInspection(t.db);
    const created = await advisor.inject({
      method: 'POST',
      url: '/api/services',
      payload: {
        inspectionId: inspection.id,
        description: 'Alignment',
        laborCost: '89.00',
        partsCost: 0,
        status: 'approved',
        decisionMethod: 'phone',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ approvedAmount: '89.00' });
    const saved = await advisor.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: {
        services: [
          { id: created.json().id, description: 'Alignment' },
          { id: randomUUID(), description: 'Wash', laborCost: '10.00', status: 'approved' },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().services[1]).toMatchObject({ status: 'approved', approvedAmount: '10.00' });
    const rows = await rowsOf(inspection.id);
    expect(rows.map((r) => [r.description, r.method, r.amountCents, r.userId])).toEqual([
      ['Alignment', 'phone', 8900, advisor.user.id],
      ['Wash', 'in_person', 1000, advisor.user.id],
    ]);
  });

  it('adds one row for a replayed request (same Idempotency-Key)', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Coolant' }]);
    const request = {
      method: 'PUT' as const,
      url: `/api/services/${inspection.services[0]!.id}`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { status: 'approved', decisionMethod: 'in_person' },
    };
    const first = await advisor.inject(request);
    const replay = await advisor.inject(request);
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await rowsOf(inspection.id)).toHaveLength(1);
  });
});

describe('GET /api/inspections/:id/decisions', () => {
  it('lists the history newest first: who, how, when, amount and the signature', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'Spark plugs', laborCostCents: 6000 },
      { description: 'Cabin filter', laborCostCents: 2500 },
    ]);
    const customer = await t.db
      .selectFrom('customers')
      .select('name')
      .where('id', '=', inspection.customerId)
      .executeTakeFirstOrThrow();
    await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${inspection.services[0]!.id}/approve`,
      payload: { signerName: 'Pat Customer' },
    });
    await advisor.inject({
      method: 'PUT',
      url: `/api/services/${inspection.services[1]!.id}`,
      payload: { status: 'declined', decisionMethod: 'phone' },
    });
    const decisions = await history(inspection.id);
    expect(decisions).toHaveLength(2);
    expect(decisions[0]).toMatchObject({
      description: 'Cabin filter',
      decision: 'declined',
      actor: 'staff',
      method: 'phone',
      amount: '25.00',
      by: 'ada_advisor',
      signerName: null,
      signature: null,
    });
    expect(decisions[1]).toMatchObject({
      description: 'Spark plugs',
      decision: 'approved',
      actor: 'customer',
      method: 'link',
      amount: '60.00',
      by: customer.name,
      signerName: 'Pat Customer',
    });
    expect(String(decisions[0]!.decidedAt) >= String(decisions[1]!.decidedAt)).toBe(true);
  });

  it('is 404 for an unknown inspection, 401 signed out, and offers no way to change the history', async () => {
    const unknown = await advisor.inject({ method: 'GET', url: `/api/inspections/${randomUUID()}/decisions` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Inspection not found' });
    const inspection = await createInspection(t.db);
    expect((await t.app.inject({ method: 'GET', url: `/api/inspections/${inspection.id}/decisions` })).statusCode).toBe(
      401,
    );
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await advisor.inject({ method, url: `/api/inspections/${inspection.id}/decisions`, payload: {} });
      expect(res.statusCode, method).toBe(404);
    }
  });
});
