import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { mayDo, ROLE_TABLE } from '@shared/permissions';
import { RECIPIENT_NOT_ON_RECORD } from '@shared/schemas/send';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection } from '@api/test/factories';
import { startTestSmtp } from '@test/smtp-server';

const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const t = await useTestApp({ smtpUrl: smtp.url, smtpFrom: 'Baywise Motors <service@shop.test>' });
const admin = await t.signIn('admin');
const advisor = await t.signIn('service_advisor');
const technician = await t.signIn('technician', { username: 'tech_tom' });

const customer = await createCustomer(t.db, { name: 'Rae Record', email: 'rae@mail.test', phone: '555-0190' });
const inspection = await createInspection(t.db, { customerId: customer.id });
const url = `/api/inspections/${inspection.id}/sends`;
const email = (fields: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  channel: 'email',
  subject: 'Your report',
  body: 'Hi Rae',
  ...fields,
});
const sendRows = () => t.db.selectFrom('shareSends').selectAll().orderBy('createdAt').execute();
const mailTo = (index: number) => {
  const to = smtp.messages[index]?.to;
  return to && !Array.isArray(to) ? to.text : undefined;
};

describe('a send goes to the customer’s record', () => {
  it('refuses a recipient that is not the address on record, and sends and records nothing', async () => {
    const [rowsBefore, mailsBefore] = [(await sendRows()).length, smtp.messages.length];
    for (const payload of [
      email({ recipient: 'someone@elsewhere.test' }),
      { id: randomUUID(), channel: 'mail_app', recipient: 'someone@elsewhere.test', subject: 'S', body: 'B' },
    ]) {
      const res = await advisor.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'conflict', message: RECIPIENT_NOT_ON_RECORD });
    }
    expect(await sendRows()).toHaveLength(rowsBefore);
    expect(smtp.messages).toHaveLength(mailsBefore);
  });

  it('still sends an older app’s queued send that names the address on record', async () => {
    const before = smtp.messages.length;
    const res = await advisor.inject({ method: 'POST', url, payload: email({ recipient: ' RAE@mail.test ' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'sent', recipient: 'rae@mail.test' });
    await smtp.waitFor(before + 1);
    expect(mailTo(before)).toBe('rae@mail.test');
  });

  it('sends to a new address only after the customer’s record is changed, an edit recorded like any other', async () => {
    const seqBefore = await t.db.selectFrom('syncState').select('seq').executeTakeFirstOrThrow();
    const edit = await advisor.inject({
      method: 'PUT',
      url: `/api/customers/${customer.id}`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { email: 'rae.new@mail.test' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The change feed carries the edit to every device, and the advisor's key keeps the request and its answer.
    const change = await t.db
      .selectFrom('syncChanges')
      .select('seq')
      .where('entity', '=', 'customer')
      .where('entityId', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(Number(change.seq)).toBeGreaterThan(Number(seqBefore.seq));
    const kept = await t.db.selectFrom('idempotencyKeys').selectAll().where('userId', '=', advisor.user.id).execute();
    expect(kept.some((k) => k.statusCode === 200 && k.body?.includes('rae.new@mail.test'))).toBe(true);

    const before = smtp.messages.length;
    const res = await advisor.inject({ method: 'POST', url, payload: email() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'sent', recipient: 'rae.new@mail.test' });
    await smtp.waitFor(before + 1);
    expect(mailTo(before)).toBe('rae.new@mail.test');
    const stale = await advisor.inject({ method: 'POST', url, payload: email({ recipient: 'rae@mail.test' }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RECIPIENT_NOT_ON_RECORD);
  });
});

describe('who may send: the role table', () => {
  it('lets advisors and admins send, and technicians only while the shop allows it', () => {
    const off = { techniciansMaySend: false };
    const on = { techniciansMaySend: true };
    expect(ROLE_TABLE.sendToCustomer.roles).toEqual(['admin', 'service_advisor']);
    expect([mayDo('sendToCustomer', 'admin', off), mayDo('sendToCustomer', 'service_advisor', off)]).toEqual([
      true,
      true,
    ]);
    expect(mayDo('sendToCustomer', 'technician', off)).toBe(false);
    expect(mayDo('sendToCustomer', 'technician', on)).toBe(true);
    expect(mayDo('sendToCustomer', 'someone_else', on)).toBe(false);
  });

  it('refuses a technician’s send by default, sending nothing, while the line stays readable', async () => {
    const settings = await admin.inject({ method: 'GET', url: '/api/shop-settings' });
    expect(settings.json().techniciansMaySend).toBe(false);
    const [rowsBefore, mailsBefore] = [(await sendRows()).length, smtp.messages.length];
    for (const payload of [email(), { id: randomUUID(), channel: 'copy_link' }]) {
      const res = await technician.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: ROLE_TABLE.sendToCustomer.refusal });
    }
    expect(await sendRows()).toHaveLength(rowsBefore);
    expect(smtp.messages).toHaveLength(mailsBefore);
    expect((await technician.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('lets technicians send once an admin allows it, to the record only, and stops when it is turned off', async () => {
    const allow = await admin.inject({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: { techniciansMaySend: true },
    });
    expect(allow.statusCode).toBe(200);
    expect(allow.json()).toMatchObject({ techniciansMaySend: true, openSignUp: false, unviewedAlertMinutes: 20 });
    const before = smtp.messages.length;
    const sent = await technician.inject({ method: 'POST', url, payload: email() });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ status: 'sent', user: { id: technician.user.id, username: 'tech_tom' } });
    await smtp.waitFor(before + 1);
    expect(mailTo(before)).toBe('rae.new@mail.test');
    const elsewhere = await technician.inject({ method: 'POST', url, payload: email({ recipient: 'me@tech.test' }) });
    expect(elsewhere.statusCode).toBe(409);

    const deny = await admin.inject({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: { techniciansMaySend: false },
    });
    expect(deny.json().techniciansMaySend).toBe(false);
    expect((await technician.inject({ method: 'POST', url, payload: email() })).statusCode).toBe(403);
  });

  it('keeps the setting for admins only and refuses a value that is not true or false', async () => {
    const bad = await admin.inject({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: { techniciansMaySend: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([
      { path: 'techniciansMaySend', message: 'Technicians may send must be true or false' },
    ]);
    for (const staff of [advisor, technician]) {
      const res = await staff.inject({
        method: 'PUT',
        url: '/api/shop-settings',
        payload: { techniciansMaySend: true },
      });
      expect(res.statusCode).toBe(403);
    }
    expect((await admin.inject({ method: 'GET', url: '/api/shop-settings' })).json().techniciansMaySend).toBe(false);
  });
});
