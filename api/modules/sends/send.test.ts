import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_NOT_SET_UP, NO_TEXT_CONSENT, SEND_ID_TAKEN } from '@shared/schemas/send';
import { createTestApp, useTestApp } from '@api/test/app';
import { createCustomer, createInspection } from '@api/test/factories';
import { startTestSmtp } from '@test/smtp-server';

const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const t = await useTestApp({ smtpUrl: smtp.url, smtpFrom: 'Baywise Motors <service@shop.test>' });
const advisor = await t.signIn('service_advisor', { username: 'advisor_amy' });

const customer = await createCustomer(t.db, { name: 'Dana Whitfield', email: 'dana@mail.test', phone: '555-0142' });
const inspection = await createInspection(t.db, { customerId: customer.id }, [
  { description: 'Brakes', laborCostCents: 10000 },
]);
const url = `/api/inspections/${inspection.id}/sends`;
// No recipient: a send goes to the address on the customer's record.
const email = (fields: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  channel: 'email',
  subject: 'Your inspection report',
  body: 'Hi Dana,\n\nYour report: https://shop.test/mpi/abc\n',
  ...fields,
});
const rows = (inspectionId = inspection.id) =>
  t.db.selectFrom('shareSends').selectAll().where('inspectionId', '=', inspectionId).orderBy('createdAt').execute();

describe('POST /api/inspections/:id/sends by email', () => {
  it('sends the text through the shop’s SMTP server to the customer’s email on record, and records who sent it, to whom and that it went', async () => {
    const body = email();
    const res = await advisor.inject({ method: 'POST', url, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: body.id,
      channel: 'email',
      recipient: 'dana@mail.test',
      status: 'sent',
      error: null,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user: { id: advisor.user.id, username: 'advisor_amy' },
    });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Your inspection report');
    expect(mail!.text).toBe('Hi Dana,\n\nYour report: https://shop.test/mpi/abc\n');
    expect(mail!.from?.text).toBe('"Baywise Motors" <service@shop.test>');
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : '').toBe('dana@mail.test');
    const [row] = await rows();
    expect(row).toMatchObject({
      channel: 'email',
      status: 'sent',
      subject: 'Your inspection report',
      userId: advisor.user.id,
      invoiceId: null,
    });
  });

  it('answers a replay of the same send id with the first row and never emails twice', async () => {
    const before = smtp.messages.length;
    const body = email({ subject: 'Once only' });
    const first = await advisor.inject({ method: 'POST', url, payload: body });
    const again = await advisor.inject({ method: 'POST', url, payload: body });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    await smtp.waitFor(before + 1);
    // Each request answers only after the mail server took its message: a second copy would be here.
    expect(smtp.messages.filter((m) => m.subject === 'Once only')).toHaveLength(1);
    expect((await rows()).filter((r) => r.id === body.id)).toHaveLength(1);
  });

  it('records a refused email as failed with the SMTP server’s reason', async () => {
    smtp.refuse.add('gone@mail.test');
    const moved = await createCustomer(t.db, { email: 'gone@mail.test' });
    const theirs = await createInspection(t.db, { customerId: moved.id });
    const res = await advisor.inject({ method: 'POST', url: `/api/inspections/${theirs.id}/sends`, payload: email() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'failed', recipient: 'gone@mail.test' });
    expect(res.json().error).toContain('Mailbox unavailable');
  });

  it('refuses an email without a subject or body, and sends nothing', async () => {
    const before = (await rows()).length;
    const res = await advisor.inject({ method: 'POST', url, payload: email({ subject: ' ', body: '' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'subject', message: 'Subject is required' },
      { path: 'body', message: 'Body is required' },
    ]);
    expect(await rows()).toHaveLength(before);
  });
});

