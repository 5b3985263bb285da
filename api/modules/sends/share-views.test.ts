import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection, createUser } from '@api/test/factories';

// The app's clock, moved by the tests instead of waiting for real time to pass.
let now = Date.now();
const t = await useTestApp({}, { clock: () => now });
const advisor = await t.signIn('service_advisor');
const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

const viewRow = (kind: string, id: string) =>
  t.db
    .selectFrom('shareViews')
    .selectAll()
    .where('targetKind', '=', kind)
    .where('targetId', '=', id)
    .executeTakeFirst();

async function newInvoice(inspectionId: string): Promise<{ id: string; shareToken: string }> {
  const res = await advisor.inject({ method: 'POST', url: '/api/invoices', payload: { inspectionId } });
  return res.json();
}

async function decision(inspectionId: string, decidedAt: string, actor = 'customer') {
  await t.db
    .insertInto('serviceDecisions')
    .values({
      id: randomUUID(),
      inspectionId,
      serviceId: randomUUID(),
      description: 'Brakes',
      decision: 'approved',
      actor,
      userId: null,
      method: 'link',
      amountCents: 10000,
      clientAddress: null,
      userAgent: null,
      signerName: null,
      signature: null,
      decidedAt,
    })
    .execute();
}

async function sendRow(target: { inspectionId?: string; invoiceId?: string }, sentAt: string, status = 'opened') {
  await t.db
    .insertInto('shareSends')
    .values({
      id: randomUUID(),
      inspectionId: target.inspectionId ?? null,
      invoiceId: target.invoiceId ?? null,
      userId: advisor.user.id,
      channel: 'copy_link',
      recipient: null,
      subject: null,
      body: null,
      status,
      error: null,
      sentAt,
      createdAt: sentAt,
    })
    .execute();
}

