import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '@api/test/app';
import { createUser, TEST_PASSWORD } from '@api/test/factories';
import { readCookie } from './cookies';
import { SESSION_TTL_MS } from './session';

const t = await useTestApp();
const signer = new Signer(testConfig().sessionSecret);

const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
const sessionRow = (sid: string) => t.db.selectFrom('sessions').selectAll().where('sid', '=', sid).executeTakeFirst();
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
const CLEARED = 'baywise.sid=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax';

describe('readCookie', () => {
  it('finds one cookie by name among others, whatever the spacing, first one first', () => {
    expect(readCookie('a=1; baywise.sid=v; b=2', 'baywise.sid')).toBe('v');
    expect(readCookie('baywise.sid=v', 'baywise.sid')).toBe('v');
    expect(readCookie('a=1;baywise.sid=v;b=2', 'baywise.sid')).toBe('v');
    expect(readCookie(' a=1 ;\t baywise.sid  =  v  ; b=2', 'baywise.sid')).toBe('v');
    expect(readCookie('baywise.sid=first; baywise.sid=second', 'baywise.sid')).toBe('first');
    expect(readCookie('a; baywise.sid=v', 'baywise.sid')).toBe('v');
  });

  it('does not take another cookie whose name or value contains the name', () => {
    expect(readCookie('xbaywise.sid=no; baywise.sidx=no', 'baywise.sid')).toBeUndefined();
    expect(readCookie('a=baywise.sid=no', 'baywise.sid')).toBeUndefined();
    expect(readCookie('baywise.sid.other=no; baywise.sid=yes', 'baywise.sid')).toBe('yes');
  });

  it('URL-decodes the value, and keeps a broken escape as sent', () => {
    expect(readCookie('baywise.sid=a%2Fb%2Bc', 'baywise.sid')).toBe('a/b+c');
    expect(readCookie('baywise.sid=a%E0%A4%A', 'baywise.sid')).toBe('a%E0%A4%A');
  });

  it('gives nothing for a missing, empty or valueless cookie', () => {
    expect(readCookie(undefined, 'baywise.sid')).toBeUndefined();
    expect(readCookie('', 'baywise.sid')).toBeUndefined();
    expect(readCookie('baywise.sid=', 'baywise.sid')).toBeUndefined();
    expect(readCookie('baywise.sid', 'baywise.sid')).toBeUndefined();
    expect(readCookie('baywise.sid; a=1', 'baywise.sid')).toBeUndefined();
  });
});

describe('the session cookie in the Cookie header', () => {
  it('is set as the earlier plugin set it: signed, URL-encoded, Path, Expires, HttpOnly, SameSite', async () => {
    const client = await t.signIn('technician');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: client.user.username, password: TEST_PASSWORD },
    });
    const header = ([res.headers['set-cookie']].flat() as string[]).find((c) => c.startsWith('baywise.sid='))!;
    expect(header).toMatch(/^baywise\.sid=[^;]+; Path=\/; Expires=[^;]+ GMT; HttpOnly; SameSite=Lax$/);
    const value = decodeURIComponent(header.slice('baywise.sid='.length, header.indexOf(';')));
    const sid = value.split('.')[0]!;
    expect(value).toBe(signer.sign(sid));
    expect(header.slice('baywise.sid='.length, header.indexOf(';'))).toBe(encodeURIComponent(signer.sign(sid)));
    expect(sid).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('is found among several cookies with odd spacing', async () => {
    const client = await t.signIn('technician');
    const value = client.cookie.slice('baywise.sid='.length);
    for (const cookie of [
      `theme=dark; baywise.device=abc.def; ${client.cookie}; lang=en`,
      `theme=dark;${client.cookie};lang=en`,
      ` theme=dark ;\t baywise.sid =  ${value}  ;  lang=en`,
      `xbaywise.sid=junk; baywise.sid=${value}`,
    ]) {
      const res = await me(cookie);
      expect(res.statusCode, cookie).toBe(200);
      expect(res.json()).toMatchObject({ id: client.user.id });
    }
  });

  it('answers a malformed Cookie header as no session, never a 500', async () => {
    const client = await t.signIn('technician');
    for (const cookie of [
      'baywise.sid=%E0%A4%A',
      'baywise.sid=%',
      'baywise.sid=.',
      'baywise.sid=...;;;',
      'baywise.sid',
      ';;;===;',
      '=; =baywise.sid',
      `baywise.sid="${client.cookie.slice('baywise.sid='.length)}"`,
      `baywise.sid=${'x'.repeat(4000)}`,
      'baywise.sid=ünïcødé.✓',
    ]) {
      const user = await me(cookie);
      expect(user.statusCode, cookie).toBe(401);
      expect(user.json()).toMatchObject({ error: 'unauthorized' });
      const config = await t.app.inject({ method: 'GET', url: '/api/config', headers: { cookie } });
      expect(config.statusCode, cookie).toBe(200);
    }
  });

  it('drops a cookie that leads to no session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { cookie: `baywise.sid=${encodeURIComponent(signer.sign('no-such-session'))}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBe(CLEARED);
  });
});

describe('logout', () => {
  it('deletes the row and clears the cookie', async () => {
    const client = await t.signIn('technician');
    const res = await client.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBe(CLEARED);
    expect(await sessionRow(sidOf(client.cookie))).toBeUndefined();
    expect((await client.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });
});

describe('sessions stored by the earlier session plugin', () => {
  /** A row exactly as @fastify/session with our store wrote it, and the cookie it sent. */
  async function legacySession(userId: string, expiresAt: Date) {
    const sid = `legacy${'x'.repeat(20)}${Math.random().toString(36).slice(2, 8)}`;
    const data = {
      cookie: {
        originalMaxAge: SESSION_TTL_MS,
        expires: expiresAt.toISOString(),
        secure: false,
        httpOnly: true,
        path: '/',
        sameSite: 'lax',
      },
      userId,
    };
    await t.db
      .insertInto('sessions')
      .values({ sid, userId, data: JSON.stringify(data), expiresAt: expiresAt.toISOString() })
      .execute();
    return { sid, cookie: `baywise.sid=${encodeURIComponent(signer.sign(sid))}` };
  }

  it('keeps a user signed in before the upgrade signed in, without a write', async () => {
    const user = await createUser(t.db);
    const { sid, cookie } = await legacySession(user.id, new Date(Date.now() + SESSION_TTL_MS - 3600_000));
    const before = await sessionRow(sid);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionRow(sid)).toEqual(before);
  });

  it('renews such a session once a day like any other', async () => {
    const user = await createUser(t.db);
    const { sid, cookie } = await legacySession(user.id, new Date(Date.now() + SESSION_TTL_MS - 2 * 24 * 3600_000));
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    const renewed = res.cookies.find((c) => c.name === 'baywise.sid')!;
    expect(renewed.value).toBe(signer.sign(sid));
    expect(renewed.expires!.getTime()).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    const row = await sessionRow(sid);
    expect(Date.parse(row!.expiresAt)).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    expect(JSON.parse(row!.data)).toMatchObject({ userId: user.id, cookie: { expires: row!.expiresAt } });
  });

  it('refuses one past its expiry', async () => {
    const user = await createUser(t.db);
    const { cookie } = await legacySession(user.id, new Date(Date.now() - 1000));
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
