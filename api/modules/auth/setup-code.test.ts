import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareSetupCode, SETUP_CODE_FILE } from '@api/lib/setup-code';
import { MUST_CHANGE_PASSWORD_MESSAGE } from '@api/plugins/auth';
import { clientFor, sessionCookie, TEST_ADMIN_EMAIL, useTestApp } from '@api/test/app';
import { createUser, TEST_PASSWORD } from '@api/test/factories';
import { useTempDir } from '@api/test/temp-dir';
import { SIGN_UP_CLOSED_MESSAGE } from './auth.service';
import { SETUP_CODE_INVALID } from './setup-code-check';

// The threat: an empty install on the internet claimed by whoever comes first. Only the holder of
// the code the server printed (and wrote to DATA_DIR/setup-code) makes the first admin.
const dataDir = useTempDir('baywise-setup-');
const codeFile = path.join(dataDir, SETUP_CODE_FILE);
const now = Date.parse('2026-12-07T12:00:00Z');
const t = await useTestApp({ dataDir }, { clock: () => now });
const PASSWORD = 'a-long-password';
const CODE_SHAPE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

const register = (payload: Record<string, unknown>, address = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: address });
const owner = (setupCode?: string) => ({
  username: 'owner',
  email: TEST_ADMIN_EMAIL,
  password: PASSWORD,
  role: 'admin',
  ...(setupCode === undefined ? {} : { setupCode }),
});

describe('the setup code on an empty database', () => {
  it('is made once, readable by the owner only, and the same for every process of the shop', async () => {
    const code = await prepareSetupCode(t.db, dataDir, false);
    expect(code).toMatch(CODE_SHAPE);
    expect(readFileSync(codeFile, 'utf8')).toBe(`${code}\n`);
    expect(statSync(codeFile).mode & 0o777).toBe(0o600);
    // Another process (a restart, a second worker's primary) shows the same code.
    expect(await prepareSetupCode(t.db, dataDir, false)).toBe(code);
    const rows = await t.db.selectFrom('setupCode').selectAll().execute();
    expect(rows).toHaveLength(1);
    // The database keeps its SHA-256 only.
    expect(JSON.stringify(rows)).not.toContain(code!.replace(/-/g, ''));
  });

  it('is made anew when the file is lost, and the old one stops working', async () => {
    const old = readFileSync(codeFile, 'utf8').trim();
    writeFileSync(codeFile, 'not the code\n');
    const renewed = await prepareSetupCode(t.db, dataDir, false);
    expect(renewed).toMatch(CODE_SHAPE);
    expect(renewed).not.toBe(old);
    expect(statSync(codeFile).mode & 0o777).toBe(0o600);
    const res = await register(owner(old), '198.51.100.1');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: SETUP_CODE_INVALID });
  });

  it('keeps the empty shop a secret: the config and a codeless sign-up answer as a closed shop does', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toEqual({
      productName: 'Baywise',
      supportEmail: 'help@shop.test',
      signUp: 'closed',
      emailSending: false,
    });
    expect(config.body).not.toContain(TEST_ADMIN_EMAIL);
    const res = await register(owner());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: SIGN_UP_CLOSED_MESSAGE });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('limits wrong codes per client address like sign-in failures, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await register(owner('ZZZZ-ZZZZ-ZZZZ-ZZZZ'))).statusCode);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 403]);
    // Even the right code waits now from this address: guessing is no faster than signing in.
    const right = readFileSync(codeFile, 'utf8').trim();
    const waiting = await register(owner(right));
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    expect(waiting.json()).toEqual({
      error: 'too_many_requests',
      message: 'Too many failed sign-in attempts. Try again in 1 second.',
    });
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('makes the first admin from another address, then is gone: file deleted, code refused', async () => {
    const code = readFileSync(codeFile, 'utf8').trim();
    // Typed by hand: lower case and spaces for dashes count too.
    const res = await register(owner(code.toLowerCase().replace(/-/g, ' ')), '192.0.2.44');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: 'owner', role: 'admin', status: 'active', mustChangePassword: false });
    expect(existsSync(codeFile)).toBe(false);
    expect(await t.db.selectFrom('setupCode').selectAll().execute()).toEqual([]);
    const again = await register({ ...owner(code), username: 'second' }, '192.0.2.45');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: 'forbidden', message: SETUP_CODE_INVALID });
    // The admin now reads the admin email; strangers still do not.
    const admin = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie: sessionCookie(res) } });
    expect(admin.json().adminEmail).toBe(TEST_ADMIN_EMAIL);
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).not.toHaveProperty('adminEmail');
  });

  it('is removed at the next start when the shop has accounts (a code left by a crash or a restore)', async () => {
    await t.db
      .insertInto('setupCode')
      .values({ id: 1, codeHash: 'x'.repeat(64), createdAt: new Date(now).toISOString() })
      .execute();
    writeFileSync(codeFile, 'K7QM-3XWD-PH9T-ZC4R\n', { mode: 0o600 });
    expect(await prepareSetupCode(t.db, dataDir, true)).toBeUndefined();
    expect(existsSync(codeFile)).toBe(false);
    expect(await t.db.selectFrom('setupCode').selectAll().execute()).toEqual([]);
  });
});

describe('an account that must change its password (the demo users)', () => {
  it('gets its user and the password change, a clear 403 for anything else, and everything once changed', async () => {
    const user = await createUser(t.db, { role: 'service_advisor', mustChangePassword: 1 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ mustChangePassword: true });
    const client = clientFor(t.app, user, sessionCookie(login));
    expect((await client.inject({ method: 'GET', url: '/api/user' })).json()).toMatchObject({
      mustChangePassword: true,
    });
    for (const [method, url] of [
      ['GET', '/api/customers'],
      ['GET', '/api/sync/changes'],
      ['PUT', '/api/user/settings'],
    ] as const) {
      const refused = await client.inject({
        method,
        url,
        ...(method === 'PUT' ? { payload: { email: 'x@shop.test' } } : {}),
      });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json()).toEqual({ error: 'forbidden', message: MUST_CHANGE_PASSWORD_MESSAGE });
    }
    const changed = await client.inject({
      method: 'PATCH',
      url: '/api/user/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'my own long password' },
    });
    expect(changed.statusCode).toBe(204);
    const me = await client.inject({ method: 'GET', url: '/api/user' });
    expect(me.json()).toMatchObject({ mustChangePassword: false });
    expect((await client.inject({ method: 'GET', url: '/api/customers' })).statusCode).toBe(200);
  });

  it('hides the admin email from an administrator until the password is changed', async () => {
    const admin = await createUser(t.db, { role: 'admin', mustChangePassword: 1 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: admin.username, password: TEST_PASSWORD },
    });
    const config = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie: sessionCookie(login) } });
    expect(config.json()).not.toHaveProperty('adminEmail');
    expect(
      (await clientFor(t.app, admin, sessionCookie(login)).inject({ method: 'GET', url: '/api/users' })).statusCode,
    ).toBe(403);
  });
});
