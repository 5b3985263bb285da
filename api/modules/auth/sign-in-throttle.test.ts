import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '@api/app';
import { testConfig } from '@api/test/app';
import { createTestDatabase } from '@api/test/database';
import { createUser, openSignUp, TEST_PASSWORD } from '@api/test/factories';
import { createInvite } from '@api/modules/invites/invite.service';
import { ACCOUNT_CEILING, ADDRESS_BUDGET, FAILURE_WINDOW_MS, FREE_FAILURES } from './login-throttle';

// A clock of the test's own: waits are skipped by moving it forward, never by sleeping.
let now = Date.parse('2026-12-01T08:00:00.000Z');
const advance = (ms: number) => (now += ms);
const database = await createTestDatabase();
const db = database.db;
const app = await buildApp({ config: testConfig(), db, clock: () => now });
await app.ready();
afterAll(async () => {
  await app.close();
  await database.drop();
});

const SHOP_NAT = '198.51.100.7';
const OWNER_HOME = '192.0.2.44';
const ATTACKER = '203.0.113.66';
const WRONG = 'not the password';
// Hundreds of sign-ins (at the cheap test hash cost) in some tests.
const MANY = { timeout: 60_000 };

interface From {
  address: string;
  /** The device cookie as a `Cookie` header value. */
  device?: string;
}

const login = (username: string, password: string, from: From) =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: from.address,
    ...(from.device ? { headers: { cookie: from.device } } : {}),
  });

