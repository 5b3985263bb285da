import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@api/app';
import { clientFor, createTestApp, testConfig, useTestApp, type Client } from '@api/test/app';
import { createCustomer, createInspection } from '@api/test/factories';
import { startTestSmtp } from '@test/smtp-server';
import { waitText } from './send-limits';

const HOUR_MS = 60 * 60 * 1000;
const smtp = await startTestSmtp();
afterAll(() => smtp.close());

const customer = (db: Parameters<typeof createCustomer>[0]) => createCustomer(db, { email: 'lim@mail.test' });
const copyLink = () => ({ id: randomUUID(), channel: 'copy_link' });
const post = (client: Client, inspectionId: string, payload: object) =>
  client.inject({ method: 'POST', url: `/api/inspections/${inspectionId}/sends`, payload });

describe('the default limits', () => {
  it('lets one user send 20 emails in an hour and answers the 21st with 429 and Retry-After, mailing nothing', async () => {
    const t = await createTestApp({ smtpUrl: smtp.url, smtpFrom: 'service@shop.test' });
    try {
      const advisor = await t.signIn('service_advisor');
      const inspection = await createInspection(t.db, { customerId: (await customer(t.db)).id });
      const before = smtp.messages.length;
      for (let n = 0; n < 20; n++) {
        const res = await post(advisor, inspection.id, { id: randomUUID(), channel: 'email', subject: 'S', body: 'B' });
        expect(res.statusCode, res.body).toBe(201);
      }
      const refused = await post(advisor, inspection.id, {
        id: randomUUID(),
        channel: 'email',
        subject: 'S',
        body: 'B',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        error: 'too_many_requests',
        reason: 'send_limit',
        message: expect.stringMatching(
          /^You have sent 20 messages to customers in the last hour, the most one person may\. Try again in \d+ minutes\.$/,
        ),
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3500);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      await smtp.waitFor(before + 20);
      expect(smtp.messages).toHaveLength(before + 20);
      expect(await t.db.selectFrom('shareSends').selectAll().execute()).toHaveLength(20);
    } finally {
      await t.close();
    }
  });
});

// A shop that set its own numbers, on a clock the tests move.
let now = Date.now();
const t = await useTestApp({ sendLimits: { perUserHour: 3, perShopDay: 5 } }, { clock: () => now });
const amy = await t.signIn('service_advisor');
const ben = await t.signIn('service_advisor');
const admin = await t.signIn('admin');
const inspection = await createInspection(t.db, { customerId: (await customer(t.db)).id });

describe('limits set for the shop', () => {
  it('counts every channel per user within the hour, answers a replay of a counted send, and frees up as the hour passes', async () => {
    const first = copyLink();
    expect((await post(amy, inspection.id, first)).statusCode).toBe(201);
    now += 10 * 60_000;
    expect(
      (await post(amy, inspection.id, { id: randomUUID(), channel: 'mail_app', subject: 'S', body: 'B' })).statusCode,
    ).toBe(201);
    expect((await post(amy, inspection.id, copyLink())).statusCode).toBe(201);
    const refused = await post(amy, inspection.id, copyLink());
    expect(refused.statusCode).toBe(429);
    // The first send leaves the hour 50 minutes from now.
    expect(refused.headers['retry-after']).toBe(String(50 * 60));
    expect(refused.json().message).toBe(
      'You have sent 3 messages to customers in the last hour, the most one person may. Try again in 50 minutes.',
    );
    // A send already made is answered from its row, not sent or counted again.
    const replay = await post(amy, inspection.id, first);
    expect(replay.statusCode).toBe(200);
    // Another user still has sends of their own.
    expect((await post(ben, inspection.id, copyLink())).statusCode).toBe(201);
    now += 50 * 60_000 + 1;
    expect((await post(amy, inspection.id, copyLink())).statusCode).toBe(201);
  });

  it('stops the whole shop at its daily number, for every role, until the oldest send is a day old', async () => {
    // Five sends in the last 24 hours: Amy's first three, Ben's, Amy's after the hour.
    const refused = await post(admin, inspection.id, copyLink());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^The shop has sent 5 messages to customers in the last 24 hours, the most it may\. Try again in 23 hours\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBe(24 * 3600 - 60 * 60);
    expect(await t.db.selectFrom('shareSends').selectAll().execute()).toHaveLength(5);
    now += 23 * HOUR_MS;
    expect((await post(admin, inspection.id, copyLink())).statusCode).toBe(201);
  });
});

describe('limits across server processes', () => {
  it('holds when two processes share the database and take sends at the same moment', async () => {
    const limits = { sendLimits: { perUserHour: 4, perShopDay: 100 } };
    const first = await createTestApp(limits);
    const second = await buildApp({ config: testConfig(limits), db: first.db });
    await second.ready();
    try {
      const advisor = await first.signIn('service_advisor');
      // Sessions are rows in the database: the same cookie signs in on the other process.
      const elsewhere = clientFor(second, advisor.user, advisor.cookie);
      const target = await createInspection(first.db, { customerId: (await customer(first.db)).id });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, n) => post(n % 2 ? elsewhere : advisor, target.id, copyLink())),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([...Array(4).fill(201), ...Array(8).fill(429)]);
      expect(await first.db.selectFrom('shareSends').selectAll().execute()).toHaveLength(4);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('the wait in words', () => {
  it('says seconds, minutes or hours', () => {
    expect([
      waitText(1),
      waitText(59),
      waitText(60),
      waitText(61),
      waitText(7199),
      waitText(7200),
      waitText(86399),
    ]).toEqual(['1 second', '59 seconds', '1 minute', '2 minutes', '120 minutes', '2 hours', '24 hours']);
  });
});
