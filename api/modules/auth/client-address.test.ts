import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createUser, TEST_PASSWORD } from '@api/test/factories';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:cb00:7109', '203.0.113.9'],
    ['2001:db8:aa:bb:1:2:3:4', '2001:db8:aa:bb::/64'],
    ['2001:db8:aa:bb::99', '2001:db8:aa:bb::/64'],
    ['2001:0DB8:00aa:00bb:ffff::1', '2001:db8:aa:bb::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['2001:db8:1:2:3:4:192.0.2.1', '2001:db8:1:2::/64'],
  ])('counts %s as %s', (address, key) => {
    expect(clientAddressKey(address)).toBe(key);
  });
});

const t = await useTestApp({ trustProxy: true });

describe('behind a TLS-terminating proxy (TRUST_PROXY=true)', () => {
  it('counts failures by the address the proxy reports, and sends the device cookie Secure', async () => {
    const user = await createUser(t.db);
    const headers = { 'x-forwarded-for': '2001:db8:aa:bb::7', 'x-forwarded-proto': 'https' };
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: 'not the password' },
      headers,
    });
    expect(failed.statusCode).toBe(401);
    const rows = await t.db
      .selectFrom('loginFailures')
      .select('clientKey')
      .where('usernameKey', '=', user.username)
      .execute();
    expect(rows).toEqual([{ clientKey: 'address:2001:db8:aa:bb::/64' }]);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: TEST_PASSWORD },
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'baywise.device')).toMatchObject({ secure: true, httpOnly: true });
  });
});