/** The device cookie a successful sign-in set, as a `Cookie` header value. */
function deviceCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'baywise.device');
  if (!cookie) throw new Error(`no device cookie in ${res.statusCode}: ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/** Signs in with the right password and gives the now trusted device's cookie. */
async function trustedDevice(username: string, address: string): Promise<string> {
  const res = await login(username, TEST_PASSWORD, { address });
  expect(res.statusCode).toBe(200);
  return deviceCookie(res);
}

const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);
const throttledBody = (text: string) => ({
  error: 'too_many_requests',
  message: `Too many failed sign-in attempts. Try again in ${text}.`,
});
const failureRows = (usernameKey: string) =>
  db.selectFrom('loginFailures').selectAll().where('usernameKey', '=', usernameKey).execute();

/** Wrong passwords until `count` have been refused as wrong, waiting out every 429 on the way. */
async function failPatiently(username: string, from: From, count: number): Promise<void> {
  for (let failed = 0; failed < count;) {
    const res = await login(username, WRONG, from);
    if (res.statusCode === 429) advance(retryAfter(res) * 1000);
    else {
      expect(res.statusCode).toBe(401);
      failed++;
    }
  }
}

/** One failure each from many addresses, so the account's failures add up fast. */
async function failFromMany(username: string, count: number, prefix = '10.9'): Promise<void> {
  for (let i = 0; i < count; i++) {
    const res = await login(username, WRONG, { address: `${prefix}.${Math.floor(i / 250)}.${i % 250}` });
    expect(res.statusCode).toBe(401);
  }
}

describe("an attacker's failures", () => {
  it("150 from the shop's own address stop neither the owner's trusted device there nor from home", MANY, async () => {
    const boss = await createUser(db, { username: 'boss', role: 'admin' });
    const device = await trustedDevice('boss', SHOP_NAT);
    advance(60_000);

    await failPatiently('boss', { address: SHOP_NAT }, 150);
    // The attacker's pair is waiting out its longest delay right now.
    const refused = await login('boss', TEST_PASSWORD, { address: SHOP_NAT });
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(60);

    for (const address of [SHOP_NAT, OWNER_HOME]) {
      const res = await login('BOSS', TEST_PASSWORD, { address, device });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: boss.id, username: 'boss', role: 'admin' });
      expect(res.cookies.some((c) => c.name === 'baywise.sid' && c.value !== '')).toBe(true);
    }
  });

  it('wait longer after each failure, and even the right password waits without a trusted device', MANY, async () => {
    await createUser(db, { username: 'clerk' });
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await login('clerk', WRONG, { address: ATTACKER })).statusCode).toBe(401);
    }
    const waits: number[] = [];
    const messages: string[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await login('clerk', WRONG, { address: ATTACKER })).statusCode).toBe(401);
      const res = await login('clerk', WRONG, { address: ATTACKER });
      expect(res.statusCode).toBe(429);
      waits.push(retryAfter(res));
      messages.push(res.json().message);
      advance(retryAfter(res) * 1000);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    expect(messages.map((m) => m.replace('Too many failed sign-in attempts. Try again in ', ''))).toEqual([
      '1 second.',
      '2 seconds.',
      '4 seconds.',
      '8 seconds.',
      '16 seconds.',
      '32 seconds.',
      '2 minutes.',
      '3 minutes.',
      '5 minutes.',
      '9 minutes.',
      '15 minutes.',
      '15 minutes.',
    ]);

    await login('clerk', WRONG, { address: ATTACKER });
    advance(1000);
    const right = await login('clerk', TEST_PASSWORD, { address: ATTACKER });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe('899');
    expect(right.json()).toEqual(throttledBody('15 minutes'));
    expect(right.headers['set-cookie']).toBeUndefined();
    // Another account from the same address is not held up.
    const bystander = await createUser(db);
    expect((await login(bystander.username, TEST_PASSWORD, { address: ATTACKER })).statusCode).toBe(200);
    // Refused attempts are not counted: the wait does not grow while it runs.
    expect(retryAfter(await login('clerk', WRONG, { address: ATTACKER }))).toBe(899);

    advance(899_000);
    expect((await login('clerk', TEST_PASSWORD, { address: ATTACKER })).statusCode).toBe(200);
  });
});

describe('the account ceiling', () => {
  it(
    `refuses untrusted devices after ${ACCOUNT_CEILING} failures in an hour, lets trusted ones in, and lifts after the hour`,
    MANY,
    async () => {
      const owner = await createUser(db, { username: 'ceiling_owner' });
      const device = await trustedDevice('ceiling_owner', OWNER_HOME);
      advance(60_000);
      const start = now;
      await failFromMany('ceiling_owner', ACCOUNT_CEILING - 1);
      // Not yet: 99 failures.
      advance(10 * 60_000);
      expect((await login('ceiling_owner', WRONG, { address: '10.8.0.1' })).statusCode).toBe(401);

      const refused = await login('ceiling_owner', TEST_PASSWORD, { address: '10.8.0.2' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(throttledBody('50 minutes'));
      expect(retryAfter(refused)).toBe((start + FAILURE_WINDOW_MS - now) / 1000);
      expect(refused.headers['set-cookie']).toBeUndefined();

      // The owner's device: a wrong password is just a failure of its own pair, the right one signs in.
      expect((await login('ceiling_owner', WRONG, { address: OWNER_HOME, device })).statusCode).toBe(401);
      const trusted = await login('ceiling_owner', TEST_PASSWORD, { address: OWNER_HOME, device });
      expect(trusted.statusCode).toBe(200);
      expect(trusted.json()).toMatchObject({ id: owner.id });

      // An hour after the first failures, the oldest leave the window and untrusted devices may try.
      advance(start + FAILURE_WINDOW_MS - now - 1000);
      expect((await login('ceiling_owner', TEST_PASSWORD, { address: '10.8.0.2' })).statusCode).toBe(429);
      advance(1000);
      expect((await login('ceiling_owner', TEST_PASSWORD, { address: '10.8.0.2' })).statusCode).toBe(200);
    },
  );
});

describe('unknown usernames', () => {
  /** Every answer of one scripted attack on a username, as status, body and Retry-After. */
  async function script(username: string, prefix: string): Promise<unknown[]> {
    const answers: unknown[] = [];
    const note = (res: LightMyRequestResponse) =>
      answers.push([res.statusCode, res.body, res.headers['retry-after'], res.headers['set-cookie']]);
    const start = now;
    for (let i = 0; i < FREE_FAILURES + 3; i++) note(await login(username, WRONG, { address: ATTACKER }));
    advance(1000);
    note(await login(username.toUpperCase(), WRONG, { address: ATTACKER }));
    note(await login(` ${username} `, WRONG, { address: ATTACKER }));
    // Seven failures so far: these bring the account to its ceiling.
    await failFromMany(username, ACCOUNT_CEILING - 7, prefix);
    note(await login(username, WRONG, { address: OWNER_HOME }));
    note(await login(username, TEST_PASSWORD, { address: OWNER_HOME }));
    // Both runs take the same time on the test clock, so their Retry-After values compare.
    now = start + 10 * 60_000;
    return answers;
  }

  it('get the same answers and the same throttling as a wrong password', MANY, async () => {
    await createUser(db, { username: 'real_name' });
    const real = await script('real_name', '10.20');
    const unknown = await script('ghost_name', '10.21');
    expect(unknown).toEqual(real);
    expect(real.map((a) => (a as number[])[0])).toEqual([401, 401, 401, 401, 401, 401, 429, 429, 401, 429, 429, 429]);
    expect((await failureRows('ghost_name')).length).toBe((await failureRows('real_name')).length);
  });
});

describe('the device cookie', () => {
  it('is not trusted when forged, nor for another user than the one who signed in on it', MANY, async () => {
    await createUser(db, { username: 'user_a' });
    await createUser(db, { username: 'user_b' });
    const deviceA = await trustedDevice('user_a', OWNER_HOME);
    advance(60_000);
    await failFromMany('user_a', ACCOUNT_CEILING, '10.30');
    await failFromMany('user_b', ACCOUNT_CEILING, '10.31');

    const [name, value] = deviceA.split('=') as [string, string];
    const id = decodeURIComponent(value).split('.')[0]!;
    const forgeries = [
      `${name}=${id}`,
      `${name}=${id}.${'A'.repeat(43)}`,
      `${name}=${encodeURIComponent(`${'B'.repeat(43)}.${decodeURIComponent(value).split('.')[1]}`)}`,
    ];
    for (const device of forgeries) {
      const res = await login('user_a', TEST_PASSWORD, { address: OWNER_HOME, device });
      expect(res.statusCode, device).toBe(429);
    }
    expect((await login('user_b', TEST_PASSWORD, { address: OWNER_HOME, device: deviceA })).statusCode).toBe(429);
    expect((await login('user_a', TEST_PASSWORD, { address: OWNER_HOME, device: deviceA })).statusCode).toBe(200);
  });

  it(
    'reaches the invite and sign-up calls, which keep its id: a shared tablet stays trusted for everyone',
    MANY,
    async () => {
      await createUser(db, { username: 'tablet_regular' });
      const device = await trustedDevice('tablet_regular', SHOP_NAT);
      const { token } = await createInvite(
        db,
        { id: (await createUser(db, { role: 'admin' })).id, username: 'boss' },
        { role: 'technician' },
      );
      const res = await app.inject({
        method: 'POST',
        url: `/api/invites/${token}/accept`,
        payload: { username: 'tablet_newcomer', email: 'newcomer@shop.test', password: 'a-long-password' },
        remoteAddress: SHOP_NAT,
        headers: { cookie: device },
      });
      expect(res.statusCode, res.body).toBe(201);
      // The same device id comes back, now trusted for the newcomer too.
      expect(deviceCookie(res)).toBe(device);
      advance(60_000);
      await failFromMany('tablet_regular', ACCOUNT_CEILING, '10.40');
      expect((await login('tablet_regular', TEST_PASSWORD, { address: SHOP_NAT, device })).statusCode).toBe(200);
      expect((await login('tablet_newcomer', 'a-long-password', { address: SHOP_NAT, device })).statusCode).toBe(200);
    },
  );

  it('is HttpOnly, SameSite=Lax, for the API only, lasts a year and survives sign-out', async () => {
    await createUser(db, { username: 'cookie_user' });
    const res = await login('cookie_user', TEST_PASSWORD, { address: OWNER_HOME });
    const cookie = res.cookies.find((c) => c.name === 'baywise.device')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api', maxAge: 365 * 24 * 60 * 60 });
    expect(cookie.secure).toBeFalsy();
    const session = res.cookies.find((c) => c.name === 'baywise.sid')!;
    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `baywise.sid=${session.value}` },
    });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.map((c) => c.name)).toEqual(['baywise.sid']);
  });

  it('keeps one id on a shared tablet, trusted for each technician who signed in there', async () => {
    const first = await createUser(db, { username: 'tablet_one' });
    const second = await createUser(db, { username: 'tablet_two' });
    const device = await trustedDevice('tablet_one', SHOP_NAT);
    const again = await login('tablet_two', TEST_PASSWORD, { address: SHOP_NAT, device });
    expect(deviceCookie(again)).toBe(device);
    const rows = await db
      .selectFrom('trustedDevices')
      .selectAll()
      .where('userId', 'in', [first.id, second.id])
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.deviceHash)).size).toBe(1);
    expect(JSON.stringify(rows)).not.toContain(decodeURIComponent(device.split('=')[1]!).split('.')[0]);
    // A forged cookie is replaced by a new device id.
    const fresh = await login('tablet_one', TEST_PASSWORD, {
      address: SHOP_NAT,
      device: 'baywise.device=forged.value',
    });
    expect(deviceCookie(fresh)).not.toBe(device);
  });

  it('is forgotten after a year unused', MANY, async () => {
    const user = await createUser(db, { username: 'year_away' });
    const device = await trustedDevice('year_away', OWNER_HOME);
    advance(366 * 24 * 60 * 60 * 1000);
    await failFromMany('year_away', ACCOUNT_CEILING, '10.40');
    expect((await login('year_away', TEST_PASSWORD, { address: OWNER_HOME, device })).statusCode).toBe(429);
    // Any sign-in prunes devices unused for a year.
    await trustedDevice('cookie_user', OWNER_HOME);
    const rows = await db.selectFrom('trustedDevices').selectAll().where('userId', '=', user.id).execute();
    expect(rows).toEqual([]);
  });
});

describe('a successful sign-in', () => {
  it("clears only that pair's failures", MANY, async () => {
    await createUser(db, { username: 'two_places' });
    for (const address of [SHOP_NAT, OWNER_HOME]) {
      for (let i = 0; i < FREE_FAILURES; i++)
        expect((await login('two_places', WRONG, { address })).statusCode).toBe(401);
    }
    expect((await login('two_places', TEST_PASSWORD, { address: SHOP_NAT })).statusCode).toBe(200);
    const left = await failureRows('two_places');
    expect(left.map((r) => r.clientKey)).toEqual(Array(FREE_FAILURES).fill(`address:${OWNER_HOME}`));

    // The shop's address has all its free failures again; home is one failure from waiting.
    expect((await login('two_places', WRONG, { address: OWNER_HOME })).statusCode).toBe(401);
    expect((await login('two_places', WRONG, { address: OWNER_HOME })).statusCode).toBe(429);
    for (let i = 0; i <= FREE_FAILURES; i++)
      expect((await login('two_places', WRONG, { address: SHOP_NAT })).statusCode).toBe(401);
    expect((await login('two_places', WRONG, { address: SHOP_NAT })).statusCode).toBe(429);
  });
});

describe('failures at the same moment', () => {
  it(
    `let at most ${FREE_FAILURES + 1} parallel attempts of one pair through, and count every one they let through`,
    MANY,
    async () => {
      await createUser(db, { username: 'parallel_pair' });
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => login('parallel_pair', WRONG, { address: ATTACKER })),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      const failed = statuses.filter((s) => s === 401).length;
      expect(failed).toBeLessThanOrEqual(FREE_FAILURES + 1);
      expect(await failureRows('parallel_pair')).toHaveLength(failed);
    },
  );

  it(
    `let at most ${ACCOUNT_CEILING} untrusted attempts on one account through, from any number of addresses`,
    MANY,
    async () => {
      await createUser(db, { username: 'parallel_account' });
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, i) =>
          login('parallel_account', WRONG, { address: `10.50.${i >> 8}.${i & 255}` }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      const failed = statuses.filter((s) => s === 401).length;
      expect(failed).toBeLessThanOrEqual(ACCOUNT_CEILING);
      expect(await failureRows('parallel_account')).toHaveLength(failed);
    },
  );
});

describe('the stored failures', () => {
  it('are pruned once older than the window, so spraying many usernames leaves a bounded table', MANY, async () => {
    for (let i = 0; i < 20; i++) await login(`sprayed_${i}`, WRONG, { address: ATTACKER });
    expect((await failureRows('sprayed_0')).length).toBe(1);
    advance(FAILURE_WINDOW_MS);
    await login('sprayed_last', WRONG, { address: ATTACKER });
    const all = await db.selectFrom('loginFailures').select('failedAt').execute();
    expect(all.every((r) => Date.parse(r.failedAt) > now - FAILURE_WINDOW_MS)).toBe(true);
    expect(all).toHaveLength(1);
  });
});

describe('one address over many usernames', () => {
  it(
    `gets ${ADDRESS_BUDGET} failures an hour, shared with sign-ups and invite acceptances; trusted devices go on`,
    MANY,
    async () => {
      const SPRAYER = '203.0.113.99';
      advance(FAILURE_WINDOW_MS);
      await createUser(db, { username: 'spray_owner' });
      const device = await trustedDevice('spray_owner', SPRAYER);
      const admin = await createUser(db, { role: 'admin' });
      await openSignUp(db);
      const start = now;
      // Known and unknown usernames spend the same budget.
      for (let i = 0; i < ADDRESS_BUDGET - 2; i++) {
        const username = i < FREE_FAILURES ? 'spray_owner' : `sprayed_name_${i}`;
        expect((await login(username, WRONG, { address: SPRAYER })).statusCode).toBe(401);
      }
      const signUp = (username: string) =>
        app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { username, email: `${username}@shop.test`, password: 'a-long-password' },
          remoteAddress: SPRAYER,
        });
      expect((await signUp('spray_signup_1')).statusCode).toBe(202);
      const { token } = await createInvite(db, { id: admin.id, username: admin.username }, { role: 'technician' });
      const accept = () =>
        app.inject({
          method: 'POST',
          url: `/api/invites/${token}/accept`,
          payload: { username: 'spray_invitee', email: 'spray.invitee@shop.test', password: 'a-long-password' },
          remoteAddress: SPRAYER,
        });
      expect((await accept()).statusCode).toBe(201);

      // Spent: sign-ins with any username, sign-ups and invite acceptances wait, with Retry-After.
      const refused = await login(`sprayed_fresh`, WRONG, { address: SPRAYER });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(throttledBody(`${Math.ceil((start + FAILURE_WINDOW_MS - now) / 60_000)} minutes`));
      expect(retryAfter(refused)).toBeGreaterThan(0);
      expect((await login('spray_owner', TEST_PASSWORD, { address: SPRAYER })).statusCode).toBe(429);
      const noSignUp = await signUp('spray_signup_2');
      expect(noSignUp.statusCode).toBe(429);
      expect(noSignUp.json().message).toMatch(/^Too many attempts from this network\. Try again in \d+ minutes\.$/);
      expect(retryAfter(noSignUp)).toBeGreaterThan(0);
      const { token: second } = await createInvite(
        db,
        { id: admin.id, username: admin.username },
        { role: 'technician' },
      );
      const noInvite = await app.inject({
        method: 'POST',
        url: `/api/invites/${second}/accept`,
        payload: { username: 'spray_invitee_2', email: 'spray.invitee2@shop.test', password: 'a-long-password' },
        remoteAddress: SPRAYER,
      });
      expect(noInvite.statusCode).toBe(429);
      expect(await db.selectFrom('users').select('id').where('username', '=', 'spray_signup_2').execute()).toEqual([]);

      // The owner's trusted device, and other addresses, are not held up.
      expect((await login('spray_owner', TEST_PASSWORD, { address: SPRAYER, device })).statusCode).toBe(200);
      expect((await login('sprayed_elsewhere', WRONG, { address: OWNER_HOME })).statusCode).toBe(401);

      // An hour after the first of them, the address may try again.
      advance(start + FAILURE_WINDOW_MS - now + 1000);
      expect((await login('sprayed_later', WRONG, { address: SPRAYER })).statusCode).toBe(401);
    },
  );
});
