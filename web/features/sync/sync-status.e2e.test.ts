import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { overflowsHorizontally, SMALL_PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT } from '@web/test/e2e/browser';
import { syncChip, waitForFirstPull } from '@web/test/e2e/offline';
import { screenshot } from '@web/test/e2e/screenshot';
import {
  addSession,
  createStaffUser,
  searchList,
  signInThroughUi,
  toastTitled,
  uniqueName,
  type StaffUser,
} from '@web/test/e2e/staff';
import { expectAccessible, holdRequests, useE2E } from '@web/test/e2e/use-e2e';

// The sync state in the header, the sync panel, the sign-out warning and the expired-session
// resume, in Chromium against the real server.

const { api, baseUrl, open } = useE2E();

let technician: StaffUser;
let advisor: StaffUser;

beforeAll(async () => {
  [technician, advisor] = await Promise.all([
    createStaffUser(api, 'technician', 'synctech'),
    createStaffUser(api, 'service_advisor', 'syncadvisor'),
  ]);
});

const chipText = (page: Page) => syncChip(page).textContent();

/** Signs in and opens the customers section (its code is loaded while the network is there). */
async function openCustomers(page: Page, user: StaffUser): Promise<void> {
  await signInThroughUi(page, user.username, user.password);
  await page.goto('/?section=customers');
  await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
  await waitForFirstPull(page);
  await expect.poll(() => chipText(page)).toBe('Online');
}

/** Signs in on the sign-in page the app is showing (after a sign-out or an expired session). */
async function signInHere(page: Page, user: StaffUser): Promise<void> {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await syncChip(page).waitFor();
}

