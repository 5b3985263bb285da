import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, insertShareSend } from '@api/test/factories';
import { failInterruptedEmails, INTERRUPTED_AFTER_MS, INTERRUPTED_EMAIL } from './interrupted-emails';

const NOW = Date.parse('2026-11-25T15:00:00.000Z');
// The app's own check at start runs on its clock: set before every row here, it settles none of
// them, whenever it runs.
const t = await useTestApp({}, { clock: () => Date.parse('2020-01-01T00:00:00.000Z') });
const advisor = await t.signIn('service_advisor', { username: 'advisor_ivy' });
const customer = await createCustomer(t.db, { name: 'Lena Ortiz', email: 'lena@mail.test' });

const ago = (ms: number) => new Date(NOW - ms).toISOString();
const firstSentAt = async (inspectionId: string) =>
  (
    await t.db
      .selectFrom('inspectionFunnel')
      .select('firstSentAt')
      .where('inspectionId', '=', inspectionId)
      .executeTakeFirstOrThrow()
  ).firstSentAt;

describe('emails a stopped server left sending', () => {
  it('are recorded as failed with a reason once they are older than the mailer can take, and counted as sends no more', async () => {
    const cut = await createInspection(t.db, { customerId: customer.id });
    const underWay = await createInspection(t.db, { customerId: customer.id });
    const sent = await createInspection(t.db, { customerId: customer.id });
    await insertShareSend(t.db, {
      inspectionId: cut.id,
      userId: advisor.user.id,
      sentAt: ago(INTERRUPTED_AFTER_MS + 1000),
      status: 'sending',
    });
    await insertShareSend(t.db, {
      inspectionId: underWay.id,
      userId: advisor.user.id,
      sentAt: ago(10_000),
      status: 'sending',
    });
    await insertShareSend(t.db, {
      inspectionId: sent.id,
      userId: advisor.user.id,
      sentAt: ago(60 * 60 * 1000),
      status: 'sent',
    });
    expect(await firstSentAt(cut.id)).not.toBeNull();

    expect(await failInterruptedEmails(t.db, NOW)).toBe(1);

    const activity = await advisor.inject({ method: 'GET', url: `/api/inspections/${cut.id}/sends` });
    expect(activity.statusCode).toBe(200);
    expect(activity.json().sends).toEqual([
      expect.objectContaining({ channel: 'email', status: 'failed', error: INTERRUPTED_EMAIL }),
    ]);
    expect(await firstSentAt(cut.id)).toBeNull();
    const statusOf = async (inspectionId: string) =>
      (await advisor.inject({ method: 'GET', url: `/api/inspections/${inspectionId}/sends` })).json().sends[0].status;
    expect(await statusOf(underWay.id)).toBe('sending');
    expect(await statusOf(sent.id)).toBe('sent');
    // Settled once: the next check finds nothing left.
    expect(await failInterruptedEmails(t.db, NOW)).toBe(0);
  });
});
