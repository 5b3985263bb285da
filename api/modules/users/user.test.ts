import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_EMAIL, type Client, useTestApp, withoutPasswordFlag } from '@api/test/app';
import { createUser, TEST_PASSWORD } from '@api/test/factories';

const t = await useTestApp();
// Tests that hash or verify at the production scrypt cost (about a second each on a small machine).
const SLOW = { timeout: 30_000 };
const UNKNOWN_ID = '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00';

let admin: Client;
beforeAll(async () => {
  admin = await t.signIn('admin');
});

function expectNoSecrets(res: LightMyRequestResponse): void {
  expect(withoutPasswordFlag(res.body)).not.toMatch(/password|scrypt|hash/i);
}

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

describe('who may call /api/users', () => {
  const calls = [
    ['GET', '/api/users'],
    ['GET', `/api/users/${UNKNOWN_ID}`],
    ['GET', `/api/users/${UNKNOWN_ID}/data`],
    ['POST', '/api/users'],
    ['PUT', `/api/users/${UNKNOWN_ID}`],
    ['DELETE', `/api/users/${UNKNOWN_ID}`],
  ] as const;

  it.each(calls)('%s %s is 401 signed out and 403 for technicians and service advisors', async (method, url) => {
    const payload = method === 'POST' || method === 'PUT' ? { payload: {} } : {};
    const anonymous = await t.app.inject({ method, url, ...payload });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['technician', 'service_advisor'] as const) {
      const client = await t.signIn(role);
      const res = await client.inject({ method, url, ...payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: 'You need administrator privileges to do this' });
    }
  });
});

