import { describe, expect, it } from 'vitest';
import type { SyncChangesResponse } from '@shared/schemas/sync';
import { DEFAULT_SHARE_LINK_DAYS, SHARE_LINK_DAYS_MESSAGE } from '@shared/schemas/shop-settings';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createInvoiceFor, createVehicle, insertShareSend } from '@api/test/factories';
import { isoAt } from '@api/lib/tokens';

// Issue 49, point 1: a share link belongs to the customer it was sent to, can be renewed, and expires.

const t = await useTestApp();
const admin = await t.signIn('admin');
const advisor = await t.signIn('service_advisor');
const tech = await t.signIn('technician', { username: 'wrench_rita', email: 'rita@staff.test' });

const DAY_MS = 24 * 60 * 60 * 1000;
const UNKNOWN_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

await admin.inject({
  method: 'PUT',
  url: '/api/user/settings',
  payload: { companyName: 'Bay Auto', phone: '555-0100', email: 'desk@bay.test' },
});

const report = (token: string) => t.app.inject({ method: 'GET', url: `/api/public/inspections/${token}` });
const receipt = (token: string) => t.app.inject({ method: 'GET', url: `/api/public/invoices/${token}` });
const decide = (kind: 'inspections' | 'invoices', token: string, serviceId: string, action: 'approve' | 'decline') =>
  t.app.inject({ method: 'PUT', url: `/api/public/${kind}/${token}/services/${serviceId}/${action}` });

/** Customer A's inspection with a recommended service and an invoice, each link opened once. */
async function sentToA() {
  const a = await createCustomer(t.db, { name: 'Alice Ames', email: 'alice@mail.test' });
  const aCar = await createVehicle(t.db, a.id, { vin: 'VIN-ALICE', licensePlate: 'AAA-111' });
  const inspection = await createInspection(t.db, { customerId: a.id, vehicleId: aCar.id, technicianId: tech.user.id }, [
    { description: 'Wiper blades', laborCostCents: 2000, status: 'recommended' },
  ]);
  const invoice = await createInvoiceFor(t.db, inspection);
  expect((await report(inspection.shareToken)).statusCode).toBe(200);
  expect((await receipt(invoice.shareToken)).statusCode).toBe(200);
  return { a, aCar, inspection, invoice, serviceId: inspection.services[0]!.id };
}

async function customerB() {
  const b = await createCustomer(t.db, { name: 'Bruno Bell', email: 'bruno@mail.test', phone: '555-0199' });
  const bCar = await createVehicle(t.db, b.id, { vin: 'VIN-BRUNO', licensePlate: 'BBB-222', make: 'Volvo' });
  return { b, bCar };
}

/** What an unknown token answers: a dead link must answer exactly this. */
async function deadAnswer(kind: 'report' | 'receipt') {
  const res = kind === 'report' ? await report(UNKNOWN_TOKEN) : await receipt(UNKNOWN_TOKEN);
  expect(res.statusCode).toBe(404);
  return res.json();
}

async function expectDead(kind: 'report' | 'receipt', token: string) {
  const res = kind === 'report' ? await report(token) : await receipt(token);
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual(await deadAnswer(kind));
  expect(res.json().shop).toMatchObject({ companyName: 'Bay Auto', phone: '555-0100' });
  // Nothing of any customer in a dead link's answer.
  for (const secret of ['Alice', 'Bruno', 'VIN-', 'AAA-111', 'BBB-222']) expect(res.body).not.toContain(secret);
}

async function serviceStatus(serviceId: string) {
  const row = await t.db.selectFrom('services').select('status').where('id', '=', serviceId).executeTakeFirstOrThrow();
  return row.status;
}

