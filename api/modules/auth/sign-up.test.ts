import { describe, expect, it } from 'vitest';
import { sessionCookie, TEST_ADMIN_EMAIL, useTestApp } from '@api/test/app';
import { createUser, TEST_PASSWORD } from '@api/test/factories';
import { issueSetupCode } from '@api/lib/setup-code';
import { SIGN_UP_RECEIVED_MESSAGE } from '@shared/schemas/user';
import { verifyPassword } from '@api/lib/password';
import { firstAccountMessage, INVALID_CREDENTIALS, SIGN_UP_CLOSED_MESSAGE } from './auth.service';
import { SETUP_CODE_INVALID } from './setup-code-check';

// The shop's sign-up from its empty database on: the first admin, then closed, then "Open sign-up"
// with accounts that wait for an administrator. One database, in order.
const t = await useTestApp();
const PASSWORD = 'a-long-password';
// What the server prints on its first start (see setup-code.test.ts for the file and the threat).
const setupCode = await issueSetupCode(t.db);

const register = (payload: Record<string, unknown>, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload, ...(remoteAddress ? { remoteAddress } : {}) });
const signUpMode = async () => (await t.app.inject({ method: 'GET', url: '/api/config' })).json().signUp as string;
const usernames = async () =>
  (await t.db.selectFrom('users').select('username').orderBy('username').execute()).map((u) => u.username);

describe('an empty shop', () => {
  it('offers the first account to the holder of the setup code, and it must be the administrator with ADMIN_EMAIL', async () => {
    // To anyone else the empty shop looks closed.
    expect(await signUpMode()).toBe('closed');
    const stranger = await register({ username: 'boss', email: TEST_ADMIN_EMAIL, password: PASSWORD, role: 'admin' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: 'forbidden', message: SIGN_UP_CLOSED_MESSAGE });
    const guess = await register({
      username: 'boss',
      email: TEST_ADMIN_EMAIL,
      password: PASSWORD,
      role: 'admin',
      setupCode: 'AAAA-BBBB-CCCC-DDDD',
    });
    expect(guess.statusCode).toBe(403);
    expect(guess.json()).toEqual({ error: 'forbidden', message: SETUP_CODE_INVALID });
    const technician = await register({
      username: 'early_tech',
      email: 'tech@shop.test',
      password: PASSWORD,
      setupCode,
    });
    expect(technician.statusCode).toBe(403);
    expect(technician.json()).toEqual({ error: 'forbidden', message: firstAccountMessage(t.app.config) });
    expect(technician.json().message).toBe(
      `The first account is the shop's administrator: choose Administrator and use the email ${TEST_ADMIN_EMAIL}`,
    );
    const wrongEmail = await register({
      username: 'boss',
      email: 'boss@shop.test',
      password: PASSWORD,
      role: 'admin',
      setupCode,
    });
    expect(wrongEmail.statusCode).toBe(403);
    expect(wrongEmail.json().message).toBe(`Admin accounts can only be created with the email: ${TEST_ADMIN_EMAIL}`);
    expect(await usernames()).toEqual([]);
  });

  it('two first sign-ups at once make one admin: one 201 and one refusal', async () => {
    const responses = await Promise.all(
      // From two new addresses: the wrong codes tried above spent this file's address's free failures.
      ['owner_a', 'owner_b'].map((username, i) =>
        register(
          { username, email: TEST_ADMIN_EMAIL, password: PASSWORD, role: 'admin', setupCode },
          `192.0.2.${i + 1}`,
        ),
      ),
    );
    // The loser is refused either way: 409 when both found the shop empty and raced for it, 403
    // (the code is no longer valid) when the winner had already taken the code. Which one
    // depends on the database's timing; there is never a second admin.
    const [first, second] = responses.map((r) => r.statusCode).sort();
    expect(first).toBe(201);
    expect([403, 409]).toContain(second);
    expect((await usernames()).length).toBe(1);
    const created = responses.find((r) => r.statusCode === 201)!;
    expect(created.json()).toMatchObject({ role: 'admin', status: 'active', mustChangePassword: false });
    const loser = responses.find((r) => r.statusCode !== 201)!;
    if (loser.statusCode === 403) expect(loser.json()).toEqual({ error: 'forbidden', message: SETUP_CODE_INVALID });
    // Signed in and let in everywhere at once.
    const customers = await t.app.inject({
      method: 'GET',
      url: '/api/customers',
      headers: { cookie: sessionCookie(created) },
    });
    expect(customers.statusCode).toBe(200);
    expect(await usernames()).toEqual([created.json().username]);
  });
});

