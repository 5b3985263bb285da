import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@api/lib/password-rules';
import { hashPassword, PASSWORD_HASH_PARAMS, verifyPassword } from '@api/lib/password';
import { sessionCookie, TEST_ADMIN_EMAIL, useTestApp, withoutPasswordFlag } from '@api/test/app';
import { createUser, openSignUp, TEST_PASSWORD } from '@api/test/factories';
import { SIGN_UP_RECEIVED_MESSAGE } from '@shared/schemas/user';

// The production scrypt cost, so the stored hashes can be checked against it.
const t = await useTestApp({ passwordHashParams: PASSWORD_HASH_PARAMS });
// A shop with its admin and "Open sign-up" on: sign-ups make pending accounts (sign-up.test.ts has
// the first admin and the closed form).
await createUser(t.db, { role: 'admin', username: 'first_admin', email: 'first.admin@shop.test' });
await openSignUp(t.db);
// Tests that hash or verify at the production scrypt cost (about a second each on a small machine).
const SLOW = { timeout: 30_000 };

/** No password, hash or hash prefix anywhere in the raw body. */
function expectNoSecrets(res: LightMyRequestResponse): void {
  expect(withoutPasswordFlag(res.body)).not.toMatch(/password|scrypt|hash/i);
  expect(res.body).not.toContain(TEST_PASSWORD);
}

const register = (payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/register', payload, ...(cookie ? { headers: { cookie } } : {}) });
const login = (payload: Record<string, unknown>, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload, ...(cookie ? { headers: { cookie } } : {}) });
const currentUser = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
const sessionRows = () => t.db.selectFrom('sessions').selectAll().execute();