async function addCustomer(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(`${name.replace(/\W+/g, '.').toLowerCase()}@mail.example.com`);
  await dialog.getByLabel('Phone').fill('555-0142');
  await dialog.getByRole('button', { name: 'Create Customer' }).click();
  await page.locator('[data-toast-title]').getByText('Customer created', { exact: true }).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

const serverCustomers = async (name: string) =>
  (await api.call<{ name: string }[]>('GET', `/api/customers?q=${encodeURIComponent(name)}`)).map((c) => c.name);

const customerCard = (page: Page, name: string): Locator =>
  page.getByTestId('customer-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openPanel(page: Page): Promise<Locator> {
  await syncChip(page).click();
  const panel = page.getByRole('dialog', { name: 'Sync' });
  await panel.waitFor();
  return panel;
}

describe('the sync status in the header', () => {
  it('says Online, Offline with what waits, and Online again once the change is sent', async () => {
    const { page, context } = await open(TABLET_LANDSCAPE, { touch: false });
    await openCustomers(page, technician);
    const region = page.getByRole('status').filter({ has: syncChip(page) });
    expect(await region.getAttribute('aria-live')).toBe('polite');
    expect(await syncChip(page).getAttribute('data-tone')).toBe('online');

    await context.setOffline(true);
    await expect.poll(() => chipText(page)).toBe('Offline');
    const name = `${uniqueName('Sync')} Ada Brooks`;
    await addCustomer(page, name);
    await expect.poll(() => chipText(page)).toBe('Offline, 1 change waiting');
    // The state itself stays exactly 'Offline'; the count follows it.
    expect(await syncChip(page).getByTestId('sync-status-label').textContent()).toBe('Offline');

    const panel = await openPanel(page);
    expect(await panel.getByTestId('sync-pending').textContent()).toBe('1 change waiting to be sent.');
    await panel
      .getByText("You're offline. Changes are kept on this device and sent when the connection is back.")
      .waitFor();
    expect(await panel.getByRole('button', { name: 'Sync now' }).isDisabled()).toBe(true);
    await panel.getByText('No changes need attention.').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'sync-panel-offline');
    await panel.getByRole('button', { name: 'Close' }).last().click();

    await context.setOffline(false);
    await expect.poll(() => chipText(page)).toBe('Online');
    expect(await serverCustomers(name)).toEqual([name]);
  });

  it('lists refused changes with the server message; edit and retry, or discard', async () => {
    const { page } = await open(SMALL_PHONE);
    await openCustomers(page, technician);
    const refusal = 'A customer with this email already exists';
    await page.route('**/api/customers', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 422,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Unprocessable Entity', message: refusal }),
          })
        : route.fallback(),
    );
    const tag = uniqueName('Refused');
    const dropped = `${tag} Cal Dunn`;
    const kept = `${tag} Eve Frost`;
    await addCustomer(page, dropped);
    await expect.poll(() => chipText(page)).toBe('1 change needs attention');
    await addCustomer(page, kept);
    await expect.poll(() => chipText(page)).toBe('2 changes need attention');
    expect(await syncChip(page).getAttribute('data-tone')).toBe('attention');

    // Fits a 360 px phone: no sideways scrolling, the chip stays a full touch target.
    expect(await overflowsHorizontally(page)).toBe(false);
    expect((await syncChip(page).boundingBox())?.height).toBeGreaterThanOrEqual(44);
    // The whole text shows: nothing is clipped by the two-line limit.
    expect(
      await syncChip(page)
        .locator('span')
        .first()
        .evaluate((span) => span.scrollHeight <= span.clientHeight),
    ).toBe(true);
    await page.locator('li[data-variant]').getByRole('button', { name: 'Close' }).click();
    await screenshot(page, 'sync-status-attention-360');

    const panel = await openPanel(page);
    const entries = panel.getByTestId('attention-entry');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.locator('p:first-child').allTextContents()).toEqual([
      `Add customer ${dropped}`,
      `Add customer ${kept}`,
    ]);
    expect(await entries.first().getByText(refusal, { exact: false }).count()).toBe(1);
    await expectAccessible(page);
    await screenshot(page, 'sync-panel-attention');

    // Discard asks first, then the change and its local row are gone.
    await entries.first().getByRole('button', { name: 'Discard' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard this change?' });
    await confirm.getByText('It will not be sent to the server.').waitFor();
    await confirm.getByRole('button', { name: 'Discard' }).click();
    expect(await toastTitled(page, 'Change discarded')).toEqual({
      description: 'It will not be sent to the server.',
      variant: 'default',
    });
    await expect.poll(() => entries.count()).toBe(1);
    await expect.poll(() => chipText(page)).toBe('1 change needs attention');

    // Edit: the same schema messages as the form, then the corrected change goes through.
    await page.unroute('**/api/customers');
    await entries.first().getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit change' });
    expect(await edit.getByLabel('Name').inputValue()).toBe(kept);
    await edit.getByLabel('Name').fill(' ');
    await edit.getByRole('button', { name: 'Save and retry' }).click();
    await edit.getByText('Name is required').waitFor();
    const fixed = `${tag} Eve Frost-Hale`;
    await edit.getByLabel('Name').fill(fixed);
    await edit.getByRole('button', { name: 'Save and retry' }).click();
    await toastTitled(page, 'Change saved');
    await expect.poll(() => chipText(page)).toBe('Online');
    await panel.getByText('No changes need attention.').waitFor();
    expect(await serverCustomers(tag)).toEqual([fixed]);

    await panel.getByRole('button', { name: 'Close' }).last().click();
    await searchList(page, tag);
    await customerCard(page, fixed).waitFor();
    expect(await customerCard(page, dropped).count()).toBe(0);
  });
});

