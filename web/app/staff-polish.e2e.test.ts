import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLET_LANDSCAPE } from '@web/test/e2e/browser';
import { syncChip, waitForFirstPull } from '@web/test/e2e/offline';
import { screenshot } from '@web/test/e2e/screenshot';
import { seedInspection, seedInvoice } from '@web/test/e2e/seed';
import { addSession, createStaffUser, signInThroughUi, uniqueName, type StaffUser } from '@web/test/e2e/staff';
import { useE2E } from '@web/test/e2e/use-e2e';

// The staff app at a landscape tablet's size, as a new user met it: card grids, toasts over
// dialogs, not-synced rows, sign-in after another user, the receipts screen offline, badges, the
// dashboard's figures, the sign-out warning and the admin-email rule.

const { api, baseUrl, open } = useE2E();
const tag = uniqueName('Polish');
let technician: StaffUser;

beforeAll(async () => {
  technician = await createStaffUser(api, 'technician', 'polishtech');
});

async function openSection(section: string, heading: string): Promise<Page> {
  const { page, context } = await open(TABLET_LANDSCAPE, { touch: false });
  await addSession(context, baseUrl, api.cookie);
  await page.goto(section === 'dashboard' ? '/' : `/?section=${section}`);
  await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
  return page;
}

/** How many columns a list's items take: the distinct left edges of its items. */
const columnsOf = (list: Locator) =>
  list.evaluate((ul) => new Set([...ul.children].map((li) => Math.round(li.getBoundingClientRect().left))).size);

/** Words that the layout broke across two lines inside the matched elements. */
const brokenWords = (elements: Locator) =>
  elements.evaluateAll((nodes) => {
    const broken: string[] = [];
    for (const node of nodes) {
      const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(text, match.index);
          range.setEnd(text, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  });

/** Buttons and links styled as buttons whose text runs out of their box. */
const overflowingButtons = (scope: Locator) =>
  scope
    .locator('button, a')
    .evaluateAll((nodes) =>
      nodes.filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent?.trim() ?? ''),
    );

const customerCard = (page: Page, name: string): Locator =>
  page.getByTestId('customer-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('card grids on a landscape tablet (1024×768, beside the sidebar)', () => {
  it('lay customers out in 2 columns of readable cards; an opened card takes the whole row', async () => {
    const name = `Lostresponse Castellano ${tag}`;
    const customer = await api.call<{ id: string }>('POST', '/api/customers', {
      name,
      email: `olivia.lostresponse.castellano@example.com`,
      phone: '555-0170',
    });
    await api.call('POST', '/api/customers', {
      name: `Second Card ${tag}`,
      email: 'second.card@example.com',
      phone: '555-0171',
    });
    await api.call('POST', '/api/vehicles', {
      customerId: customer.id,
      year: 2019,
      make: 'Toyota',
      model: 'Tacoma',
      licensePlate: 'HBR 451',
    });
    const page = await openSection('customers', 'Customers');
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag);
    const card = customerCard(page, name);
    await card.waitFor();
    await expect.poll(() => page.getByTestId('customer-card').count()).toBe(2);
    const grid = page.getByRole('list', { name: 'Customers' });
    expect(await columnsOf(grid)).toBe(2);

    // Names and emails are never broken inside a word; every button keeps its text inside.
    expect(await brokenWords(page.getByTestId('customer-card').locator('h2, li span'))).toEqual([]);
    expect(await overflowingButtons(grid)).toEqual([]);
    const email = card.getByText('olivia.lostresponse.castellano@example.com', { exact: true });
    expect(await email.getAttribute('title')).toBe('olivia.lostresponse.castellano@example.com');
    // The status badge reads 'Active', capitalised like every badge.
    expect(await card.locator('[data-status]').textContent()).toBe('Active');

    await card.getByRole('button', { name: /^Inspections/ }).click();
    await card.getByTestId('customer-vehicle').waitFor();
    const widths = await Promise.all(
      [card, grid].map((l) => l.evaluate((el) => Math.round(el.getBoundingClientRect().width))),
    );
    expect(widths[0]).toBe(widths[1]);
    // Text a technician must read on the card is at least 16 px (badges aside).
    const small = await card.locator('span, strong, p, li, h2, h3').evaluateAll((nodes) =>
      nodes
        .filter(
          (n) =>
            !n.closest('[data-status], [data-testid="not-synced"]') &&
            [...n.childNodes].some((c) => c.nodeType === 3 && c.textContent?.trim()),
        )
        .filter((n) => parseFloat(getComputedStyle(n).fontSize) < 16)
        .map((n) => n.textContent),
    );
    expect(small).toEqual([]);
    await screenshot(page, 'polish-customers-1024');
  });

  it('lay vehicles and receipts out in 2 columns as well, and users as wide as a whole email needs', async () => {
    const inspection = await seedInspection(api);
    await Promise.all([seedInvoice(api, inspection.id), seedInvoice(api, inspection.id)]);
    const checks: [string, string, string][] = [
      ['vehicles', 'Vehicles', 'Vehicles'],
      ['invoices', 'Receipts', 'Receipts'],
      ['users', 'User Management', 'Users'],
    ];
    // A user card shows the whole email on one line: beside the sidebar at 1024 px that is one column.
    const expectedColumns: Record<string, number> = { vehicles: 2, invoices: 2, users: 1 };
    for (const [section, heading, list] of checks) {
      const page = await openSection(section, heading);
      const grid = page.getByRole('list', { name: list, exact: true });
      await grid.locator('li').nth(1).waitFor();
      expect(await columnsOf(grid), section).toBe(expectedColumns[section]);
      expect(await overflowingButtons(grid), section).toEqual([]);
      expect(await brokenWords(grid.locator('h2')), section).toEqual([]);
    }
  });
});

