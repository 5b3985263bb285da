import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ROLE_TABLE } from '@shared/permissions';
import { RECIPIENT_NOT_ON_RECORD } from '@shared/schemas/send';
import { useTestApp, type Client } from '@api/test/app';
import { createCustomer, createInspection } from '@api/test/factories';
import { startTestSmtp } from '@test/smtp-server';
import { LocalDb } from './local-db';
import { enqueue } from './outbox';
import { SyncEngine } from './sync-engine';
import { verdictOf } from './transport';

// Sends queued in the outbox while offline meet the server's sending rules when they replay: a
// refusal waits on the device with the server's reason, and nothing is sent behind the user's back.

const smtp = await startTestSmtp();
afterAll(() => smtp.close());
const server = await useTestApp({
  smtpUrl: smtp.url,
  smtpFrom: 'service@shop.test',
  sendLimits: { perUserHour: 2, perShopDay: 100 },
});
const admin = await server.signIn('admin');
const customer = await createCustomer(server.db, { name: 'Queued Quinn', email: 'quinn@mail.test' });
const inspection = await createInspection(server.db, { customerId: customer.id });
const sendsUrl = `/api/inspections/${inspection.id}/sends`;

let n = 0;
/** A device signed in as `client`, talking to the real API. */
function device(client: Client) {
  n += 1;
  const db = new LocalDb(`send-replay-${n}`);
  const engine = new SyncEngine({
    db,
    currentUserId: () => client.user.id,
    lockName: `send-replay-${n}`,
    fetch: async (url, init) => {
      const method = (init?.method ?? 'GET') as InjectOptions['method'];
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const payload = typeof init?.body === 'string' ? init.body : undefined;
      const res = await client.inject({ method, url, headers, payload });
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: {
          'Content-Type': 'application/json',
          ...(res.headers['retry-after'] ? { 'Retry-After': String(res.headers['retry-after']) } : {}),
        },
      });
    },
  });
  afterAll(async () => {
    engine.stop();
    await db.delete();
  });
  return { db, engine };
}

const queuedEmail = (fields: Record<string, unknown> = {}) => ({
  kind: 'share.send' as const,
  inspectionId: inspection.id,
  body: { id: randomUUID(), channel: 'email' as const, subject: 'Your report', body: 'Hi Quinn', ...fields },
});
const sendRows = () => server.db.selectFrom('shareSends').selectAll().execute();

describe('a queued send replayed by a technician', () => {
  it('waits on the device with the role table’s reason, sends nothing, and goes once an admin allows it', async () => {
    const technician = await server.signIn('technician');
    const { db, engine } = device(technician);
    await enqueue(db, technician.user.id, queuedEmail(), 'Send report to Queued Quinn');
    await enqueue(
      db,
      technician.user.id,
      { kind: 'customer.update', id: customer.id, changes: { address: '1 Bay St' } },
      'Edit customer Queued Quinn',
    );
    const mailsBefore = smtp.messages.length;
    await engine.syncNow();

    const [stuck] = await engine.attentionEntries();
    expect(stuck).toMatchObject({
      label: 'Send report to Queued Quinn',
      state: 'attention',
      lastError: { status: 403, message: ROLE_TABLE.sendToCustomer.refusal },
    });
    expect(engine.getStatus()).toMatchObject({ attention: 1, pending: 0 });
    // The refused send holds nothing back: the edit after it went through.
    expect(await db.outbox.count()).toBe(1);
    expect((await admin.inject({ method: 'GET', url: `/api/customers/${customer.id}` })).json().address).toBe(
      '1 Bay St',
    );
    expect(await sendRows()).toEqual([]);
    expect(smtp.messages).toHaveLength(mailsBefore);

    const allow = await admin.inject({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: { techniciansMaySend: true },
    });
    expect(allow.statusCode).toBe(200);
    await engine.retry(stuck!.id);
    await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    await smtp.waitFor(mailsBefore + 1);
    const to = smtp.messages.at(-1)?.to;
    expect(to && !Array.isArray(to) ? to.text : undefined).toBe('quinn@mail.test');
    expect(await sendRows()).toMatchObject([
      { userId: technician.user.id, status: 'sent', recipient: 'quinn@mail.test' },
    ]);
    await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { techniciansMaySend: false } });
  });
});

describe('a queued send replayed over the limit', () => {
  it('is refused with the limit’s reason and waits for the user instead of stalling the outbox in retries', async () => {
    const advisor = await server.signIn('service_advisor');
    // Two sends already made today, online, use up this user's hour.
    for (let i = 0; i < 2; i++) {
      const res = await advisor.inject({
        method: 'POST',
        url: sendsUrl,
        payload: { id: randomUUID(), channel: 'copy_link' },
      });
      expect(res.statusCode).toBe(201);
    }
    const { db, engine } = device(advisor);
    await enqueue(db, advisor.user.id, queuedEmail(), 'Send report to Queued Quinn');
    await enqueue(
      db,
      advisor.user.id,
      { kind: 'customer.update', id: customer.id, changes: { address: '2 Bay St' } },
      'Edit customer Queued Quinn',
    );
    const [rowsBefore, mailsBefore] = [(await sendRows()).length, smtp.messages.length];
    await engine.syncNow();

    const [stuck] = await engine.attentionEntries();
    expect(stuck?.state).toBe('attention');
    expect(stuck?.lastError?.status).toBe(429);
    expect(stuck?.lastError?.message).toMatch(
      /^You have sent 2 messages to customers in the last hour, the most one person may\. Try again in \d+ minutes\.$/,
    );
    expect(engine.getStatus()).toMatchObject({ attention: 1, pending: 0 });
    expect((await admin.inject({ method: 'GET', url: `/api/customers/${customer.id}` })).json().address).toBe(
      '2 Bay St',
    );
    expect(await sendRows()).toHaveLength(rowsBefore);
    expect(smtp.messages).toHaveLength(mailsBefore);
  });

  it('keeps retrying any other 429, which is a busy server rather than a refusal', () => {
    const reply = (body: unknown) => ({
      kind: 'http' as const,
      status: 429,
      body,
      message: 'Slow down',
      replayed: false,
    });
    expect(verdictOf(reply({ error: 'too_many_requests', message: 'x', reason: 'send_limit' }))).toBe('attention');
    expect(verdictOf(reply({ error: 'too_many_requests', message: 'x' }))).toBe('retry');
    expect(verdictOf(reply(undefined))).toBe('retry');
  });
});

describe('a queued send from an older app that named another address', () => {
  it('is refused with the reason and never reaches that address', async () => {
    const advisor = await server.signIn('service_advisor');
    const { db, engine } = device(advisor);
    await enqueue(
      db,
      advisor.user.id,
      queuedEmail({ recipient: 'old.address@mail.test' }),
      'Send report to Queued Quinn',
    );
    const mailsBefore = smtp.messages.length;
    await engine.syncNow();
    const [stuck] = await engine.attentionEntries();
    expect(stuck?.lastError).toMatchObject({ status: 409, message: RECIPIENT_NOT_ON_RECORD });
    expect(smtp.messages).toHaveLength(mailsBefore);
  });
});