describe('once the shop has its admin', () => {
  it('closes the Sign Up form: 403 with how to get an account, no account and no session', async () => {
    expect(await signUpMode()).toBe('closed');
    const res = await register({ username: 'stranger', email: 'stranger@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: SIGN_UP_CLOSED_MESSAGE });
    expect(res.json().message).toBe(
      "Sign-up is closed. Ask your shop's administrator to add you or to send you an invite link.",
    );
    expect(res.headers['set-cookie']).toBeUndefined();
    const admin = await register({ username: 'stranger', email: TEST_ADMIN_EMAIL, password: PASSWORD, role: 'admin' });
    expect(admin.statusCode).toBe(403);
    // The used code opens nothing: the same answer as any wrong code.
    const again = await register({
      username: 'stranger',
      email: TEST_ADMIN_EMAIL,
      password: PASSWORD,
      role: 'admin',
      setupCode,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: 'forbidden', message: SETUP_CODE_INVALID });
    expect(await usernames()).not.toContain('stranger');
  });

  it('keeps "Open sign-up" off by default; only an admin reads or changes it, and only with a boolean', async () => {
    const admin = await t.signIn('admin');
    const technician = await t.signIn('technician');
    expect((await admin.inject({ method: 'GET', url: '/api/shop-settings' })).json()).toEqual({
      openSignUp: false,
      approvalSignature: 'never',
      unviewedAlertMinutes: 20,
      techniciansMaySend: false,
      shareLinkDays: 180,
    });
    const denied = await technician.inject({ method: 'PUT', url: '/api/shop-settings', payload: { openSignUp: true } });
    expect(denied.statusCode).toBe(403);
    for (const payload of [{ openSignUp: 'yes' }, { openSignUp: 1 }]) {
      const bad = await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toEqual([{ path: 'openSignUp', message: 'Open sign-up must be true or false' }]);
    }
    const empty = await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().issues).toEqual([{ path: '', message: 'Send at least one setting to change' }]);
    // A screen changing another setting leaves this one as it is (it may hold an old copy of it).
    await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { openSignUp: true } });
    const other = await admin.inject({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: { unviewedAlertMinutes: 30 },
    });
    expect(other.json()).toMatchObject({ openSignUp: true, unviewedAlertMinutes: 30 });
    await admin.inject({
      method: 'PUT',
      url: '/api/shop-settings',
      payload: { openSignUp: false, unviewedAlertMinutes: 20 },
    });
    expect(await signUpMode()).toBe('closed');
  });
});

describe('"Open sign-up"', () => {
  it('re-opens the form; the request is received with no session, and the account waits unable to sign in', async () => {
    const admin = await t.signIn('admin');
    const opened = await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { openSignUp: true } });
    expect(opened.json()).toEqual({
      openSignUp: true,
      approvalSignature: 'never',
      unviewedAlertMinutes: 20,
      techniciansMaySend: false,
      shareLinkDays: 180,
    });
    expect(await signUpMode()).toBe('open');

    const res = await register({
      username: 'hopeful',
      email: 'hopeful@shop.test',
      password: PASSWORD,
      role: 'service_advisor',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SIGN_UP_RECEIVED_MESSAGE });
    expect(res.json().message).toBe('If the details are accepted, an admin will approve the account');
    expect(res.headers['set-cookie']).toBeUndefined();
    const row = await t.db.selectFrom('users').selectAll().where('username', '=', 'hopeful').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'hopeful@shop.test', role: 'service_advisor', status: 'pending' });
    expect(await verifyPassword(PASSWORD, row.passwordHash)).toBe(true);
    // Until an admin approves it, it signs in like an account that does not exist.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'hopeful', password: PASSWORD },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'unauthorized', message: INVALID_CREDENTIALS });
  });

  it('lists pending accounts apart; an admin approves one and it can sign in', async () => {
    const admin = await t.signIn('admin');
    const pending = await createUser(t.db, { username: 'waiting_one', status: 'pending' });
    const active = await admin.inject({ method: 'GET', url: '/api/users' });
    expect(active.json().map((u: { username: string }) => u.username)).not.toContain('waiting_one');
    const waiting = await admin.inject({ method: 'GET', url: '/api/users?status=pending' });
    expect(waiting.json().map((u: { username: string }) => u.username)).toEqual(['hopeful', 'waiting_one']);
    expect(waiting.headers['x-total-count']).toBe('2');
    const all = await admin.inject({ method: 'GET', url: '/api/users?status=all' });
    expect(all.json().map((u: { username: string }) => u.username)).toContain('waiting_one');
    expect((await admin.inject({ method: 'GET', url: '/api/users?status=gone' })).statusCode).toBe(400);

    const signIn = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: 'waiting_one', password: TEST_PASSWORD },
      });
    expect((await signIn()).statusCode).toBe(401);

    const approved = await admin.inject({ method: 'POST', url: `/api/users/${pending.id}/approve` });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ id: pending.id, status: 'active' });
    // Now it signs in and is let in, and approving twice changes nothing.
    const login = await signIn();
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers', headers: { cookie } })).statusCode).toBe(200);
    const twice = await admin.inject({ method: 'POST', url: `/api/users/${pending.id}/approve` });
    expect(twice.json().updatedAt).toBe(approved.json().updatedAt);
    const unknown = await admin.inject({
      method: 'POST',
      url: '/api/users/3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00/approve',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('closes again when the admin turns it off', async () => {
    const admin = await t.signIn('admin');
    await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { openSignUp: false } });
    expect(await signUpMode()).toBe('closed');
    expect((await register({ username: 'late', email: 'late@shop.test', password: PASSWORD })).statusCode).toBe(403);
  });
});

describe('an administrator waiting for approval', () => {
  it('does not count as one: the last active admin still cannot be demoted', async () => {
    await t.db.updateTable('users').set({ role: 'technician' }).where('role', '=', 'admin').execute();
    const admin = await t.signIn('admin');
    await createUser(t.db, { role: 'admin', status: 'pending' });
    const res = await admin.inject({
      method: 'PUT',
      url: `/api/users/${admin.user.id}`,
      payload: { role: 'technician' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('At least one administrator is required');
  });
});