describe('signing out with unsent changes', () => {
  it('warns with the count, keeps the changes for their author and sends them when that user is back', async () => {
    const { page } = await open(TABLET_PORTRAIT);
    await openCustomers(page, technician);
    // The server cannot be reached for this create: it stays pending and is retried.
    await page.route('**/api/customers', (route) =>
      route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
    );
    const name = `${uniqueName('Unsent')} Gus Hart`;
    await addCustomer(page, name);
    await expect.poll(() => chipText(page)).toBe('Syncing 1 change');

    await page.getByRole('button', { name: 'Logout' }).click();
    let warning = page.getByRole('alertdialog', { name: 'You have 1 unsent change' });
    await warning
      .getByText(`It stays on this device and is sent when ${technician.username} signs in again.`)
      .waitFor();
    expect(await warning.getByRole('button').allTextContents()).toEqual(['Cancel', 'Sign out anyway', 'Sync now']);
    await expectAccessible(page);
    await screenshot(page, 'sign-out-unsent');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });
    await syncChip(page).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    warning = page.getByRole('alertdialog', { name: 'You have 1 unsent change' });
    await warning.getByRole('button', { name: 'Sign out anyway' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await page.unroute('**/api/customers');

    // Another user on this tablet: the change is not theirs, so it is neither counted nor sent.
    await signInHere(page, advisor);
    await expect.poll(() => chipText(page)).toBe('Online');
    // A pass pushes before it pulls: once a pull has answered, this session's push is over.
    const panel = await openPanel(page);
    const pass = page.waitForResponse((response) => response.url().includes('/api/sync/changes'));
    await panel.getByRole('button', { name: 'Sync now' }).click();
    await pass;
    expect(await serverCustomers(name)).toEqual([]);
    await panel.getByRole('button', { name: 'Close' }).last().click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    // Its author signs in again: it is sent.
    await signInHere(page, technician);
    await expect.poll(() => serverCustomers(name)).toEqual([name]);
    await expect.poll(() => chipText(page)).toBe('Online');
  });

  it('Sync now sends the changes first, then signs out', async () => {
    const { page } = await open(TABLET_LANDSCAPE, { touch: false });
    await openCustomers(page, technician);
    const release = await holdRequests(page, '**/api/customers');
    const name = `${uniqueName('Held')} Ivy Jones`;
    await addCustomer(page, name);
    await expect.poll(() => chipText(page)).toBe('Syncing 1 change');

    await page.getByRole('button', { name: 'Logout' }).click();
    const warning = page.getByRole('alertdialog', { name: 'You have 1 unsent change' });
    await warning.getByRole('button', { name: 'Sync now' }).click();
    await warning.getByRole('button', { name: 'Syncing…' }).waitFor();
    release();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    expect(await serverCustomers(name)).toEqual([name]);
    await toastTitled(page, 'Logged out');
  });
});

describe('an expired session', () => {
  it('pauses sending, asks for a sign-in and resumes where the user was', async () => {
    const { page, context } = await open(TABLET_LANDSCAPE, { touch: false });
    await openCustomers(page, technician);
    await context.clearCookies();
    const name = `${uniqueName('Expired')} Kai Lund`;
    await addCustomer(page, name);
    await expect.poll(() => chipText(page)).toBe('Sign in to sync 1 change');

    const panel = await openPanel(page);
    const alert = panel.getByRole('alert');
    expect(await alert.locator('p').textContent()).toBe('Your session expired. Sign in again to send your changes.');
    await screenshot(page, 'sync-panel-session-expired');
    await alert.getByRole('button', { name: 'Sign in' }).click();

    await signInHere(page, technician);
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?section=customers');
    await expect.poll(() => serverCustomers(name)).toEqual([name]);
    await expect.poll(() => chipText(page)).toBe('Online');
  });
});

describe('screens that need the server', () => {
  it('say plainly that they need a connection while offline', async () => {
    const { page, context } = await open(TABLET_LANDSCAPE, { touch: false });
    await addSession(context, baseUrl, api.cookie);
    // Each section's code is loaded once online; offline the app only switches between them.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const sections: [string, string][] = [
      ['Invoices', 'Receipts'],
      ['User Management', 'User Management'],
      ['Email Templates', 'Email Templates'],
    ];
    await page.goto('/');
    for (const [link, heading] of sections) {
      await nav.getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await page.getByTestId('user-block').click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { name: 'Welcome back, bayside_owner' }).waitFor();
    await page.getByTestId('stat-card').first().waitFor();

    await context.setOffline(true);
    await expect.poll(() => chipText(page)).toBe('Offline');
    const notice = (text: string) => page.getByRole('status').filter({ hasText: text });
    await notice(
      "You're offline. The figures and recent inspections need a connection; customers, vehicles and inspections still work.",
    ).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'dashboard-offline');

    const expected: Record<string, string> = {
      Invoices: 'Receipts need a connection. Reconnect to see, create or delete receipts.',
      'User Management': "You're offline. User management needs a connection.",
      'Email Templates': "You're offline. Email templates need a connection; the list may be out of date.",
    };
    for (const [label, text] of Object.entries(expected)) {
      await nav.getByRole('link', { name: label }).click();
      await notice(text).waitFor();
    }
    await page.getByTestId('user-block').click();
    await notice("You're offline. Settings need a connection to save.").waitFor();
  });
});
