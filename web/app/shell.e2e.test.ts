import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SMALL_PHONE,
  TABLET_LANDSCAPE,
  TABLET_PORTRAIT,
  elementsPastRightEdge,
  overflowsHorizontally,
} from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { addSession, createStaffUser, type StaffUser } from '@web/test/e2e/staff';
import { expectAccessible, textOf, useE2E } from '@web/test/e2e/use-e2e';

const { baseUrl, api, open } = useE2E();

let technician: StaffUser;
let advisor: StaffUser;
beforeAll(async () => {
  [technician, advisor] = await Promise.all([
    createStaffUser(api, 'technician', 'shelltech_unbroken'),
    createStaffUser(api, 'service_advisor', 'shelladvisor'),
  ]);
});

/** Opens `path` signed in with `cookie` (the admin's when not given). */
async function openSignedIn(
  path: string,
  viewport: { width: number; height: number } = TABLET_LANDSCAPE,
  cookie = api.cookie,
): Promise<Page> {
  const { page, context } = await open(viewport);
  await addSession(context, baseUrl, cookie);
  await page.goto(path);
  await page.locator('main#main').waitFor();
  return page;
}

const sidebarLinks = (page: Page) =>
  page
    .locator('aside[aria-label="Sidebar"] nav a')
    .evaluateAll((links) => links.map((a) => a.textContent?.trim() ?? ''));

const search = (page: Page) => new URL(page.url()).search;

describe('the sidebar', () => {
  it('shows the Admin group with User Management and Email Templates to an admin', async () => {
    const page = await openSignedIn('/');
    expect(await sidebarLinks(page)).toEqual([
      'Dashboard',
      'Customers',
      'Vehicles',
      'Invoices',
      'Deferred work',
      'Reports',
      'User Management',
      'Email Templates',
      'VIN Decoder',
      'AllData Log-In',
    ]);
    expect(await page.locator('aside[aria-label="Sidebar"]').getByText('Admin', { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await textOf(page, 'aside[aria-label="Sidebar"] > div > div:first-child')).toBe('Baywise');
    await page.getByRole('heading', { name: 'Welcome back, bayside_owner' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'shell-admin-tablet-landscape');
  });

  for (const role of ['technician', 'service advisor'] as const) {
    it(`hides the Admin group from a ${role}, and shows the user block`, async () => {
      const user = role === 'technician' ? technician : advisor;
      const page = await openSignedIn('/', TABLET_LANDSCAPE, user.cookie);
      // Following declined work up and the reports are the front desk's: advisors see them, technicians do not.
      const deferred = role === 'technician' ? [] : ['Deferred work', 'Reports'];
      expect(await sidebarLinks(page)).toEqual([
        'Dashboard',
        'Customers',
        'Vehicles',
        'Invoices',
        ...deferred,
        'VIN Decoder',
        'AllData Log-In',
      ]);
      expect(await page.getByText('Admin', { exact: true }).count()).toBe(0);
      const block = page.locator('aside[aria-label="Sidebar"]').getByTestId('user-block');
      expect(await block.innerText()).toBe(
        `${user.username.charAt(0).toUpperCase()}\n${user.username}\n${role === 'technician' ? 'Technician' : 'Service Advisor'}`,
      );
    });
  }

  it('opens the two external links in a new tab without an opener', async () => {
    const page = await openSignedIn('/');
    for (const [name, href] of [
      ['VIN Decoder', 'https://vpic.nhtsa.dot.gov/decoder/'],
      ['AllData Log-In', 'https://my.alldata.com/'],
    ] as const) {
      const link = page.locator('aside[aria-label="Sidebar"]').getByRole('link', { name });
      expect(await link.getAttribute('href')).toBe(href);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });
});

describe('sections', () => {
  it('keeps ?section= and the sidebar in step, with back and forward', async () => {
    const page = await openSignedIn('/');
    const sidebar = page.locator('aside[aria-label="Sidebar"]');
    const current = () => sidebar.locator('[aria-current="page"]').innerText();
    expect(await current()).toBe('Dashboard');

    await sidebar.getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor();
    expect(search(page)).toBe('?section=invoices');
    expect(await current()).toBe('Invoices');

    await sidebar.getByRole('link', { name: 'Email Templates' }).click();
    await page.getByRole('heading', { name: 'Email Templates', level: 1 }).waitFor();
    expect(search(page)).toBe('?section=email-templates');

    await page.goBack();
    await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor();
    expect(await current()).toBe('Invoices');
    await page.goBack();
    await page.getByRole('heading', { name: 'Welcome back, bayside_owner' }).waitFor();
    expect(search(page)).toBe('');
    await page.goForward();
    await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor();

    // The user block opens Settings.
    await sidebar.getByTestId('user-block').click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(search(page)).toBe('?section=settings');
    expect(await sidebar.getByTestId('user-block').getAttribute('aria-current')).toBe('page');
  });

  it('opens the section named in the URL, and the dashboard for an unknown one', async () => {
    const page = await openSignedIn('/?section=users');
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    expect(await page.locator('aside[aria-label="Sidebar"] [aria-current="page"]').innerText()).toBe('User Management');

    await page.goto('/?section=warp-drive');
    await page.getByRole('heading', { name: 'Welcome back, bayside_owner' }).waitFor();
    expect(await page.locator('aside[aria-label="Sidebar"] [aria-current="page"]').innerText()).toBe('Dashboard');
  });

  it('shows Access Denied to a non-admin opening ?section=users or /users/{id}', async () => {
    const page = await openSignedIn('/?section=users', TABLET_PORTRAIT, technician.cookie);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByText('You need administrator privileges to access user management.').isVisible()).toBe(true);

    await page.goto(`/users/${advisor.id}`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await screenshot(page, 'shell-access-denied');

    // A way onward: back to the dashboard.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { name: `Welcome back, ${technician.username}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('shows an admin the /users/{id} data view with a way back to the users section', async () => {
    const page = await openSignedIn(`/users/${technician.id}`);
    await page.getByRole('heading', { name: technician.username, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to Users' }).click();
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    expect(search(page)).toBe('?section=users');
  });
});

describe('small screens', () => {
  it('opens the sidebar as a sheet from the menu button at 360 px, and closes it after choosing', async () => {
    const page = await openSignedIn('/', SMALL_PHONE, technician.cookie);
    await page.getByRole('heading', { name: `Welcome back, ${technician.username}` }).waitFor();
    expect(await page.locator('aside[aria-label="Sidebar"]').isVisible()).toBe(false);
    expect(await overflowsHorizontally(page), (await elementsPastRightEdge(page)).join('\n')).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.getByRole('link', { name: 'Vehicles' }).waitFor();
    await screenshot(page, 'shell-360-menu-open');
    await expectAccessible(page);

    await sheet.getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor();
    expect(await sheet.count()).toBe(0);
    expect(search(page)).toBe('?section=invoices');
  });

  it('fits a tablet in portrait: menu button, notifications and logout in the header', async () => {
    const page = await openSignedIn('/', TABLET_PORTRAIT);
    await page.getByRole('heading', { name: 'Welcome back, bayside_owner' }).waitFor();
    for (const name of ['Open menu', 'Notifications', 'Logout']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'shell-tablet-portrait');
  });
});

describe('the 404 page', () => {
  it('is titled 404 Page Not Found for an unknown path', async () => {
    const { page } = await open(TABLET_LANDSCAPE);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Page Not Found', level: 1 }).waitFor();
    expect(await page.title()).toBe('404 Page Not Found');
    await expectAccessible(page);
    await screenshot(page, 'not-found');
  });
});
