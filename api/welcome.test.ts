import { describe, expect, it } from 'vitest';
import { displayUrl, welcomeText } from './welcome';

describe('start-up message', () => {
  it('on an empty database says where the app is, the setup code and how to load the demo shop', () => {
    const setup = { code: 'K7QM-3XWD-PH9T-ZC4R', file: '/srv/baywise/setup-code' };
    const text = welcomeText({ url: 'http://localhost:3000', adminEmail: 'owner@shop.test', setup });
    expect(text).toContain('Baywise is running at http://localhost:3000');
    expect(text).toContain('npm run db:seed -- --demo');
    expect(text).toContain("create the shop's admin: open http://localhost:3000/setup and sign up with");
    expect(text).toContain('      setup code  K7QM-3XWD-PH9T-ZC4R\n');
    expect(text).toContain('      email       owner@shop.test  (ADMIN_EMAIL)\n');
    expect(text).toContain('it is also in /srv/baywise/setup-code.');
  });

  it('once the shop has users prints only the address', () => {
    const text = welcomeText({ url: 'http://localhost:3000', adminEmail: 'owner@shop.test', setup: undefined });
    expect(text.trim()).toBe('Baywise is running at http://localhost:3000');
  });

  it('shows a wildcard host as localhost and brackets IPv6 addresses', () => {
    expect(displayUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(displayUrl('::', 8080)).toBe('http://localhost:8080');
    expect(displayUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(displayUrl('::1', 3000)).toBe('http://[::1]:3000');
  });
});
