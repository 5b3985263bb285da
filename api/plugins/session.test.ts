import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@api/app';
import { sessionCookie, testConfig, useTestApp } from '@api/test/app';
import { createUser, TEST_PASSWORD } from '@api/test/factories';
import { deleteExpiredSessions, RememberingSigner, SESSION_TTL_MS } from './session';
import { insertSession, readSession, updateSession } from './session-store';

const t = await useTestApp();
const https = await useTestApp({ trustProxy: true });

const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
const sessionRow = (sid: string) => t.db.selectFrom('sessions').selectAll().where('sid', '=', sid).executeTakeFirst();
const countSessions = async (db = t.db) => (await db.selectFrom('sessions').select('sid').execute()).length;

describe('sessions for visitors who do not sign in', () => {
  it.each([
    ['GET', '/api/config', undefined],
    ['GET', '/api/user', undefined],
    ['POST', '/api/logout', undefined],
    ['POST', '/api/login', { username: 'nobody', password: 'wrong' }],
    ['POST', '/api/login', {}],
    ['GET', '/api/public/inspections/not-a-token', undefined],
  ])(
    '%s %s sets no cookie and stores no session',
    async (method, url, payload) => {
      const before = await countSessions();
      const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.cookies.filter((c) => c.value !== '')).toEqual([]);
      expect(await countSessions()).toBe(before);
    },
    30_000,
  );
});

