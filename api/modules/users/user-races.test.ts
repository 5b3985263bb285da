import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@shared/schemas/sync';
import { useTestApp } from '@api/test/app';
import { createUser, openSignUp } from '@api/test/factories';
import { countAdmins } from './user.repository';

// Races that once ended in a 500 or with no administrator: each is run many times over, on SQLite
// and on PostgreSQL (where a failed statement aborts the surrounding transaction).

const t = await useTestApp();
// Sign-ups need the shop's "Open sign-up" (they then wait for approval).
await createUser(t.db, { role: 'admin' });
await openSignUp(t.db);
const ROUNDS = 8;
const RACE_TIMEOUT = 120_000;

/** Two administrators, and no other: earlier rounds' admins become technicians. */
async function onlyTwoAdmins() {
  await t.db.updateTable('users').set({ role: 'technician' }).where('role', '=', 'admin').execute();
  return Promise.all([t.signIn('admin'), t.signIn('admin')]);
}

const sorted = (codes: number[]) => [...codes].sort((a, b) => a - b);

describe('one username or email, two requests at once', () => {
  it(
    'sign-ups: both received and waiting, approvals: one 200 and one 409, never a 500',
    async () => {
      const admin = await t.signIn('admin');
      for (let round = 0; round < ROUNDS; round++) {
        const username = `racer_${round}_${randomUUID().slice(0, 6)}`;
        const responses = await Promise.all(
          ['a', 'b'].map((who) =>
            t.app.inject({
              method: 'POST',
              url: '/api/register',
              payload: { username, email: `${username}.${who}@shop.test`, password: 'a-long-password' },
              // Addresses of their own: the rounds would spend one address's budget.
              remoteAddress: `10.70.${round}.${who === 'a' ? 1 : 2}`,
            }),
          ),
        );
        expect(sorted(responses.map((r) => r.statusCode)), responses.map((r) => r.body).join('\n')).toEqual([202, 202]);
        const pending = await t.db.selectFrom('users').select('id').where('username', '=', username).execute();
        expect(pending).toHaveLength(2);
        const approvals = await Promise.all(
          pending.map(({ id }) => admin.inject({ method: 'POST', url: `/api/users/${id}/approve` })),
        );
        expect(sorted(approvals.map((r) => r.statusCode)), approvals.map((r) => r.body).join('\n')).toEqual([200, 409]);
        expect(approvals.find((r) => r.statusCode === 409)?.json()).toMatchObject({ error: 'conflict' });
      }
    },
    RACE_TIMEOUT,
  );

  it.each([
    ['with Idempotency-Keys', true],
    ['without Idempotency-Keys', false],
  ])(
    "an admin's user creations %s: one 201 and one 409, never a 500",
    async (_label, withKeys) => {
      const admin = await t.signIn('admin');
      for (let round = 0; round < ROUNDS; round++) {
        const username = `made_${round}_${randomUUID().slice(0, 6)}`;
        const email = `${username}@shop.test`;
        const bodies = [
          { username, email: `a.${email}`, password: 'a-long-password', role: 'technician' },
          { username: `other_${username}`, email, password: 'a-long-password', role: 'technician' },
          { username, email: `b.${email}`, password: 'a-long-password', role: 'service_advisor' },
          { username: `more_${username}`, email, password: 'a-long-password', role: 'technician' },
        ];
        // Two pairs: the same username, then the same email.
        for (const pair of [
          [bodies[0], bodies[2]],
          [bodies[1], bodies[3]],
        ]) {
          const responses = await Promise.all(
            pair.map((payload) =>
              admin.inject({
                method: 'POST',
                url: '/api/users',
                payload,
                headers: withKeys ? { [IDEMPOTENCY_HEADER]: randomUUID() } : {},
              }),
            ),
          );
          expect(sorted(responses.map((r) => r.statusCode)), responses.map((r) => r.body).join('\n')).toEqual([
            201, 409,
          ]);
        }
      }
    },
    RACE_TIMEOUT,
  );
});

describe('two administrators at once', () => {
  it(
    'demoting each other leaves at least one administrator (one 200, one 409)',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = await onlyTwoAdmins();
        const responses = await Promise.all([
          a.inject({ method: 'PUT', url: `/api/users/${b.user.id}`, payload: { role: 'technician' } }),
          b.inject({ method: 'PUT', url: `/api/users/${a.user.id}`, payload: { role: 'technician' } }),
        ]);
        const after = await countAdmins(t.db);
        expect(after).toBeGreaterThanOrEqual(1);
        const codes = sorted(responses.map((r) => r.statusCode));
        expect(
          codes.every((c) => c < 500),
          responses.map((r) => r.body).join('\n'),
        ).toBe(true);
        // Whoever was demoted first is no admin when the other request runs: refused (403 or 409).
        expect(codes[0]).toBe(200);
        expect(after).toBe(1);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    'deleting each other leaves at least one administrator',
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const [a, b] = await onlyTwoAdmins();
        const responses = await Promise.all([
          a.inject({ method: 'DELETE', url: `/api/users/${b.user.id}` }),
          b.inject({ method: 'DELETE', url: `/api/users/${a.user.id}` }),
        ]);
        const after = await countAdmins(t.db);
        expect(after).toBeGreaterThanOrEqual(1);
        expect(
          responses.every((r) => r.statusCode < 500),
          responses.map((r) => r.body).join('\n'),
        ).toBe(true);
        expect(sorted(responses.map((r) => r.statusCode))[0]).toBe(204);
        expect(after).toBe(1);
      }
    },
    RACE_TIMEOUT,
  );
});