describe('views of the share pages', () => {
  it('counts the page opening only, not the reloads the page makes after it', async () => {
    const inspection = await createInspection(t.db);
    const url = `/api/public/inspections/${inspection.shareToken}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url, headers: { 'x-share-refresh': '1' } })).statusCode).toBe(200);
    }
    expect(Number((await viewRow('inspection', inspection.id))!.viewCount)).toBe(1);
  });

  it('counts every one of many views at once, each stored before its page is answered', async () => {
    const inspection = await createInspection(t.db);
    const url = `/api/public/inspections/${inspection.shareToken}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const res = await t.app.inject({ method: 'GET', url });
        // Answered only once its view is in the database.
        const row = await viewRow('inspection', inspection.id);
        return [res.statusCode, Number(row?.viewCount ?? 0) > 0];
      }),
    );
    expect(answers).toEqual(Array.from({ length: 40 }, () => [200, true]));
    expect(Number((await viewRow('inspection', inspection.id))!.viewCount)).toBe(40);
  });

  it('counts the customer’s views of the report: first and last time and how many', async () => {
    const inspection = await createInspection(t.db);
    const url = `/api/public/inspections/${inspection.shareToken}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const first = await viewRow('inspection', inspection.id);
    expect(first).toMatchObject({ viewCount: 1 });
    expect(first!.lastViewedAt).toBe(first!.firstViewedAt);
    now += 1000;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const second = await viewRow('inspection', inspection.id);
    expect(Number(second!.viewCount)).toBe(2);
    expect(second!.firstViewedAt).toBe(first!.firstViewedAt);
    expect(second!.lastViewedAt > first!.lastViewedAt).toBe(true);
  });

  it('does not count a signed-in staff member’s preview, of the report or of the invoice', async () => {
    const inspection = await createInspection(t.db);
    const invoice = await newInvoice(inspection.id);
    expect(
      (await advisor.inject({ method: 'GET', url: `/api/public/inspections/${inspection.shareToken}` })).statusCode,
    ).toBe(200);
    expect(
      (await advisor.inject({ method: 'GET', url: `/api/public/invoices/${invoice.shareToken}` })).statusCode,
    ).toBe(200);
    expect(await viewRow('inspection', inspection.id)).toBeUndefined();
    expect(await viewRow('invoice', invoice.id)).toBeUndefined();
    // The customer opening the invoice counts for the invoice only.
    expect((await t.app.inject({ method: 'GET', url: `/api/public/invoices/${invoice.shareToken}` })).statusCode).toBe(
      200,
    );
    expect(await viewRow('invoice', invoice.id)).toMatchObject({ viewCount: 1 });
    expect(await viewRow('inspection', inspection.id)).toBeUndefined();
  });

  it('counts a view when the cookie’s account waits for approval, and records nothing for an unknown or mangled link', async () => {
    const inspection = await createInspection(t.db);
    // A pending account cannot sign in any more; a session from before it could still holds its cookie.
    const pending = await t.signIn('technician');
    await t.db.updateTable('users').set({ status: 'pending' }).where('id', '=', pending.user.id).execute();
    expect(
      (await pending.inject({ method: 'GET', url: `/api/public/inspections/${inspection.shareToken}` })).statusCode,
    ).toBe(200);
    expect(await viewRow('inspection', inspection.id)).toMatchObject({ viewCount: 1 });
    const before = await t.db.selectFrom('shareViews').selectAll().execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/public/inspections/${'x'.repeat(43)}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/public/invoices/not a token' })).statusCode).toBe(404);
    expect(await t.db.selectFrom('shareViews').selectAll().execute()).toEqual(before);
  });
});

describe('GET /api/inspections/:id/sends and /api/invoices/:id/sends', () => {
  it('gives the latest sends newest first, the customer’s views and the latest decision', async () => {
    const inspection = await createInspection(t.db);
    const url = `/api/inspections/${inspection.id}/sends`;
    expect((await advisor.inject({ method: 'GET', url })).json()).toEqual({ sends: [], views: null, decidedAt: null });

    await sendRow({ inspectionId: inspection.id }, '2026-01-20T10:02:00.000Z');
    await sendRow({ inspectionId: inspection.id }, '2026-01-20T11:00:00.000Z', 'failed');
    await t.app.inject({ method: 'GET', url: `/api/public/inspections/${inspection.shareToken}` });
    await decision(inspection.id, '2026-01-20T10:11:00.000Z');
    await decision(inspection.id, '2026-01-20T10:09:00.000Z', 'staff');
    const body = (await advisor.inject({ method: 'GET', url })).json();
    expect(body.sends.map((s: { sentAt: string; status: string }) => [s.sentAt, s.status])).toEqual([
      ['2026-01-20T11:00:00.000Z', 'failed'],
      ['2026-01-20T10:02:00.000Z', 'opened'],
    ]);
    expect(body.sends[0].user).toEqual({ id: advisor.user.id, username: advisor.user.username });
    expect(body.views).toEqual({ firstViewedAt: expect.any(String), lastViewedAt: body.views.firstViewedAt, count: 1 });
    expect(body.decidedAt).toBe('2026-01-20T10:11:00.000Z');
  });

  it('shows the invoice’s own sends and views, with its inspection’s latest decision', async () => {
    const inspection = await createInspection(t.db);
    const invoice = await newInvoice(inspection.id);
    await sendRow({ inspectionId: inspection.id }, '2026-01-20T09:00:00.000Z');
    await sendRow({ invoiceId: invoice.id }, '2026-01-21T09:00:00.000Z');
    await decision(inspection.id, '2026-01-21T09:30:00.000Z');
    const body = (await advisor.inject({ method: 'GET', url: `/api/invoices/${invoice.id}/sends` })).json();
    expect(body.sends.map((s: { sentAt: string }) => s.sentAt)).toEqual(['2026-01-21T09:00:00.000Z']);
    expect(body.views).toBeNull();
    expect(body.decidedAt).toBe('2026-01-21T09:30:00.000Z');
    const missing = await advisor.inject({ method: 'GET', url: `/api/invoices/${randomUUID()}/sends` });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/dashboard/unviewed-sends', () => {
  it('lists reports first sent over the shop’s alert time ago and never viewed, oldest first, and follows the setting', async () => {
    const technician = await createUser(t.db);
    const late = await createInspection(t.db, { technicianId: technician.id });
    const recent = await createInspection(t.db);
    const viewed = await createInspection(t.db);
    const failedOnly = await createInspection(t.db);
    const ancient = await createInspection(t.db);
    const invoiceOf = await createInspection(t.db);
    const invoice = await newInvoice(invoiceOf.id);
    await sendRow({ inspectionId: late.id }, ago(45));
    await sendRow({ inspectionId: late.id }, ago(2));
    await sendRow({ inspectionId: recent.id }, ago(10));
    await sendRow({ inspectionId: viewed.id }, ago(60));
    await t.app.inject({ method: 'GET', url: `/api/public/inspections/${viewed.shareToken}` });
    await sendRow({ inspectionId: failedOnly.id }, ago(60), 'failed');
    await sendRow({ inspectionId: ancient.id }, ago(8 * 24 * 60));
    await sendRow({ invoiceId: invoice.id }, ago(30));

    const list = async () => (await advisor.inject({ method: 'GET', url: '/api/dashboard/unviewed-sends' })).json();
    const customerName = async (id: string) =>
      (
        await t.db
          .selectFrom('inspections')
          .innerJoin('customers', 'customers.id', 'inspections.customerId')
          .select('customers.name')
          .where('inspections.id', '=', id)
          .executeTakeFirstOrThrow()
      ).name;
    const body = await list();
    expect(body.minutes).toBe(20);
    expect(body.items).toEqual([
      {
        kind: 'inspection',
        id: late.id,
        customerName: await customerName(late.id),
        vehicle: expect.any(String),
        sentAt: expect.any(String),
      },
      {
        kind: 'invoice',
        id: invoice.id,
        customerName: await customerName(invoiceOf.id),
        vehicle: expect.any(String),
        sentAt: expect.any(String),
      },
    ]);
    // The first send counts: 45 minutes, not the reminder 2 minutes ago.
    expect(Date.now() - Date.parse(body.items[0].sentAt)).toBeGreaterThanOrEqual(45 * MINUTE);

    const admin = await t.signIn('admin');
    const set = await admin.inject({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: { openSignUp: false, unviewedAlertMinutes: 5 },
    });
    expect(set.json()).toEqual({
      openSignUp: false,
      approvalSignature: 'never',
      unviewedAlertMinutes: 5,
      techniciansMaySend: false,
      shareLinkDays: 180,
    });
    const sooner = await list();
    expect(sooner.minutes).toBe(5);
    expect(sooner.items.map((i: { id: string }) => i.id)).toEqual([late.id, invoice.id, recent.id]);
    const bad = await admin.inject({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: { openSignUp: false, unviewedAlertMinutes: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: 'unviewedAlertMinutes', message: 'Alert after must be a whole number of minutes from 1 to 10080' },
    ]);
    const technicianClient = await t.signIn('technician');
    expect((await technicianClient.inject({ method: 'GET', url: '/api/dashboard/unviewed-sends' })).statusCode).toBe(
      200,
    );
  });
});