describe('a toast and the dialog opened after it', () => {
  it('moves out of the way of the dialog buttons and can still be closed', async () => {
    const page = await openSection('customers', 'Customers');
    const name = `Toast Tester ${tag}`;
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill('toast.tester@mail.example.com');
    await form.getByLabel('Phone').fill('555-0150');
    await form.getByRole('button', { name: 'Create Customer' }).click();
    const toast = page.locator('li[data-variant]').filter({ hasText: 'Customer created' });
    await toast.waitFor();
    // At once: the next dialog, while the toast is still on screen.
    await customerCard(page, name).getByRole('button', { name: 'Create Inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Inspection' });
    await dialog.getByTestId('inspection-form').waitFor();
    expect(await toast.isVisible()).toBe(true);
    for (const label of ['Save & Complete', 'Cancel']) {
      const button = dialog.getByRole('button', { name: label, exact: true });
      const hit = await button.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      });
      expect(hit, label).toBe(true);
    }
    await screenshot(page, 'polish-toast-over-dialog');
    // Above the modal's overlay the toast still takes a press on its close button.
    await toast.locator('button[aria-label="Close"]').click();
    await toast.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
  });
});

describe('an inspection not yet on the server', () => {
  it('has no report link until it is synced, and an approval on it waits in the outbox and shows it', async () => {
    const name = `Unsent Report ${tag}`;
    const customer = await api.call<{ id: string }>('POST', '/api/customers', {
      name,
      email: 'unsent.report@mail.example.com',
      phone: '555-0160',
    });
    await api.call('POST', '/api/vehicles', { customerId: customer.id, year: 2018, make: 'Mazda', model: 'CX-5' });
    const page = await openSection('customers', 'Customers');
    await waitForFirstPull(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    const card = customerCard(page, name);
    await card.waitFor();
    // A technician in a bay without Wi-Fi: the inspection stays on the device.
    await page.context().setOffline(true);
    await expect.poll(() => syncChip(page).textContent()).toBe('Offline');
    await card.getByRole('button', { name: 'Create Inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Inspection' });
    await dialog.getByTestId('inspection-form').waitFor();
    await dialog.getByRole('combobox', { name: 'Vehicle' }).click();
    await page.getByRole('option', { name: '2018 Mazda CX-5' }).click();
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await dialog.getByTestId('service-editor').getByLabel('Description').fill('Cabin air filter');
    await dialog.getByTestId('service-editor').getByLabel('Labor Cost').fill('15');
    await dialog.getByRole('button', { name: 'Save & Complete' }).click();
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('button', { name: /^Inspections/ }).click();
    const row = card.getByTestId('inspection-row');
    await row.getByTestId('not-synced').waitFor();
    const waiting = row.getByRole('link', { name: 'Available after sync' });
    expect(await waiting.getAttribute('aria-disabled')).toBe('true');
    expect(await row.locator('a[href^="/mpi/"]').count()).toBe(0);

    // Approving a service of it is kept with it, in order, and says it is not sent yet.
    await card.getByRole('button', { name: 'Approve Cabin air filter' }).click();
    const approved = card.getByTestId('approved-services').getByTestId('service-row');
    await approved.getByTestId('not-synced').waitFor();
    await screenshot(page, 'polish-not-synced-inspection');

    await page.context().setOffline(false);
    const link = row.locator('a[href^="/mpi/"]');
    await link.waitFor();
    const [saved] = await api.call<{ shareToken: string; services: { status: string }[] }[]>(
      'GET',
      `/api/inspections?customerId=${customer.id}`,
    );
    expect(await link.getAttribute('href')).toBe(`/mpi/${saved?.shareToken}`);
    expect(saved?.services.map((s) => s.status)).toEqual(['approved']);
    expect(await row.getByTestId('available-after-sync').count()).toBe(0);
  });
});

describe('signing in after someone else', () => {
  it('starts on the dashboard, not on the previous user’s screen', async () => {
    const { page } = await open(TABLET_LANDSCAPE, { touch: false });
    await signInThroughUi(page, technician.username, technician.password);
    await page.goto('/?section=vehicles');
    await page.getByRole('heading', { name: 'Vehicles', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();

    const other = await createStaffUser(api, 'service_advisor', 'polishadvisor');
    await page.getByLabel('Username').fill(other.username);
    await page.getByLabel('Password', { exact: true }).fill(other.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: `Welcome back, ${other.username}` }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });
});

describe('the receipts screen offline', () => {
  it('says one calm thing, and its disabled controls look disabled', async () => {
    const page = await openSection('dashboard', 'Welcome back, bayside_owner');
    // Nothing of the list is cached on this device: it is never answered here.
    await page.route(/\/api\/invoices(\?|$)/, (route) => route.abort('failed'));
    // The section's code is loaded online; then the network goes.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.context().setOffline(true);
    await expect.poll(() => syncChip(page).textContent()).toBe('Offline');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click();
    await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor();
    const section = page.getByRole('region', { name: 'Receipts' });
    await section.getByRole('status').filter({ hasText: 'Receipts need a connection.' }).waitFor();
    // Give a spinner or an error the time it would take to show.
    await page.waitForTimeout(1500);
    expect(await section.getByRole('alert').count()).toBe(0);
    expect(await section.getByText(/Loading/).count()).toBe(0);
    expect(await section.getByRole('status').allTextContents()).toEqual([
      ' Receipts need a connection. Reconnect to see, create or delete receipts.',
    ]);

    const create = section.getByRole('button', { name: 'Create Receipt' });
    expect(await create.isDisabled()).toBe(true);
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return [style.backgroundColor, style.color];
    };
    expect(await create.evaluate(look)).toEqual(['rgb(229, 231, 235)', 'rgb(75, 85, 99)']);
    // The same grey as any other disabled control (a disabled field, a disabled secondary button).
    const sample = await page.evaluate(() => {
      const input = document.createElement('input');
      input.disabled = true;
      input.className = document.querySelector('input[type="search"]')?.className ?? '';
      document.body.append(input);
      const style = getComputedStyle(input);
      const result = [style.backgroundColor, style.color];
      input.remove();
      return result;
    });
    expect(sample).toEqual(['rgb(229, 231, 235)', 'rgb(75, 85, 99)']);
    await screenshot(page, 'polish-receipts-offline');
  });
});

describe('the dashboard stat cards', () => {
  it('show their numbers at one height', async () => {
    const page = await openSection('dashboard', 'Welcome back, bayside_owner');
    const values = page.getByTestId('stat-card').locator('p').first();
    await values.waitFor();
    const tops = await page
      .getByTestId('stat-card')
      .evaluateAll((cards) =>
        cards.map((card) => Math.round(card.querySelector('p')?.getBoundingClientRect().top ?? 0)),
      );
    expect(tops).toHaveLength(3);
    expect(new Set(tops).size).toBe(1);
  });
});

describe('the sign-out warning', () => {
  it('has tidy buttons, offers Sync now only online, and says "it" for one change', async () => {
    const { page, context } = await open(TABLET_LANDSCAPE, { touch: false });
    await signInThroughUi(page, technician.username, technician.password);
    await page.goto('/?section=customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await waitForFirstPull(page);
    await page.route('**/api/customers', (route) =>
      route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
    );
    const name = `Badge Line ${tag}`;
    await page.getByRole('searchbox', { name: 'Search' }).fill(name);
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill('badge.line@mail.example.com');
    await form.getByLabel('Phone').fill('555-0180');
    await form.getByRole('button', { name: 'Create Customer' }).click();
    await form.waitFor({ state: 'detached' });

    // Its badges, 'Not synced' and 'Active', sit on one line.
    const card = customerCard(page, name);
    await card.getByTestId('not-synced').waitFor();
    const badgeTops = await card
      .locator('[data-testid="not-synced"], [data-status]')
      .evaluateAll((nodes) => nodes.map((n) => Math.round(n.getBoundingClientRect().top)));
    expect(badgeTops).toHaveLength(2);
    expect(new Set(badgeTops).size).toBe(1);
    expect(await card.getByTestId('not-synced').textContent()).toBe(' Not synced');

    const buttonsOf = async (dialog: Locator) => {
      const buttons = dialog.getByRole('button');
      const tops = await buttons.evaluateAll((nodes) => nodes.map((n) => Math.round(n.getBoundingClientRect().top)));
      return { texts: await buttons.allTextContents(), rows: new Set(tops).size };
    };
    await page.getByRole('button', { name: 'Logout' }).click();
    let warning = page.getByRole('alertdialog', { name: 'You have 1 unsent change' });
    await warning.waitFor();
    expect(await buttonsOf(warning)).toEqual({ texts: ['Cancel', 'Sign out anyway', 'Sync now'], rows: 1 });
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await warning.waitFor({ state: 'detached' });

    await context.setOffline(true);
    await expect.poll(() => syncChip(page).textContent()).toMatch(/^Offline/);
    await page.getByRole('button', { name: 'Logout' }).click();
    warning = page.getByRole('alertdialog', { name: 'You have 1 unsent change' });
    await warning.getByText("You're offline, so it cannot be sent now.", { exact: true }).waitFor();
    expect(await buttonsOf(warning)).toEqual({ texts: ['Cancel', 'Sign out anyway'], rows: 1 });
    await screenshot(page, 'polish-sign-out-offline');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await context.setOffline(false);
    await page.unroute('**/api/customers');
  });
});

describe('the admin-email rule', () => {
  it('shows under Email as soon as email and role are filled, without a round trip', async () => {
    const page = await openSection('users', 'User Management');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/users')) posts.push(request.url());
    });
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Email').fill('someone.else@bayside-auto.test');
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Administrator' }).click();
    const email = dialog.getByRole('textbox', { name: 'Email' });
    const config = await api.call<{ adminEmail: string }>('GET', '/api/config');
    const message = `Admin accounts can only be created with the email: ${config.adminEmail}`;
    await dialog.getByText(message, { exact: true }).waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByLabel('Username').fill(uniqueName('notadmin'));
    await dialog.getByLabel('Password', { exact: true }).fill('a-long-password');
    await dialog.getByLabel('Confirm Password').fill('a-long-password');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    expect(await dialog.isVisible()).toBe(true);
    expect(posts).toEqual([]);
    await email.fill(config.adminEmail.toUpperCase());
    await dialog.getByText(message, { exact: true }).waitFor({ state: 'detached' });
  });
});
