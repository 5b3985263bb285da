import { describe, expect, it } from 'vitest';
import { sessionCookie, TEST_ADMIN_EMAIL, useTestApp } from '../../test/app';
import { TEST_PASSWORD } from '../../test/factories';

const t = await useTestApp();

describe('auth smoke', () => {
  it('signs in and reads the current user', async () => {
    const client = await t.signIn('service_advisor');
    const res = await client.inject({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: client.user.username, role: 'service_advisor' });
    expect(res.body).not.toContain('scrypt');
  });

  it('registers a user with the production hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'newtech', email: 'NewTech@Shop.test', password: 'secret1', role: 'technician' },
    });
    expect(res.statusCode).toBe(201);
    expect(sessionCookie(res)).toBeTruthy();
    const row = await t.db.selectFrom('users').selectAll().where('username', '=', 'newtech').executeTakeFirstOrThrow();
    expect(row.passwordHash.startsWith('scrypt$17$8$1$')).toBe(true);
    expect(row.email).toBe('newtech@shop.test');
    void TEST_ADMIN_EMAIL;
    void TEST_PASSWORD;
  });
});
