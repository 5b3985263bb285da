import { describe, expect, it } from 'vitest';
import { displayUrl, welcomeText } from './welcome';

describe('start-up message', () => {
  it('on an empty database says where the app is and how to load the demo shop or create the admin', () => {
    const text = welcomeText({ url: 'http://localhost:3000', adminEmail: 'owner@shop.test', hasUsers: false });
    expect(text).toContain('Baywise is running at http://localhost:3000');
    expect(text).toContain('npm run db:seed -- --demo');
    expect(text).toContain('open http://localhost:3000/auth, choose Sign Up and register with owner@shop.test');
  });

  it('once the shop has users prints only the address', () => {
    const text = welcomeText({ url: 'http://localhost:3000', adminEmail: 'owner@shop.test', hasUsers: true });
    expect(text.trim()).toBe('Baywise is running at http://localhost:3000');
  });

  it('shows a wildcard host as localhost and brackets IPv6 addresses', () => {
    expect(displayUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(displayUrl('::', 8080)).toBe('http://localhost:8080');
    expect(displayUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(displayUrl('::1', 3000)).toBe('http://[::1]:3000');
  });
});