describe('the session cookie and row', () => {
  it('is HttpOnly, SameSite=Lax, lasts 14 days and is stored in the database with its user', async () => {
    const client = await t.signIn('technician');
    const user = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: client.user.username, password: TEST_PASSWORD },
    });
    const cookie = user.cookies.find((c) => c.name === 'baywise.sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.expires!.getTime() - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    const row = await sessionRow(sidOf(sessionCookie(user)));
    expect(row?.userId).toBe(client.user.id);
    expect(Date.parse(row!.expiresAt) - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(JSON.parse(row!.data)).toMatchObject({ userId: client.user.id });
  });

  it('is shared by every server process on the same database (no memory store)', async () => {
    const client = await t.signIn('service_advisor');
    const second = await buildApp({ config: testConfig(), db: t.db });
    try {
      const res = await second.inject({ method: 'GET', url: '/api/user', headers: { cookie: client.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: client.user.id });
    } finally {
      await second.close();
    }
  });

  it('rolls the expiry forward on use, at most once a day, without a write per request', async () => {
    const client = await t.signIn('technician');
    const sid = sidOf(client.cookie);
    const fresh = await sessionRow(sid);
    // A fresh session is not written again by reads.
    expect((await client.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(200);
    expect((await client.inject({ method: 'GET', url: '/api/customers' })).headers['set-cookie']).toBeUndefined();
    expect(await sessionRow(sid)).toEqual(fresh);

    // Two days later (the session's own expiry is 12 days away), the next request renews it.
    const soon = new Date(Date.now() + SESSION_TTL_MS - 2 * 24 * 3600_000).toISOString();
    const data = JSON.parse(fresh!.data) as { cookie: { expires: string } };
    data.cookie.expires = soon;
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: soon, data: JSON.stringify(data) })
      .where('sid', '=', sid)
      .execute();
    const renewed = await client.inject({ method: 'GET', url: '/api/user' });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.cookies.find((c) => c.name === 'baywise.sid')?.expires?.getTime()).toBeGreaterThan(
      Date.now() + SESSION_TTL_MS - 60_000,
    );
    const row = await sessionRow(sid);
    expect(Date.parse(row!.expiresAt) - Date.now()).toBeGreaterThan(SESSION_TTL_MS - 60_000);
  });

  it('refuses an expired, tampered, unknown or corrupted session with 401', async () => {
    const expired = await t.signIn('technician');
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('sid', '=', sidOf(expired.cookie))
      .execute();
    const corrupted = await t.signIn('technician');
    await t.db.updateTable('sessions').set({ data: '{not json' }).where('sid', '=', sidOf(corrupted.cookie)).execute();
    const valid = await t.signIn('technician');
    const tampered = valid.cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const cookie of [expired.cookie, corrupted.cookie, tampered, 'baywise.sid=made-up.value']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('goes with its user when the user is deleted', async () => {
    const client = await t.signIn('technician');
    await t.db.deleteFrom('users').where('id', '=', client.user.id).execute();
    expect(await sessionRow(sidOf(client.cookie))).toBeUndefined();
    expect((await client.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

/** Signs in with a request that claims, through X-Forwarded-Proto, to have come over HTTPS. */
function signInSaidHttps(target: typeof t, username: string) {
  return target.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-forwarded-proto': 'https' },
    payload: { username, password: TEST_PASSWORD },
  });
}

describe('Secure cookies behind an HTTPS proxy', () => {
  it('marks the cookie Secure when the request came over HTTPS (trustProxy on)', async () => {
    const user = await createUser(https.db);
    const res = await signInSaidHttps(https, user.username);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'baywise.sid')!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    const me = await https.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { 'x-forwarded-proto': 'https', cookie: sessionCookie(res) },
    });
    expect(me.statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-Proto when trustProxy is off', async () => {
    const user = await createUser(t.db);
    const res = await signInSaidHttps(t, user.username);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'baywise.sid')?.secure).toBeFalsy();
  });
});

describe('RememberingSigner', () => {
  const secret = 'a-secret-that-is-at-least-32-characters-long';
  const plain = new Signer(secret);

  it('signs and verifies exactly as the plain signer, the first time and when it remembers', () => {
    const signer = new RememberingSigner(secret);
    for (let round = 0; round < 2; round++) {
      expect(signer.sign('abc')).toBe(plain.sign('abc'));
      expect(signer.unsign(plain.sign('xyz'))).toEqual({ valid: true, renew: false, value: 'xyz' });
      expect(signer.sign('xyz')).toBe(plain.sign('xyz'));
    }
  });

  it('refuses a tampered or foreign cookie even after remembering the genuine one', () => {
    const signer = new RememberingSigner(secret);
    const genuine = plain.sign('sid-1');
    expect(signer.unsign(genuine).valid).toBe(true);
    const invalid = { valid: false, renew: false, value: null };
    expect(signer.unsign(`${genuine}x`)).toEqual(invalid);
    expect(signer.unsign(genuine.replace('sid-1', 'sid-2'))).toEqual(invalid);
    expect(signer.unsign(new Signer('another-secret-that-is-32-characters-long').sign('sid-1'))).toEqual(invalid);
  });

  it('hands out a fresh result each time, so a caller changing one cannot change the next', () => {
    const signer = new RememberingSigner(secret);
    const cookie = plain.sign('sid-1');
    const first = signer.unsign(cookie);
    Object.assign(first, { value: 'someone-else' });
    expect(signer.unsign(cookie).value).toBe('sid-1');
  });
});

describe('the session store', () => {
  const inAnHour = () => Date.now() + 3600_000;

  it('never brings back an ended signed-in session (a request in flight during logout)', async () => {
    const client = await t.signIn('technician');
    const sid = sidOf(client.cookie);
    const session = await readSession(t.db, sid);
    expect(session?.userId).toBe(client.user.id);
    await t.db.deleteFrom('sessions').where('sid', '=', sid).execute();
    expect(await updateSession(t.db, sid, client.user.id, inAnHour())).toBe(false);
    expect(await sessionRow(sid)).toBeUndefined();
    expect((await client.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('stores a new session with its user and expiry, and updates it', async () => {
    const user = await createUser(t.db);
    const expires = inAnHour();
    expect(await insertSession(t.db, 'store-test-sid', user.id, expires)).toBe(true);
    expect(await sessionRow('store-test-sid')).toMatchObject({
      userId: user.id,
      expiresAt: new Date(expires).toISOString(),
    });
    const later = expires + 60_000;
    expect(await updateSession(t.db, 'store-test-sid', user.id, later)).toBe(true);
    expect((await sessionRow('store-test-sid'))?.expiresAt).toBe(new Date(later).toISOString());
    expect(await readSession(t.db, 'store-test-sid')).toMatchObject({ userId: user.id, expiresAt: later });
    expect(await readSession(t.db, 'no-such-sid')).toBeNull();
  });

  it('writes rows in the data format of the earlier session plugin, so either version reads them', async () => {
    const user = await createUser(t.db);
    const expires = inAnHour();
    await insertSession(t.db, 'format-test-sid', user.id, expires);
    expect(JSON.parse((await sessionRow('format-test-sid'))!.data)).toEqual({
      cookie: {
        originalMaxAge: SESSION_TTL_MS,
        expires: new Date(expires).toISOString(),
        httpOnly: true,
        path: '/',
        sameSite: 'lax',
      },
      userId: user.id,
    });
  });

  it('keeps nothing for a user deleted meanwhile (the foreign key refuses the row)', async () => {
    expect(await insertSession(t.db, 'orphan-sid', 'no-such-user', inAnHour())).toBe(false);
    expect(await sessionRow('orphan-sid')).toBeUndefined();
    const client = await t.signIn('technician');
    const sid = sidOf(client.cookie);
    const before = await sessionRow(sid);
    expect(await updateSession(t.db, sid, 'no-such-user', inAnHour())).toBe(false);
    expect(await sessionRow(sid)).toEqual(before);
  });

  it('reads the user with the session in one query; a session whose row is gone has none', async () => {
    const client = await t.signIn('technician');
    const sid = sidOf(client.cookie);
    expect((await readSession(t.db, sid))?.user).toEqual(client.user);
    await t.db.deleteFrom('sessions').where('sid', '=', sid).execute();
    expect(await readSession(t.db, sid)).toBeNull();
  });

  it('serves every request the user as stored at that request, whoever changed it', async () => {
    const client = await t.signIn('technician');
    const other = await buildApp({ config: testConfig(), db: t.db });
    try {
      const user = () => client.inject({ method: 'GET', url: '/api/user' });
      expect((await user()).json()).toMatchObject({ role: 'technician' });
      // Another process changes the role, then suspends, then deletes the account.
      await t.db.updateTable('users').set({ role: 'service_advisor' }).where('id', '=', client.user.id).execute();
      expect((await user()).json()).toMatchObject({ role: 'service_advisor' });
      const second = await other.inject({ method: 'GET', url: '/api/user', headers: { cookie: client.cookie } });
      expect(second.json()).toMatchObject({ role: 'service_advisor' });
      await t.db.updateTable('users').set({ status: 'pending' }).where('id', '=', client.user.id).execute();
      expect((await client.inject({ method: 'GET', url: '/api/customers' })).statusCode).toBe(403);
      await t.db.deleteFrom('users').where('id', '=', client.user.id).execute();
      expect((await user()).statusCode).toBe(401);
      expect(await sessionRow(sidOf(client.cookie))).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('deleteExpiredSessions removes only expired rows', async () => {
    const live = await t.signIn('technician');
    const dead = await t.signIn('technician');
    await t.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('sid', '=', sidOf(dead.cookie))
      .execute();
    await deleteExpiredSessions(t.db);
    expect(await sessionRow(sidOf(dead.cookie))).toBeUndefined();
    expect(await sessionRow(sidOf(live.cookie))).toBeDefined();
  });
});