describe('GET /api/config', () => {
  it('gives the product name and the support email, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      productName: 'Baywise',
      supportEmail: 'help@shop.test',
      signUp: 'open',
      emailSending: false,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('names the admin email (ADMIN_EMAIL) to signed-in administrators only', async () => {
    const admin = await t.signIn('admin');
    const technician = await t.signIn('technician');
    const forAdmin = await admin.inject({ method: 'GET', url: '/api/config' });
    expect(forAdmin.json()).toEqual({
      productName: 'Baywise',
      supportEmail: 'help@shop.test',
      adminEmail: TEST_ADMIN_EMAIL,
      signUp: 'open',
      emailSending: false,
    });
    const forTechnician = await technician.inject({ method: 'GET', url: '/api/config' });
    expect(forTechnician.json()).not.toHaveProperty('adminEmail');
    expect(forTechnician.body).not.toContain(TEST_ADMIN_EMAIL);
  });
});

describe('POST /api/register', () => {
  it('receives a pending technician by default with the production hash, and signs no one in', SLOW, async () => {
    const res = await register({ username: 'newtech', email: ' NewTech@Shop.test ', password: 'secret-pass1' });
    expect(res.statusCode).toBe(202);
    expectNoSecrets(res);
    expect(res.json()).toEqual({ message: SIGN_UP_RECEIVED_MESSAGE });
    expect(res.headers['set-cookie']).toBeUndefined();
    const row = await t.db.selectFrom('users').selectAll().where('username', '=', 'newtech').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'newtech@shop.test', role: 'technician', website: null, status: 'pending' });
    expect(row.passwordHash.startsWith('scrypt$17$8$1$')).toBe(true);
  });

  it('refuses the admin role: with another email in the spec words, with ADMIN_EMAIL too', SLOW, async () => {
    const refused = await register({
      username: 'wannabe',
      email: 'boss@shop.test',
      password: 'secret-pass1',
      role: 'admin',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message: `Admin accounts can only be created with the email: ${TEST_ADMIN_EMAIL}`,
    });
    expect(refused.headers['set-cookie']).toBeUndefined();
    const none = await t.db.selectFrom('users').select('id').where('username', '=', 'wannabe').execute();
    expect(none).toEqual([]);

    // Even with ADMIN_EMAIL (free again when the admin moved to another email), the open sign-up
    // makes no administrator: one waiting for approval would count as one.
    const res = await register({
      username: 'owner',
      email: 'Owner@Shop.TEST',
      password: 'secret-pass1',
      role: 'admin',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'forbidden',
      message: 'Sign-up makes Technician and Service Advisor accounts only',
    });
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'owner').execute()).toEqual([]);
  });

  it('answers a taken username or email (ignoring case) as it answers a free one', SLOW, async () => {
    const existing = await createUser(t.db, { username: 'Taken_Name', email: 'taken@shop.test' });
    const byName = await register({ username: 'taken_name', email: 'other@shop.test', password: 'secret-pass1' });
    const byEmail = await register({ username: 'someone_else', email: 'TAKEN@shop.test', password: 'secret-pass1' });
    for (const res of [byName, byEmail]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: SIGN_UP_RECEIVED_MESSAGE });
    }
    // Both wait for an admin, who settles the clash (sign-up-privacy.test.ts); the account is untouched.
    const rows = await t.db
      .selectFrom('users')
      .select(['id', 'status'])
      .where('email', 'in', ['taken@shop.test', 'TAKEN@shop.test'])
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === existing.id)?.status).toBe('active');
  });

  it.each([
    [{ email: 'a@shop.test', password: 'secret-pass1' }, 'username', 'Username is required'],
    [{ username: '   ', email: 'a@shop.test', password: 'secret-pass1' }, 'username', 'Username is required'],
    [{ username: 'abc', email: 'not-an-email', password: 'secret-pass1' }, 'email', 'Please enter a valid email'],
    [{ username: 'abc', password: 'secret-pass1' }, 'email', 'Please enter a valid email'],
    [
      { username: 'abc', email: 'a@shop.test', password: '12345' },
      'password',
      'Password must be at least 8 characters',
    ],
    [{ username: 'abc', email: 'a@shop.test' }, 'password', 'Password is required'],
    [
      { username: 'abc', email: 'a@shop.test', password: 'secret-pass1', role: 'owner' },
      'role',
      'Role must be Administrator, Technician or Service Advisor',
    ],
  ])('refuses %j: %s', async (payload, path, message) => {
    const res = await register(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('POST /api/login', () => {
  it('signs in with HttpOnly, SameSite=Lax cookie and never shows the hash', async () => {
    const user = await createUser(t.db, { username: 'Mixed_Case' });
    const res = await login({ username: 'mixed_case', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res);
    expect(res.json()).toMatchObject({ id: user.id, username: 'Mixed_Case', role: 'technician' });
    const cookie = res.cookies.find((c) => c.name === 'baywise.sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    const rows = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('sid', '=', sidOf(sessionCookie(res)))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(user.id);
  });

  it('answers 401 with one message for a wrong password and an unknown user', SLOW, async () => {
    const user = await createUser(t.db);
    for (const payload of [
      { username: user.username, password: 'wrong password' },
      { username: 'nobody_here', password: TEST_PASSWORD },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: 'Invalid username or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it.each([
    [{ password: 'x' }, [{ path: 'username', message: 'Username is required' }]],
    [{ username: '  ', password: 'x' }, [{ path: 'username', message: 'Username is required' }]],
    [{ username: 'someone' }, [{ path: 'password', message: 'Password is required' }]],
    [{ username: 'someone', password: '' }, [{ path: 'password', message: 'Password is required' }]],
    [
      {},
      [
        { path: 'username', message: 'Username is required' },
        { path: 'password', message: 'Password is required' },
      ],
    ],
  ])('refuses %j with the field messages', async (payload, issues) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_error', issues });
  });

  // Throttling of repeated failures: sign-in-throttle.test.ts.

  it('gives a new session id and destroys the session held before', SLOW, async () => {
    const first = await t.signIn('technician');
    const other = await createUser(t.db, { role: 'service_advisor' });
    const res = await login({ username: other.username, password: TEST_PASSWORD }, first.cookie);
    expect(res.statusCode).toBe(200);
    const second = sessionCookie(res);
    expect(sidOf(second)).not.toBe(sidOf(first.cookie));
    const oldRow = await t.db.selectFrom('sessions').select('sid').where('sid', '=', sidOf(first.cookie)).execute();
    expect(oldRow).toEqual([]);
    expect((await currentUser(first.cookie)).statusCode).toBe(401);
    expect((await currentUser(second)).json()).toMatchObject({ id: other.id, role: 'service_advisor' });
  });

  it('an open sign-up sent while signed in leaves that session as it was', SLOW, async () => {
    const first = await t.signIn('technician');
    const res = await register(
      { username: 'second_account', email: 'second@shop.test', password: 'secret-pass1' },
      first.cookie,
    );
    expect(res.statusCode).toBe(202);
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await currentUser(first.cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(first.user.id);
  });
});

describe('POST /api/logout and GET /api/user', () => {
  it('GET /api/user is 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'unauthorized', message: 'You need to sign in' });
  });

  it('ends the session: the row is gone, the cookie is cleared and no longer works', async () => {
    const client = await t.signIn('admin');
    expect((await client.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const res = await client.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'baywise.sid');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    const rows = await t.db.selectFrom('sessions').select('sid').where('sid', '=', sidOf(client.cookie)).execute();
    expect(rows).toEqual([]);
    const after = await client.inject({ method: 'GET', url: '/api/user' });
    expect(after.statusCode).toBe(401);
  });

  it('takes no body: anything sent in one is a 400 (415 when not JSON) and the session stays', async () => {
    const client = await t.signIn('technician');
    const signOut = (contentType: string, payload: string) =>
      client.inject({ method: 'POST', url: '/api/logout', headers: { 'content-type': contentType }, payload });
    for (const payload of [{ everything: true }, [], null] as const) {
      const res = await signOut('application/json', JSON.stringify(payload));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_error',
        issues: [{ message: 'Sign-out takes no request body' }],
      });
    }
    const text = await signOut('text/plain', 'bye');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      error: 'unsupported_media_type',
      message: 'Send the request body as application/json',
    });
    expect((await client.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    // An empty JSON body, as some clients send with every POST, counts as no body.
    expect((await signOut('application/json', '')).statusCode).toBe(204);
    expect((await client.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('is harmless when signed out and creates no session', async () => {
    const before = (await sessionRows()).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.filter((c) => c.value !== '')).toEqual([]);
    expect(await sessionRows()).toHaveLength(before);
  });
});

describe('password rules', () => {
  it('refuses a password shorter than 8 characters with the spec message in the new number', async () => {
    const res = await register({ username: 'shorty', email: 'shorty@shop.test', password: 'seven77' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'password', message: 'Password must be at least 8 characters' }]);
  });

  it.each(['password', 'PASSWORD1', '12345678', 'qwertyuiop', 'baseball'])(
    'refuses %s, one of the 10,000 most common passwords',
    async (password) => {
      const res = await register({
        username: `common_${password.toLowerCase()}`,
        email: `${password.toLowerCase()}@shop.test`,
        password,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation_error',
        issues: [{ path: 'password', message: COMMON_PASSWORD_MESSAGE }],
      });
      expect(
        await t.db
          .selectFrom('users')
          .select('id')
          .where('username', '=', `common_${password.toLowerCase()}`)
          .executeTakeFirst(),
      ).toBeUndefined();
    },
  );

  it('accepts 64 characters and more', async () => {
    const res = await register({
      username: 'long_pass',
      email: 'long@shop.test',
      password: 'x'.repeat(40) + 'a quite long passphrase',
    });
    expect(res.statusCode).toBe(202);
  }, 30_000);

  it('signs in an older 6-character password, then asks for a new one until it is changed', SLOW, async () => {
    const oldHash = await hashPassword('abc123', { log2N: 14, r: 8, p: 1 });
    const user = await createUser(t.db, { passwordHash: oldHash });
    const res = await login({ username: user.username, password: 'abc123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().passwordChangeRequired).toBe(true);
    const cookie = sessionCookie(res);
    expect((await currentUser(cookie)).json().passwordChangeRequired).toBe(true);

    // Made again with today's parameters at that sign-in.
    const row = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(await verifyPassword('abc123', row.passwordHash)).toBe(true);

    const change = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: { cookie },
      payload: { currentPassword: 'abc123', newPassword: 'a much better one', confirmPassword: 'a much better one' },
    });
    expect(change.statusCode, change.body).toBe(204);
    expect((await currentUser(cookie)).json().passwordChangeRequired).toBe(false);
  });

  it('refuses a common password as the new one when changing it', SLOW, async () => {
    const user = await createUser(t.db);
    const cookie = sessionCookie(await login({ username: user.username, password: TEST_PASSWORD }));
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      headers: { cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'iloveyou', confirmPassword: 'iloveyou' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'newPassword', message: COMMON_PASSWORD_MESSAGE }]);
  });
});
