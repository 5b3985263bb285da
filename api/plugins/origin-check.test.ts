import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createUser, TEST_PASSWORD } from '@api/test/factories';

const t = await useTestApp();
const proxied = await useTestApp({ trustProxy: true });

const refused = { error: 'forbidden', message: 'Cross-site requests are not allowed' };

async function loginWith(headers: Record<string, string>, app = t) {
  const user = await createUser(app.db);
  return app.app.inject({
    method: 'POST',
    url: '/api/login',
    headers,
    payload: { username: user.username, password: TEST_PASSWORD },
  });
}

describe('state-changing calls from another origin', () => {
  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'http://localhost.evil.example' }],
    [{ origin: 'http://localhost:3000' }],
    [{ origin: 'null' }],
    [{ origin: 'not a url' }],
    [{ origin: 'file:///etc/passwd' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ 'sec-fetch-site': 'cross-site', origin: 'http://localhost' }],
  ])('are refused with 403: %j', async (headers) => {
    const res = await loginWith(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(refused);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    [{}],
    [{ origin: 'http://localhost' }],
    [{ origin: 'http://localhost:80' }],
    [{ origin: 'http://LOCALHOST' }],
    [{ 'sec-fetch-site': 'same-origin' }],
    [{ 'sec-fetch-site': 'none' }],
    [{ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' }],
  ])('pass when same-origin or without the headers: %j', async (headers) => {
    const res = await loginWith(headers);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('guard signed-in writes too, and leave the data unchanged', async () => {
    const client = await t.signIn('technician');
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const res = await client.inject({
        method: 'PUT',
        url: '/api/user/settings',
        headers,
        payload: { email: client.user.email, city: 'Evilton' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(refused);
    }
    const logout = await client.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(logout.statusCode).toBe(403);
    const me = await client.inject({ method: 'GET', url: '/api/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json().city).toBeNull();
  });

  it('let reads through whatever the origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('compare with the forwarded host behind a trusted proxy', async () => {
    const headers = { host: '127.0.0.1:3000', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' };
    const same = await loginWith({ ...headers, origin: 'https://shop.example' }, proxied);
    expect(same.statusCode, same.body).toBe(200);
    const other = await loginWith({ ...headers, origin: 'https://evil.example' }, proxied);
    expect(other.statusCode).toBe(403);
  });
});
