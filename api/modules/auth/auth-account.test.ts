import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_PARAMS } from '@api/lib/password';
import { clientFor, sessionCookie, useTestApp, withoutPasswordFlag } from '@api/test/app';
import { createUser, TEST_PASSWORD } from '@api/test/factories';

// The production scrypt cost, so the stored hashes can be checked against it.
const t = await useTestApp({ passwordHashParams: PASSWORD_HASH_PARAMS });
// Tests that hash or verify at the production scrypt cost (about a second each on a small machine).
// Six or more scrypt hashes (128 MB each) a test: with the browser lanes and the chaos test beside it,
// one took over 30 s (the suite's own timeout, which this used to equal). A timeout catches a hang.
const SLOW = { timeout: 120_000 };

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

describe('PATCH /api/user/password', () => {
  it('changes the password and ends every other session of the user', SLOW, async () => {
    const phone = await t.signIn('technician');
    const tablet = clientFor(t.app, phone.user, sessionCookie(await login(phone.user.username, TEST_PASSWORD)));
    const stranger = await t.signIn('technician');

    const res = await phone.inject({
      method: 'PATCH',
      url: '/api/user/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'brand new secret' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await tablet.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await phone.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await stranger.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    const sessions = await t.db.selectFrom('sessions').select('sid').where('userId', '=', phone.user.id).execute();
    expect(sessions).toHaveLength(1);

    expect((await login(phone.user.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(phone.user.username, 'brand new secret')).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('passwordHash')
      .where('id', '=', phone.user.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash.startsWith('scrypt$17$8$1$')).toBe(true);
  });

  it('refuses a wrong current password and keeps the old one', SLOW, async () => {
    const client = await t.signIn('service_advisor');
    const res = await client.inject({
      method: 'PATCH',
      url: '/api/user/password',
      payload: { currentPassword: 'not my password', newPassword: 'another secret' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'Current password is incorrect' });
    expect((await login(client.user.username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    [{ newPassword: 'another secret' }, 'currentPassword', 'Current password is required'],
    [{ currentPassword: '', newPassword: 'another secret' }, 'currentPassword', 'Current password is required'],
    [{ currentPassword: TEST_PASSWORD, newPassword: '12345' }, 'newPassword', 'Password must be at least 8 characters'],
    [{ currentPassword: TEST_PASSWORD }, 'newPassword', 'Password is required'],
  ])('validates %j', async (payload, path, message) => {
    const client = await t.signIn('technician');
    const res = await client.inject({ method: 'PATCH', url: '/api/user/password', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('is 401 when signed out', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'another secret' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/user/settings', () => {
  const put = (client: Awaited<ReturnType<typeof t.signIn>>, payload: Record<string, unknown>) =>
    client.inject({ method: 'PUT', url: '/api/user/settings', payload });

  it('saves the contact details, normalising email and website', async () => {
    const client = await t.signIn('admin');
    const res = await put(client, {
      email: ' Front.Desk@Shop.Example ',
      companyName: ' Main Street Auto ',
      phone: '555-0199',
      address: '12 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      website: 'mainstreetauto.example',
    });
    expect(res.statusCode).toBe(200);
    expect(withoutPasswordFlag(res.body)).not.toMatch(/password|scrypt|hash/i);
    const expected = {
      id: client.user.id,
      username: client.user.username,
      role: 'admin',
      email: 'front.desk@shop.example',
      companyName: 'Main Street Auto',
      phone: '555-0199',
      address: '12 Main St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      website: 'https://mainstreetauto.example',
    };
    expect(res.json()).toMatchObject(expected);
    expect(res.json().updatedAt > client.user.updatedAt).toBe(true);
    expect((await client.inject({ method: 'GET', url: '/api/user' })).json()).toMatchObject(expected);
  });

  it('changes only the fields sent besides the email, and a blank field clears it', async () => {
    const client = await t.signIn('technician', {
      companyName: 'Old Name',
      phone: '555-0100',
      website: 'http://old.example',
    });
    const res = await put(client, { email: client.user.email, phone: '555-0111', website: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: client.user.email,
      companyName: 'Old Name',
      phone: '555-0111',
      website: null,
    });
    const cleared = await put(client, {
      email: client.user.email,
      companyName: '   ',
      website: 'http://keeps-http.example/path',
    });
    expect(cleared.json()).toMatchObject({
      companyName: null,
      phone: '555-0111',
      website: 'http://keeps-http.example/path',
    });
  });

  it.each([
    [{ email: 'not an email' }, 'email', 'Please enter a valid email'],
    [{ city: 'Dayton' }, 'email', 'Please enter a valid email'],
    [{ email: '' }, 'email', 'Please enter a valid email'],
    [{ email: null }, 'email', 'Please enter a valid email'],
    [{ email: 'ok@shop.test', website: 'not a url' }, 'website', 'Please enter a valid URL'],
    [{ email: 'ok@shop.test', website: 'http://' }, 'website', 'Please enter a valid URL'],
    [{ email: 'ok@shop.test', website: 'javascript:alert(1)' }, 'website', 'Please enter a valid URL'],
    [{ email: 'ok@shop.test', website: 42 }, 'website', 'Please enter a valid URL'],
  ])('refuses %j', async (payload, path, message) => {
    const client = await t.signIn('technician');
    const res = await put(client, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
    const row = await t.db.selectFrom('users').selectAll().where('id', '=', client.user.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(client.user.email);
    expect(row.website).toBeNull();
  });

  it('refuses an email another user has, and accepts the own one', async () => {
    const other = await createUser(t.db, { email: 'someone@shop.test' });
    const client = await t.signIn('technician');
    const taken = await put(client, { email: other.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'conflict', message: 'Email already exists' });
    const own = await put(client, { email: client.user.email, city: 'Dayton' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ email: client.user.email, city: 'Dayton' });
  });

  it('is 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/settings', payload: { email: 'a@shop.test' } });
    expect(res.statusCode).toBe(401);
  });
});
