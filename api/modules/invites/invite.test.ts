import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_MESSAGE } from '@api/lib/password-rules';
import { sessionCookie, useTestApp } from '@api/test/app';
import { createUser } from '@api/test/factories';
import { INVITE_ALREADY_USED, INVITE_EXPIRED, INVITE_NOT_FOUND, INVITE_REVOKED, INVITE_USED } from './invite.service';

const t = await useTestApp();
const admin = await t.signIn('admin', { companyName: 'Bayside Auto' });
const PASSWORD = 'a-long-password';
const DAY_MS = 86_400_000;

async function invite(role?: string) {
  const res = await admin.inject({ method: 'POST', url: '/api/invites', payload: role ? { role } : {} });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: string;
    token: string;
    role: string;
    createdAt: string;
    expiresAt: string;
    createdBy: unknown;
  };
}
const describeInvite = (token: string) => t.app.inject({ method: 'GET', url: `/api/invites/${token}` });
const accept = (token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/invites/${token}/accept`, payload });
const openInviteIds = async () =>
  (await admin.inject({ method: 'GET', url: '/api/invites' })).json().map((i: { id: string }) => i.id);

describe('an invite link', () => {
  it('is made by an admin for a role, for 7 days, and only its hash is stored', async () => {
    const made = await invite('service_advisor');
    expect(made).toMatchObject({
      role: 'service_advisor',
      createdBy: { id: admin.user.id, username: admin.user.username },
    });
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(made.expiresAt) - Date.parse(made.createdAt)).toBe(7 * DAY_MS);
    const row = await t.db.selectFrom('invites').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(made.token);

    const list = await admin.inject({ method: 'GET', url: '/api/invites' });
    const listed = list.json().find((i: { id: string }) => i.id === made.id);
    expect(listed).toEqual({
      id: made.id,
      role: 'service_advisor',
      createdAt: made.createdAt,
      expiresAt: made.expiresAt,
      createdBy: made.createdBy,
    });
    expect(list.body).not.toContain(made.token);
    expect((await invite()).role).toBe('technician');
  });

  it('keeps its token out of the idempotency table: a create sent again makes a second invite', async () => {
    const headers = { 'idempotency-key': 'invite-once-0001' };
    const first = await admin.inject({ method: 'POST', url: '/api/invites', payload: { role: 'technician' }, headers });
    const again = await admin.inject({ method: 'POST', url: '/api/invites', payload: { role: 'technician' }, headers });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().id).not.toBe(first.json().id);
    const stored = await t.db.selectFrom('idempotencyKeys').select('body').execute();
    expect(stored.map((row) => row.body ?? '').join('\n')).not.toContain(first.json().token);
    // Both are open, and either can be withdrawn.
    expect(await openInviteIds()).toEqual(expect.arrayContaining([first.json().id, again.json().id]));
  });

  it('is for staff roles only: an administrator comes from the admin-email rule', async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/invites', payload: { role: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'role', message: 'Invites are for Technician or Service Advisor accounts' },
    ]);
  });

  it('shows the invitee the role and the shop, then makes their account with their own username and password', async () => {
    const made = await invite('technician');
    const info = await describeInvite(made.token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ role: 'technician', expiresAt: made.expiresAt, shopName: 'Bayside Auto' });
    expect(info.headers['set-cookie']).toBeUndefined();

    const res = await accept(made.token, {
      username: 'invited_tech',
      email: 'Invited@Shop.test',
      password: PASSWORD,
      role: 'admin',
    });
    expect(res.statusCode, res.body).toBe(201);
    // The invite's role, whatever else the body says.
    expect(res.json()).toMatchObject({
      username: 'invited_tech',
      email: 'invited@shop.test',
      role: 'technician',
      status: 'active',
    });
    const cookie = sessionCookie(res);
    expect((await t.app.inject({ method: 'GET', url: '/api/customers', headers: { cookie } })).statusCode).toBe(200);
    const row = await t.db.selectFrom('invites').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(row.usedBy).toBe(res.json().id);
    expect(await openInviteIds()).not.toContain(made.id);
  });

  it('is single use', async () => {
    const made = await invite();
    expect(
      (await accept(made.token, { username: 'first_taker', email: 'first@shop.test', password: PASSWORD })).statusCode,
    ).toBe(201);
    const second = await accept(made.token, {
      username: 'second_taker',
      email: 'second@shop.test',
      password: PASSWORD,
    });
    expect(second.statusCode).toBe(410);
    expect(second.json()).toEqual({ error: 'gone', message: INVITE_USED });
    expect((await describeInvite(made.token)).json().message).toBe(
      'This invite link has already been used. Ask your administrator for a new one.',
    );
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'second_taker').execute()).toEqual([]);
    const withdrawUsed = await admin.inject({ method: 'DELETE', url: `/api/invites/${made.id}` });
    expect(withdrawUsed.statusCode).toBe(409);
    expect(withdrawUsed.json().message).toBe(INVITE_ALREADY_USED);
  });

  it('two acceptances at once make one account: one 201 and one 410', async () => {
    for (let round = 0; round < 6; round++) {
      const made = await invite();
      const responses = await Promise.all(
        ['a', 'b'].map((who) =>
          accept(made.token, {
            username: `racer_${round}_${who}`,
            email: `racer.${round}.${who}@shop.test`,
            password: PASSWORD,
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort(), responses.map((r) => r.body).join('\n')).toEqual([201, 410]);
      const made_ = await t.db.selectFrom('users').select('id').where('username', 'like', `racer_${round}_%`).execute();
      expect(made_).toHaveLength(1);
    }
  }, 60_000);

  it('can be withdrawn by an admin until it is used', async () => {
    const made = await invite();
    const withdraw = await admin.inject({ method: 'DELETE', url: `/api/invites/${made.id}` });
    expect(withdraw.statusCode).toBe(204);
    expect((await admin.inject({ method: 'DELETE', url: `/api/invites/${made.id}` })).statusCode).toBe(204);
    expect(await openInviteIds()).not.toContain(made.id);
    expect((await describeInvite(made.token)).json()).toEqual({ error: 'gone', message: INVITE_REVOKED });
    const res = await accept(made.token, { username: 'too_late', email: 'too.late@shop.test', password: PASSWORD });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This invite link was withdrawn. Ask your administrator for a new one.');
    expect(
      (await admin.inject({ method: 'DELETE', url: '/api/invites/3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00' })).statusCode,
    ).toBe(404);
  });

  it('expires after 7 days', async () => {
    const made = await invite();
    await t.db
      .updateTable('invites')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', made.id)
      .execute();
    expect(await openInviteIds()).not.toContain(made.id);
    expect((await describeInvite(made.token)).json()).toEqual({ error: 'gone', message: INVITE_EXPIRED });
    const res = await accept(made.token, { username: 'expired_one', email: 'expired@shop.test', password: PASSWORD });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This invite link has expired. Ask your administrator for a new one.');
  });

  it('answers 404 for an unknown token and 400 for one that cannot be a token', async () => {
    const unknown = await describeInvite('A'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: INVITE_NOT_FOUND });
    expect(
      (await accept('A'.repeat(32), { username: 'nobody', email: 'n@shop.test', password: PASSWORD })).statusCode,
    ).toBe(404);
    expect((await describeInvite('not.a.token')).statusCode).toBe(400);
    expect((await describeInvite('bad%20token')).statusCode).toBe(400);
  });

  it('stays usable when the account cannot be made (taken name, weak password)', async () => {
    const taken = await createUser(t.db, { username: 'already_here' });
    const made = await invite();
    const byName = await accept(made.token, { username: taken.username, email: 'other@shop.test', password: PASSWORD });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().message).toBe('Username already exists');
    const weak = await accept(made.token, { username: 'weak_one', email: 'weak@shop.test', password: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues).toEqual([{ path: 'password', message: COMMON_PASSWORD_MESSAGE }]);
    const missing = await accept(made.token, { username: '', email: 'nope', password: 'short' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['email', 'password', 'username']);
    expect(await openInviteIds()).toContain(made.id);
    expect(
      (await accept(made.token, { username: 'finally_in', email: 'finally@shop.test', password: PASSWORD })).statusCode,
    ).toBe(201);
  });

  it('works while the Sign Up form is closed, and only admins manage invites', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().signUp).toBe('closed');
    const technician = await t.signIn('technician');
    for (const [method, url] of [
      ['GET', '/api/invites'],
      ['POST', '/api/invites'],
    ] as const) {
      expect((await technician.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })).statusCode).toBe(
        403,
      );
    }
  });
});
