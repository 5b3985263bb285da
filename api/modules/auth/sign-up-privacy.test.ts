import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@api/lib/password-rules';
import { verifyPassword } from '@api/lib/password';
import { approvalClashMessage } from '@api/modules/users/user.service';
import { useTestApp } from '@api/test/app';
import { createUser } from '@api/test/factories';
import { SIGN_UP_RECEIVED_MESSAGE } from '@shared/schemas/user';

// With "Open sign-up" on, the sign-up answers a stranger the same whether the username or email
// is taken, and the clash is settled when an admin approves.
const t = await useTestApp();
const admin = await t.signIn('admin');
await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { openSignUp: true } });
await createUser(t.db, { username: 'taken_name', email: 'taken@shop.test' });
const PASSWORD = 'a-long-password';

let requests = 0;
// Each from an address of its own: the address budget has tests of its own (sign-in-throttle.test.ts).
const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: `10.60.0.${++requests}` });

/** Everything a client sees of an answer, but the date. */
const seen = (res: LightMyRequestResponse) => {
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

const pendingRows = (username: string) =>
  t.db.selectFrom('users').selectAll().where('username', '=', username).where('status', '=', 'pending').execute();

describe('a sign-up for a taken username or email', () => {
  it('gets the same answer as a fresh one, and is hashed and stored the same way', async () => {
    const fresh = await register({ username: 'fresh_name', email: 'fresh@shop.test', password: PASSWORD });
    const answers = await Promise.all(
      [
        { username: 'taken_name', email: 'other@shop.test' },
        { username: 'TAKEN_NAME', email: 'another@shop.test' },
        { username: 'new_name', email: 'taken@shop.test' },
        { username: 'taken_name', email: 'Taken@Shop.test' },
        { username: 'fresh_name', email: 'fresh@shop.test' },
      ].map((fields) => register({ ...fields, password: PASSWORD })),
    );
    expect(seen(fresh).status).toBe(202);
    expect(fresh.json()).toEqual({ message: SIGN_UP_RECEIVED_MESSAGE });
    for (const answer of answers) expect(seen(answer)).toEqual(seen(fresh));
    // Every one of them cost the same hash: each waits as a pending account with its password.
    const stored = [...(await pendingRows('taken_name')), ...(await pendingRows('TAKEN_NAME'))];
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);
    expect(await pendingRows('fresh_name')).toHaveLength(2);
  });

  it('is refused for reasons that do not depend on who exists, alike for taken and fresh names', async () => {
    const cases = [
      [{ password: 'iloveyou' }, 'password', COMMON_PASSWORD_MESSAGE],
      [{ password: 'short' }, 'password', undefined],
      [{ email: 'not an email' }, 'email', undefined],
    ] as const;
    for (const [change, path, message] of cases) {
      const taken = await register({ username: 'taken_name', email: 'taken@shop.test', password: PASSWORD, ...change });
      const fresh = await register({ username: 'unseen', email: 'unseen@shop.test', password: PASSWORD, ...change });
      expect(taken.statusCode).toBe(400);
      expect(seen(taken)).toEqual(seen(fresh));
      expect(taken.json().issues.map((i: { path: string }) => i.path)).toEqual([path]);
      if (message) expect(taken.json().issues[0].message).toBe(message);
    }
    expect(await pendingRows('unseen')).toEqual([]);
  });
});

describe('approving a sign-up', () => {
  const approve = (id: string) => admin.inject({ method: 'POST', url: `/api/users/${id}/approve` });

  it('refuses one whose username or email an active account has, saying which', async () => {
    const [byName, byNameUpper] = [...(await pendingRows('taken_name')), ...(await pendingRows('TAKEN_NAME'))];
    const byEmail = (await pendingRows('new_name'))[0]!;
    for (const row of [byName!, byNameUpper!]) {
      const res = await approve(row.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'conflict', message: approvalClashMessage('Username already exists') });
    }
    const res = await approve(byEmail.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Email already exists: another account has it. Decline this sign-up, or change the other account first.',
    );
    const rows = await t.db.selectFrom('users').select('status').where('id', 'in', [byName!.id, byEmail.id]).execute();
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
  });

  it('lets the first of two pending sign-ups with one username in, and refuses the second', async () => {
    const [first, second] = await pendingRows('fresh_name');
    expect((await approve(first!.id)).json()).toMatchObject({ id: first!.id, status: 'active' });
    const res = await approve(second!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(approvalClashMessage('Username already exists'));
    // The approved one signs in with the password it signed up with.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'fresh_name', password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ id: first!.id, status: 'active' });
  });
});