describe('GET /api/users', () => {
  beforeAll(async () => {
    await createUser(t.db, { username: 'ulist_charlie', email: 'charlie@list.test', role: 'service_advisor' });
    await createUser(t.db, { username: 'ULIST_alpha', email: 'alpha@list.test' });
    await createUser(t.db, { username: 'ulist_Bravo', email: 'bravo@elsewhere.test', role: 'admin' });
    await createUser(t.db, { username: 'ulist_50%', email: 'percent@list.test' });
  });

  it('lists every user by username, case-insensitively, with the total and no secrets', async () => {
    const res = await admin.inject({ method: 'GET', url: '/api/users' });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res);
    const all = await t.db.selectFrom('users').select('id').execute();
    const names: string[] = res.json().map((u: { username: string }) => u.username);
    expect(names).toHaveLength(all.length);
    expect(res.headers['x-total-count']).toBe(String(all.length));
    const lower = names.map((name) => name.toLowerCase());
    expect(lower).toEqual([...lower].sort());
  });

  it('searches username and email, filters by role and pages', async () => {
    const q = await admin.inject({ method: 'GET', url: '/api/users?q=ULIST' });
    expect(q.json().map((u: { username: string }) => u.username)).toEqual([
      'ulist_50%',
      'ULIST_alpha',
      'ulist_Bravo',
      'ulist_charlie',
    ]);
    expect(q.headers['x-total-count']).toBe('4');

    const byEmail = await admin.inject({ method: 'GET', url: '/api/users?q=list.test' });
    expect(byEmail.json().map((u: { email: string }) => u.email)).toEqual([
      'percent@list.test',
      'alpha@list.test',
      'charlie@list.test',
    ]);
    const literal = await admin.inject({ method: 'GET', url: `/api/users?q=${encodeURIComponent('50%')}` });
    expect(literal.json().map((u: { username: string }) => u.username)).toEqual(['ulist_50%']);

    const admins = await admin.inject({ method: 'GET', url: '/api/users?q=ulist&role=admin' });
    expect(admins.json()).toEqual([expect.objectContaining({ username: 'ulist_Bravo', role: 'admin' })]);
    expect(admins.headers['x-total-count']).toBe('1');
    const everyone = await admin.inject({ method: 'GET', url: '/api/users?q=ulist&role=all' });
    expect(everyone.json()).toHaveLength(4);

    const page = await admin.inject({ method: 'GET', url: '/api/users?q=ulist&limit=2&offset=1' });
    expect(page.json().map((u: { username: string }) => u.username)).toEqual(['ULIST_alpha', 'ulist_Bravo']);
    expect(page.headers['x-total-count']).toBe('4');
    const rest = await admin.inject({ method: 'GET', url: '/api/users?q=ulist&offset=3' });
    expect(rest.json().map((u: { username: string }) => u.username)).toEqual(['ulist_charlie']);
  });

  it.each([
    ['limit=0', 'limit must be at least 1'],
    ['limit=abc', 'limit must be a number'],
    ['offset=-1', 'offset must be at least 0'],
    ['role=owner', 'Role must be admin, technician, service_advisor or all'],
  ])('refuses %s', async (query, message) => {
    const res = await admin.inject({ method: 'GET', url: `/api/users?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: { message: string }) => i.message)).toContain(message);
  });
});

describe('GET /api/users/:id', () => {
  it('gives one user without secrets, 404 for an unknown id, 400 for a malformed one', async () => {
    const user = await createUser(t.db, { companyName: 'Shop', role: 'service_advisor' });
    const res = await admin.inject({ method: 'GET', url: `/api/users/${user.id}` });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res);
    expect(res.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      role: 'service_advisor',
      companyName: 'Shop',
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      website: null,
      passwordChangeRequired: false,
      mustChangePassword: false,
      status: 'active',
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    });
    const unknown = await admin.inject({ method: 'GET', url: `/api/users/${UNKNOWN_ID}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'User not found' });
    const malformed = await admin.inject({ method: 'GET', url: '/api/users/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('validation_error');
  });
});

describe('POST /api/users', () => {
  it('creates a technician by default who can then sign in', SLOW, async () => {
    const res = await admin.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'made_by_admin', email: 'Made@Shop.test', password: 'secret12' },
    });
    expect(res.statusCode).toBe(201);
    expectNoSecrets(res);
    expect(res.json()).toMatchObject({ username: 'made_by_admin', email: 'made@shop.test', role: 'technician' });
    // The admin stays signed in as themself.
    expect((await admin.inject({ method: 'GET', url: '/api/user' })).json().id).toBe(admin.user.id);
    expect((await login('made_by_admin', 'secret12')).statusCode).toBe(200);
  });

  it('takes a client-made id once; sending the create again makes no second user', SLOW, async () => {
    const id = 'a5d0c3c2-6f55-4a8e-9d3b-1f2e3d4c5b6a';
    const payload = {
      id,
      username: 'client_id_user',
      email: 'client-id@shop.test',
      password: 'secret12',
      role: 'service_advisor',
    };
    const first = await admin.inject({ method: 'POST', url: '/api/users', payload });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id, role: 'service_advisor' });
    const again = await admin.inject({ method: 'POST', url: '/api/users', payload });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: 'User already exists' });
    const rows = await t.db.selectFrom('users').select('id').where('username', '=', 'client_id_user').execute();
    expect(rows).toEqual([{ id }]);
  });

  it('applies the admin-email rule and the duplicate rules', SLOW, async () => {
    const other = await admin.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'second_admin', email: 'second@shop.test', password: 'secret12', role: 'admin' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(`Admin accounts can only be created with the email: ${TEST_ADMIN_EMAIL}`);
    const owner = await admin.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'the_owner', email: TEST_ADMIN_EMAIL.toUpperCase(), password: 'secret12', role: 'admin' },
    });
    expect(owner.statusCode).toBe(201);
    expect(owner.json()).toMatchObject({ role: 'admin', email: TEST_ADMIN_EMAIL });

    const existing = await createUser(t.db);
    const byName = await admin.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: existing.username.toUpperCase(), email: 'fresh@shop.test', password: 'secret12' },
    });
    expect(byName.statusCode).toBe(409);
    expect(byName.json()).toEqual({ error: 'conflict', message: 'Username already exists' });
    const byEmail = await admin.inject({
      method: 'POST',
      url: '/api/users',
      payload: { username: 'fresh_name', email: existing.email, password: 'secret12' },
    });
    expect(byEmail.statusCode).toBe(409);
    expect(byEmail.json()).toEqual({ error: 'conflict', message: 'Email already exists' });
  });

  it.each([
    [{ email: 'a@shop.test', password: 'secret12' }, 'username', 'Username is required'],
    [{ username: 'x', email: 'nope', password: 'secret12' }, 'email', 'Please enter a valid email'],
    [{ username: 'x', email: 'a@shop.test', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [
      { username: 'x', email: 'a@shop.test', password: 'secret12', role: 'boss' },
      'role',
      'Role must be Administrator, Technician or Service Advisor',
    ],
    [{ id: 'not-a-uuid', username: 'x', email: 'a@shop.test', password: 'secret12' }, 'id', 'Invalid id'],
  ])('refuses %j', async (payload, path, message) => {
    const res = await admin.inject({ method: 'POST', url: '/api/users', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });
});

describe('PUT /api/users/:id', () => {
  const put = (id: string, payload: Record<string, unknown>) =>
    admin.inject({ method: 'PUT', url: `/api/users/${id}`, payload });
  const hashOf = async (id: string) =>
    (await t.db.selectFrom('users').select('passwordHash').where('id', '=', id).executeTakeFirstOrThrow()).passwordHash;

  it('changes only the fields sent; a blank or missing password keeps the current one', async () => {
    const user = await createUser(t.db, { role: 'technician', phone: '555-0101' });
    const before = await hashOf(user.id);
    const res = await put(user.id, { username: 'renamed_user', password: '' });
    expect(res.statusCode).toBe(200);
    expectNoSecrets(res);
    expect(res.json()).toMatchObject({
      id: user.id,
      username: 'renamed_user',
      email: user.email,
      role: 'technician',
      phone: '555-0101',
    });
    const role = await put(user.id, { role: 'service_advisor', password: null });
    expect(role.json()).toMatchObject({ username: 'renamed_user', role: 'service_advisor' });
    expect(await hashOf(user.id)).toBe(before);
    expect((await login('renamed_user', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a new password signs that user out everywhere and works for the next sign-in', SLOW, async () => {
    const victim = await t.signIn('technician');
    const res = await put(victim.user.id, { password: 'reset-by-admin' });
    expect(res.statusCode).toBe(200);
    expect((await victim.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    expect((await admin.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await login(victim.user.username, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(victim.user.username, 'reset-by-admin')).statusCode).toBe(200);
  });

  it('refuses taken names and emails, and promotion to admin without the admin email', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    expect((await put(user.id, { username: other.username })).json()).toEqual({
      error: 'conflict',
      message: 'Username already exists',
    });
    expect((await put(user.id, { email: other.email })).json()).toEqual({
      error: 'conflict',
      message: 'Email already exists',
    });
    expect((await put(user.id, { username: user.username.toUpperCase() })).statusCode).toBe(200);
    const promote = await put(user.id, { role: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(`Admin accounts can only be created with the email: ${TEST_ADMIN_EMAIL}`);
    const row = await t.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('technician');
  });

  it.each([
    [{ username: '' }, 'username', 'Username is required'],
    [{ email: 'bad' }, 'email', 'Please enter a valid email'],
    [{ password: '12345' }, 'password', 'Password must be at least 8 characters'],
    [{ role: 'root' }, 'role', 'Role must be Administrator, Technician or Service Advisor'],
  ])('refuses %j', async (payload, path, message) => {
    const user = await createUser(t.db);
    const res = await put(user.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path, message });
  });

  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await put(UNKNOWN_ID, { username: 'ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'User not found' });
    expect((await put('123', { username: 'ghost' })).statusCode).toBe(400);
  });
});