describe('moving an inspection to another customer or vehicle', () => {
  it('retires its report and invoice links and issues new ones to the new customer', async () => {
    const { inspection, invoice, serviceId } = await sentToA();
    const { b, bCar } = await customerB();
    const res = await advisor.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: { customerId: b.id, vehicleId: bCar.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json();
    expect(moved.customer.name).toBe('Bruno Bell');
    expect(moved.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(moved.shareToken).not.toBe(inspection.shareToken);

    // A's old links are dead and show nothing of B.
    await expectDead('report', inspection.shareToken);
    await expectDead('receipt', invoice.shareToken);
    // A's old links can neither approve nor decline B's services.
    for (const kind of ['inspections', 'invoices'] as const) {
      const token = kind === 'inspections' ? inspection.shareToken : invoice.shareToken;
      for (const action of ['approve', 'decline'] as const) {
        const decision = await decide(kind, token, serviceId, action);
        expect(decision.statusCode).toBe(404);
        expect(decision.body).not.toContain('Bruno');
      }
    }
    expect(await serviceStatus(serviceId)).toBe('recommended');

    // The new links are B's: the invoice moved with its inspection.
    const newReport = await report(moved.shareToken);
    expect(newReport.statusCode).toBe(200);
    expect(newReport.json().customer).toEqual({ name: 'Bruno Bell' });
    expect(newReport.json().vehicle.vin).toBe('VIN-BRUNO');
    const staffInvoice = (await advisor.inject({ method: 'GET', url: `/api/invoices/${invoice.id}` })).json();
    expect(staffInvoice).toMatchObject({ customerId: b.id, vehicleId: bCar.id });
    expect(staffInvoice.shareToken).not.toBe(invoice.shareToken);
    const newReceipt = await receipt(staffInvoice.shareToken);
    expect(newReceipt.statusCode).toBe(200);
    expect(newReceipt.json().customer).toEqual({ name: 'Bruno Bell', email: 'bruno@mail.test', phone: '555-0199' });
    expect(newReceipt.body).not.toContain('Alice');
    expect((await decide('invoices', staffInvoice.shareToken, serviceId, 'approve')).statusCode).toBe(200);
  });

  it("retires the links when only the vehicle changes (another of the customer's cars)", async () => {
    const { a, inspection, invoice } = await sentToA();
    const otherCar = await createVehicle(t.db, a.id, { vin: 'VIN-ALICE-2' });
    const res = await tech.inject({ method: 'PUT', url: `/api/inspections/${inspection.id}`, payload: { vehicleId: otherCar.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shareToken).not.toBe(inspection.shareToken);
    await expectDead('report', inspection.shareToken);
    await expectDead('receipt', invoice.shareToken);
    expect((await report(res.json().shareToken)).json().vehicle.vin).toBe('VIN-ALICE-2');
  });

  it('keeps the links when the customer and vehicle stay (an edit, or the same ids sent again)', async () => {
    const { inspection, invoice } = await sentToA();
    const res = await tech.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: { customerId: inspection.customerId, vehicleId: inspection.vehicleId, notes: 'Checked twice' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().shareToken).toBe(inspection.shareToken);
    expect((await report(inspection.shareToken)).json().notes).toBe('Checked twice');
    expect((await receipt(invoice.shareToken)).statusCode).toBe(200);
  });
});

describe('renewing a link', () => {
  it('gives the inspection a new report link once per request key; the old one dies', async () => {
    const { inspection, invoice } = await sentToA();
    const renew = () =>
      tech.inject({
        method: 'POST',
        url: `/api/inspections/${inspection.id}/share-link`,
        headers: { 'idempotency-key': `renew-${inspection.id}` },
      });
    const first = await renew();
    expect(first.statusCode, first.body).toBe(200);
    const token = first.json().shareToken as string;
    expect(token).not.toBe(inspection.shareToken);
    // The outbox sends the same entry again when an answer was lost: the same new link, not a third.
    const again = await renew();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().shareToken).toBe(token);
    const stored = await t.db.selectFrom('inspections').select('shareToken').where('id', '=', inspection.id).executeTakeFirstOrThrow();
    expect(stored.shareToken).toBe(token);

    await expectDead('report', inspection.shareToken);
    expect((await report(token)).json().customer).toEqual({ name: 'Alice Ames' });
    // The invoice keeps its own link.
    expect((await receipt(invoice.shareToken)).statusCode).toBe(200);
  });

  it('brings the new link to every device through the change feed', async () => {
    const { inspection } = await sentToA();
    const before = (await tech.inject({ method: 'GET', url: '/api/sync/changes?since=0&limit=1000' })).json() as SyncChangesResponse;
    let cursor = before.cursor;
    let page = before;
    while (page.hasMore) {
      page = (await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${cursor}&limit=1000` })).json();
      cursor = page.cursor;
    }
    const renewed = (await advisor.inject({ method: 'POST', url: `/api/inspections/${inspection.id}/share-link` })).json();
    const feed = (await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${cursor}` })).json() as SyncChangesResponse;
    expect(feed.inspections.map((i) => [i.id, i.shareToken])).toEqual([[inspection.id, renewed.shareToken]]);
  });

  it('gives an invoice a new link; the old one neither shows nor decides', async () => {
    const { inspection, invoice, serviceId } = await sentToA();
    const res = await advisor.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/share-link` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: invoice.id, customerId: inspection.customerId });
    const token = res.json().shareToken as string;
    expect(token).not.toBe(invoice.shareToken);
    await expectDead('receipt', invoice.shareToken);
    expect((await decide('invoices', invoice.shareToken, serviceId, 'decline')).statusCode).toBe(404);
    expect(await serviceStatus(serviceId)).toBe('recommended');
    expect((await receipt(token)).statusCode).toBe(200);
    // The report keeps its own link.
    expect((await report(inspection.shareToken)).statusCode).toBe(200);
  });

  it('answers 404 for unknown rows and 400 for malformed ids', async () => {
    for (const kind of ['inspections', 'invoices']) {
      const unknown = await tech.inject({ method: 'POST', url: `/api/${kind}/3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00/share-link` });
      expect(unknown.statusCode).toBe(404);
      const malformed = await tech.inject({ method: 'POST', url: `/api/${kind}/not-an-id/share-link` });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('Invalid URL: Invalid id');
    }
  });

  it('answers 410 for an inspection deleted elsewhere (a renewal queued offline)', async () => {
    const { inspection } = await sentToA();
    expect((await advisor.inject({ method: 'DELETE', url: `/api/customers/${inspection.customerId}` })).statusCode).toBe(204);
    const res = await tech.inject({ method: 'POST', url: `/api/inspections/${inspection.id}/share-link` });
    expect(res.statusCode).toBe(410);
    expect(res.json().gone).toBe('inspection');
  });
});

describe('links expire', () => {
  const ago = (days: number) => isoAt(Date.now() - days * DAY_MS);

  /** An inspection and invoice made `days` ago, with their links never sent. */
  async function madeDaysAgo(days: number) {
    const inspection = await createInspection(t.db, { createdAt: ago(days), technicianId: tech.user.id }, [
      { description: 'Air filter', laborCostCents: 1500, status: 'recommended' },
    ]);
    const invoice = await createInvoiceFor(t.db, inspection);
    return { inspection, invoice, serviceId: inspection.services[0]!.id };
  }

  async function expectExpired(kind: 'report' | 'receipt', token: string) {
    const res = kind === 'report' ? await report(token) : await receipt(token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'not_found',
      message: 'This link has expired',
      reason: 'link_expired',
      shop: (await deadAnswer(kind)).shop,
    });
  }

  it(`after ${DEFAULT_SHARE_LINK_DAYS} days without a send, saying so with the shop's phone`, async () => {
    const fresh = await madeDaysAgo(DEFAULT_SHARE_LINK_DAYS - 1);
    expect((await report(fresh.inspection.shareToken)).statusCode).toBe(200);
    expect((await receipt(fresh.invoice.shareToken)).statusCode).toBe(200);

    const old = await madeDaysAgo(DEFAULT_SHARE_LINK_DAYS + 1);
    await expectExpired('report', old.inspection.shareToken);
    await expectExpired('receipt', old.invoice.shareToken);
    for (const kind of ['inspections', 'invoices'] as const) {
      const token = kind === 'inspections' ? old.inspection.shareToken : old.invoice.shareToken;
      const res = await decide(kind, token, old.serviceId, 'approve');
      expect(res.statusCode).toBe(404);
      expect(res.json().reason).toBe('link_expired');
    }
    expect(await serviceStatus(old.serviceId)).toBe('recommended');
  });

  it('counts from the last send, and from a renewal', async () => {
    const { inspection, invoice } = await madeDaysAgo(300);
    await expectExpired('report', inspection.shareToken);
    await insertShareSend(t.db, { inspectionId: inspection.id, userId: advisor.user.id, sentAt: ago(10) });
    expect((await report(inspection.shareToken)).statusCode).toBe(200);
    // A failed email is no send.
    await t.db
      .insertInto('shareSends')
      .values({
        id: crypto.randomUUID(),
        inspectionId: null,
        invoiceId: invoice.id,
        userId: advisor.user.id,
        channel: 'email',
        recipient: 'x@mail.test',
        subject: null,
        body: null,
        status: 'failed',
        error: 'refused',
        sentAt: ago(1),
        createdAt: ago(1),
      })
      .execute();
    await expectExpired('receipt', invoice.shareToken);
    const renewed = (await advisor.inject({ method: 'POST', url: `/api/invoices/${invoice.id}/share-link` })).json();
    expect((await receipt(renewed.shareToken)).statusCode).toBe(200);
  });

  it("follows the shop's setting", async () => {
    const settings = await admin.inject({ method: 'GET', url: '/api/shop-settings' });
    expect(settings.json().shareLinkDays).toBe(DEFAULT_SHARE_LINK_DAYS);
    const { inspection } = await madeDaysAgo(40);
    expect((await report(inspection.shareToken)).statusCode).toBe(200);
    const set = await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { shareLinkDays: 30 } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().shareLinkDays).toBe(30);
    await expectExpired('report', inspection.shareToken);
    for (const bad of [0, -1, 1.5, 3651, '30', null]) {
      const res = await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { shareLinkDays: bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Invalid request body: ${SHARE_LINK_DAYS_MESSAGE}`);
    }
    await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { shareLinkDays: DEFAULT_SHARE_LINK_DAYS } });
    expect((await report(inspection.shareToken)).statusCode).toBe(200);
  });
});

describe('inspection answers name technicians only', () => {
  it('carries no staff email or role in the detail, the list or the change feed', async () => {
    const { inspection } = await sentToA();
    const answers = [
      await tech.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` }),
      await tech.inject({ method: 'GET', url: `/api/inspections?customerId=${inspection.customerId}` }),
      await tech.inject({ method: 'GET', url: '/api/sync/changes?since=0&limit=1000' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('wrench_rita');
      expect(res.body).not.toContain('rita@staff.test');
    }
    const detail = answers[0]!.json();
    expect(detail.technician).toEqual({ id: tech.user.id, username: 'wrench_rita' });
    expect(answers[1]!.json()[0].technician).toEqual({ id: tech.user.id, username: 'wrench_rita' });
  });
});
