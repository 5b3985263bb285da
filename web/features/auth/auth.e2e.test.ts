import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, TABLET_LANDSCAPE, TABLET_PORTRAIT } from '@web/test/e2e/browser';
import { ADMIN_PASSWORD } from '@web/test/e2e/provided';
import { screenshot } from '@web/test/e2e/screenshot';
import { addSession, createStaffUser, toastTitled, uniqueName, useFreshServer } from '@web/test/e2e/staff';
import { expectAccessible, holdRequests, textOf, useE2E } from '@web/test/e2e/use-e2e';

const { baseUrl, api, open } = useE2E();
const fresh = useFreshServer();

describe('sign-up', () => {
  // The shared server's shop has its admin: the form takes sign-ups only with "Open sign-up" on.
  beforeAll(() => api.call('PUT', '/api/shop-settings', { openSignUp: true }));
  afterAll(() => api.call('PUT', '/api/shop-settings', { openSignUp: false }));

  it('sets up the first admin with the setup code from the data folder; the empty shop looks closed to others', async () => {
    const { page } = await open(TABLET_PORTRAIT, { url: fresh.baseUrl() });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    // The same panel as any shop with sign-up closed: nothing says this one is unclaimed.
    await expect.poll(() => textOf(page, '[role="tabpanel"] h2')).toBe('How to get an account');
    await page.getByRole('link', { name: 'Create its administrator with the setup code' }).click();
    await page.getByRole('heading', { name: 'Set up Baywise' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/setup');

    const fill = async (code: string) => {
      await page.getByLabel('Setup code').fill(code);
      await page.getByLabel('Username').fill('shop_owner');
      await page.getByLabel('Email').fill(fresh.adminEmail);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByLabel('Confirm Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Create Administrator' }).click();
    };
    await fill('AAAA-BBBB-CCCC-DDDD');
    const refused = await toastTitled(page, 'Registration failed');
    expect(refused).toEqual({
      description:
        'That setup code is not valid. The server prints it when it starts on an empty database, and keeps it in its data folder (setup-code).',
      variant: 'destructive',
    });
    expect(new URL(page.url()).pathname).toBe('/setup');

    // Typed as an operator reads it off the file, in lower case.
    const code = fresh.setupCode();
    await fill(code.toLowerCase());
    const toast = await toastTitled(page, 'Account created!');
    expect(toast.description).toBe('Welcome to Baywise, shop_owner');
    await page.getByRole('heading', { name: 'Welcome back, shop_owner' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    expect(await menu.getByText('Admin', { exact: true }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'User Management' }).isVisible()).toBe(true);
    await screenshot(page, 'auth-set-up-admin');
    // Used once: the file is gone and the code opens nothing.
    expect(() => fresh.setupCode()).toThrow(/ENOENT/);
    const again = await fetch(`${fresh.baseUrl()}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'second',
        email: fresh.adminEmail,
        role: 'admin',
        password: ADMIN_PASSWORD,
        setupCode: code,
      }),
    });
    expect(again.status).toBe(403);
  });

  it('refuses Administrator for another email and shows the server message in a Registration failed toast', async () => {
    const { page } = await open(TABLET_LANDSCAPE);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const username = uniqueName('wannabe');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@mail.example.com`);
    await page.getByLabel('Role').click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm Password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();

    const toast = await toastTitled(page, 'Registration failed');
    expect(toast).toEqual({
      description: 'Admin accounts can only be created with the email: owner@bayside-auto.test',
      variant: 'destructive',
    });
    expect(new URL(page.url()).pathname).toBe('/auth');
    await screenshot(page, 'auth-registration-failed');
  });

  it('signs up a technician by default (Technician preselected), who signs in once approved, and never sends the confirmation', async () => {
    const { page } = await open(TABLET_LANDSCAPE);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    expect(await textOf(page, '#register-role')).toBe('Technician');
    const username = uniqueName('newtech');
    let sent: Record<string, unknown> = {};
    page.on('request', (request) => {
      if (request.url().endsWith('/api/register')) sent = request.postDataJSON() as Record<string, unknown>;
    });
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@mail.example.com`);
    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm Password').fill('secret-123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Request sent' }).waitFor();
    expect(sent).toEqual({
      username,
      email: `${username}@mail.example.com`,
      role: 'technician',
      password: 'secret-123',
    });
    await page.getByText('If the details are accepted, an admin will approve the account.').waitFor();
    await screenshot(page, 'auth-sign-up-received');

    // Approved elsewhere: now the Sign In tab lets them in.
    const pending = await api.call<{ id: string; username: string }[]>('GET', '/api/users?status=pending');
    await api.call('POST', `/api/users/${pending.find((u) => u.username === username)!.id}/approve`);
    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: `Welcome back, ${username}` }).waitFor();
    expect(await page.getByText('Technician', { exact: true }).first().isVisible()).toBe(true);
  });

  it('shows per-field messages under username, email, password and confirm password', async () => {
    const { page } = await open(TABLET_PORTRAIT);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await textOf(page, '#register-username-error')).toBe('Username is required');
    expect(await textOf(page, '#register-email-error')).toBe('Please enter a valid email');
    expect(await textOf(page, '#register-password-error')).toBe('Password must be at least 8 characters');
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Username').getAttribute('aria-describedby')).toBe('register-username-error');

    await page.getByLabel('Password', { exact: true }).fill('secret-123');
    await page.getByLabel('Confirm Password').fill('secret-12');
    expect(await textOf(page, '#register-confirm-password-error')).toBe("Passwords don't match");
    await screenshot(page, 'auth-sign-up-errors');
  });
});

describe('sign-in', () => {
  it('shows Username is required and Password is required when blank', async () => {
    const { page } = await open(TABLET_PORTRAIT);
    await page.goto('/auth');
    expect(await page.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
    expect(await textOf(page, '[role="tabpanel"] h2')).toBe('Welcome back');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await textOf(page, '#login-username-error')).toBe('Username is required');
    expect(await textOf(page, '#login-password-error')).toBe('Password is required');
    await page.getByLabel('Username').fill('someone');
    await expect.poll(() => page.locator('#login-username-error').count()).toBe(0);
    await screenshot(page, 'auth-sign-in-errors');
  });

  it('shows a Login failed toast with the server message for a wrong password', async () => {
    const { page } = await open(TABLET_LANDSCAPE);
    await page.goto('/auth');
    await page.getByLabel('Username').fill('bayside_owner');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const toast = await toastTitled(page, 'Login failed');
    expect(toast.variant).toBe('destructive');
    expect(toast.description).toMatch(/invalid username or password/i);
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('shows Signing in... while pending, welcomes the user, and signs out with a Logged out toast', async () => {
    const tech = await createStaffUser(api, 'technician', 'signin');
    const { page } = await open(TABLET_LANDSCAPE);
    await page.goto('/auth');
    await page.getByLabel('Username').fill(tech.username);
    await page.getByLabel('Password').fill(tech.password);
    const release = await holdRequests(page, '**/api/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('button', { name: 'Signing in...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Signing in...' }).isDisabled()).toBe(true);
    release();

    const welcome = await toastTitled(page, 'Welcome back!');
    expect(welcome.description).toBe(`Logged in as ${tech.username}`);
    await page.getByRole('heading', { name: `Welcome back, ${tech.username}` }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    const bye = await toastTitled(page, 'Logged out');
    expect(bye.description).toBe('See you next time!');
    await page.waitForURL('**/auth');
    // The session is gone: the app sends a signed-out visitor back to /auth.
    await page.goto('/?section=customers');
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });

  it('sends a signed-in visitor of /auth to the dashboard', async () => {
    const tech = await createStaffUser(api, 'service_advisor', 'redirect');
    const { page, context } = await open(TABLET_LANDSCAPE);
    await addSession(context, baseUrl, tech.cookie);
    await page.goto('/auth');
    await page.getByRole('heading', { name: `Welcome back, ${tech.username}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('links Forgot Password? to a mail to the support contact titled Password Reset Request', async () => {
    const { page } = await open(TABLET_PORTRAIT);
    await page.goto('/auth');
    const link = page.getByRole('link', { name: 'Forgot Password?' });
    await expect
      .poll(() => link.getAttribute('href'))
      .toBe('mailto:owner@bayside-auto.test?subject=Password Reset Request');
  });

  it('signs in through the form and returns to the section that was asked for', async () => {
    const tech = await createStaffUser(api, 'technician', 'deeplink');
    const { page } = await open(TABLET_LANDSCAPE);
    await page.goto('/?section=vehicles');
    await page.waitForURL('**/auth');
    await page.getByLabel('Username').fill(tech.username);
    await page.getByLabel('Password').fill(tech.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/?section=vehicles');
  });
});

describe('the /auth page', () => {
  it('shows the marketing panel with the three features on a wide screen, not on a tablet in portrait', async () => {
    const { page } = await open(DESKTOP, { touch: false });
    await page.goto('/auth');
    const panel = page.getByTestId('marketing-panel');
    await panel.waitFor();
    const features = await panel.locator('li').allTextContents();
    expect(features).toEqual([
      'Customer ManagementTrack customers and their vehicles',
      'Digital InspectionsMulti-point inspections with customer approval',
      'Service TrackingInvoice generation and parts management',
    ]);
    await expectAccessible(page);
    await screenshot(page, 'auth-desktop');

    const tablet = await open(TABLET_PORTRAIT);
    await tablet.page.goto('/auth');
    await tablet.page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await tablet.page.getByTestId('marketing-panel').isVisible()).toBe(false);
    await expectAccessible(tablet.page);
    await screenshot(tablet.page, 'auth-tablet-portrait');
  });

  it('shows a full-screen spinner while the current user loads, then the page (not stuck)', async () => {
    const { page } = await open(TABLET_LANDSCAPE);
    const release = await holdRequests(page, '**/api/user');
    await page.goto('/');
    await page.getByTestId('full-screen-spinner').waitFor();
    release();
    await page.waitForURL('**/auth');
    await page.getByTestId('full-screen-spinner').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  });
});