describe('POST /api/inspections/:id/sends from the device', () => {
  it('records the mail app, the copied link and a send queued offline (at the time it was handed over) as opened', async () => {
    const other = await createInspection(t.db, { customerId: customer.id });
    const sendsUrl = `/api/inspections/${other.id}/sends`;
    const handedOver = new Date(Date.now() - 5 * 60_000).toISOString();
    const mailApp = await advisor.inject({
      method: 'POST',
      url: sendsUrl,
      payload: {
        id: randomUUID(),
        channel: 'mail_app',
        subject: 'S',
        body: 'B',
        sentAt: handedOver,
      },
    });
    expect(mailApp.statusCode).toBe(201);
    expect(mailApp.json()).toMatchObject({
      channel: 'mail_app',
      status: 'opened',
      sentAt: handedOver,
      recipient: 'dana@mail.test',
    });
    // A time still to come is the device's clock being wrong: the server's time is kept.
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const copied = await advisor.inject({
      method: 'POST',
      url: sendsUrl,
      payload: { id: randomUUID(), channel: 'copy_link', sentAt: future },
    });
    expect(copied.statusCode).toBe(201);
    expect(copied.json()).toMatchObject({ channel: 'copy_link', status: 'opened', recipient: null });
    expect(Date.parse(copied.json().sentAt)).toBeLessThanOrEqual(Date.now());
    expect((await rows(other.id)).map((r) => r.channel)).toEqual(['mail_app', 'copy_link']);
  });

  it('texts only a customer whose consent is recorded, and says why not otherwise', async () => {
    const quiet = await createCustomer(t.db, { name: 'No Texts', phone: '555-0100' });
    const theirs = await createInspection(t.db, { customerId: quiet.id });
    const sendsUrl = `/api/inspections/${theirs.id}/sends`;
    for (const channel of ['text', 'share_sheet']) {
      const res = await advisor.inject({
        method: 'POST',
        url: sendsUrl,
        payload: { id: randomUUID(), channel, body: 'Hi' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'conflict', message: NO_TEXT_CONSENT });
    }
    const consent = await advisor.inject({
      method: 'PUT',
      url: `/api/customers/${quiet.id}`,
      payload: { textConsentAt: '2026-11-20', textConsentSource: 'signed_form' },
    });
    expect(consent.statusCode).toBe(200);
    const texted = await advisor.inject({
      method: 'POST',
      url: sendsUrl,
      payload: { id: randomUUID(), channel: 'text', body: 'Hi' },
    });
    expect(texted.statusCode).toBe(201);
    // A text goes to the phone on record.
    expect(texted.json()).toMatchObject({ channel: 'text', status: 'opened', recipient: '555-0100' });
  });

  it('answers 404 for an unknown inspection and 409 for a send id used on another one', async () => {
    const unknown = await advisor.inject({
      method: 'POST',
      url: `/api/inspections/${randomUUID()}/sends`,
      payload: { id: randomUUID(), channel: 'copy_link' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Inspection not found' });
    const id = randomUUID();
    expect((await advisor.inject({ method: 'POST', url, payload: { id, channel: 'copy_link' } })).statusCode).toBe(201);
    const other = await createInspection(t.db);
    const reused = await advisor.inject({
      method: 'POST',
      url: `/api/inspections/${other.id}/sends`,
      payload: { id, channel: 'copy_link' },
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(SEND_ID_TAKEN);
  });
});

describe('a send queued offline for an inspection deleted since', () => {
  it('hears 410, as every other queued write does', async () => {
    const owner = await createCustomer(t.db);
    const doomed = await createInspection(t.db, { customerId: owner.id });
    expect((await advisor.inject({ method: 'DELETE', url: `/api/customers/${owner.id}` })).statusCode).toBe(204);
    const res = await advisor.inject({
      method: 'POST',
      url: `/api/inspections/${doomed.id}/sends`,
      payload: { id: randomUUID(), channel: 'copy_link' },
    });
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ error: 'gone', message: 'This inspection was deleted', gone: 'inspection' });
  });
});

describe('POST /api/invoices/:id/sends', () => {
  it('emails the invoice’s link and records the send on the invoice, not the inspection', async () => {
    const created = await advisor.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: { inspectionId: inspection.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoiceId = created.json().id as string;
    const before = smtp.messages.length;
    const res = await advisor.inject({
      method: 'POST',
      url: `/api/invoices/${invoiceId}/sends`,
      payload: email({ subject: 'Your invoice' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'sent', channel: 'email' });
    expect((await smtp.waitFor(before + 1)).at(-1)!.subject).toBe('Your invoice');
    const row = await t.db
      .selectFrom('shareSends')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ invoiceId, inspectionId: null });
    const missing = await advisor.inject({
      method: 'POST',
      url: `/api/invoices/${randomUUID()}/sends`,
      payload: { id: randomUUID(), channel: 'copy_link' },
    });
    expect(missing.json()).toEqual({ error: 'not_found', message: 'Invoice not found' });
  });
});

describe('without SMTP_URL', () => {
  it('tells the app email is not sent by the server and refuses an email send', async () => {
    const plain = await createTestApp();
    try {
      const config = await plain.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().emailSending).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().emailSending).toBe(true);
      const staff = await plain.signIn('service_advisor');
      const own = await createInspection(plain.db);
      const res = await staff.inject({ method: 'POST', url: `/api/inspections/${own.id}/sends`, payload: email() });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'conflict', message: EMAIL_NOT_SET_UP });
      expect(await plain.db.selectFrom('shareSends').selectAll().execute()).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
