import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SMALL_PHONE, overflowsHorizontally } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { addSession, searchList } from '@web/test/e2e/staff';
import { expectAccessible, holdRequests, useE2E } from '@web/test/e2e/use-e2e';

const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };

describe('customers section', () => {
  const { baseUrl, api, open } = useE2E();
  const tag = `Cu${Date.now().toString(36)}`;

  async function openCustomers(viewport = LANDSCAPE): Promise<Page> {
    const { context, page } = await open(viewport);
    await addSession(context, baseUrl, api.cookie);
    await page.goto('/?section=customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    return page;
  }

  async function choose(page: Page, label: string, option: string, scope = page.locator('body')) {
    await scope.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function search(page: Page, text: string) {
    await searchList(page, text);
    await page.getByRole('button', { name: 'Apply Filters' }).click();
  }

  const cardNames = (page: Page) =>
    page.getByTestId('customer-card').getByRole('heading', { level: 2 }).allTextContents();
  const toast = (page: Page) => page.locator('[data-variant]').last();

  it('creates a customer (with the schema messages), edits and deletes it', async () => {
    const page = await openCustomers();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Customer' });
    await dialog.getByRole('button', { name: 'Create Customer' }).click();
    for (const message of ['Name is required', 'Email is required', 'Phone is required']) {
      await expect(dialog.getByText(message, { exact: true }).count()).resolves.toBe(1);
    }
    await dialog.getByLabel('Name').fill(`${tag} Maria Lopez`);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Phone').fill('555-0101');
    await dialog.getByRole('button', { name: 'Create Customer' }).click();
    await dialog.getByText('Please enter a valid email', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'customers-add-dialog');
    await dialog.getByLabel('Email').fill('maria@example.com');
    await dialog.getByLabel('Address').fill('4 Dock Street');
    await dialog.getByRole('button', { name: 'Create Customer' }).click();
    await toast(page).getByText('Customer created', { exact: true }).waitFor();

    await search(page, tag);
    const card = page.getByTestId('customer-card').filter({ hasText: `${tag} Maria Lopez` });
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain('CM'); // initials of the first two words
    expect(text).toContain('maria@example.com');
    expect(text).toContain('555-0101');
    expect(text).toContain('4 Dock Street');
    expect(text).toContain('Active');
    // Saved on the device first; the sync loop sends it with the id made there.
    const fromServer = () => api.call<{ id: string; name: string }[]>('GET', `/api/customers?q=${tag}`);
    await expect.poll(async () => (await fromServer()).length).toBe(1);
    const [created] = await fromServer();
    expect(text).toContain(`#${created?.id.slice(0, 8)}`);

    await card.getByRole('button', { name: `Edit ${tag} Maria Lopez` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Customer' });
    await edit.getByLabel('Phone').fill('');
    await edit.getByRole('button', { name: 'Update Customer' }).click();
    await edit.getByText('Phone is required', { exact: true }).waitFor();
    await edit.getByLabel('Phone').fill('555-0202');
    await choose(page, 'Status', 'Inactive', edit);
    await edit.getByRole('button', { name: 'Update Customer' }).click();
    await toast(page).getByText('Customer updated', { exact: true }).waitFor();
    await card.getByText('555-0202').waitFor();
    await card.getByText('Inactive', { exact: true }).waitFor();
    await screenshot(page, 'customers-list');

    await card.getByRole('button', { name: `Delete ${tag} Maria Lopez` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this customer?').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'customers-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page).getByText('Customer deleted', { exact: true }).waitFor();
    await page.getByText('No customers found').waitFor();
    await screenshot(page, 'customers-empty');
  });

  it('filters by status and sorts by name, recently added and last updated (portrait)', async () => {
    const f = `${tag}F`;
    const make = (name: string, status: string) =>
      api.call<{ id: string }>('POST', '/api/customers', {
        name: `${f} ${name}`,
        email: `${name.toLowerCase()}@${f}.test`,
        phone: '555-0100',
        status,
      });
    const bravo = await make('Bravo', 'active');
    await make('Alpha', 'inactive');
    await make('Charlie', 'active');
    // Bravo is touched last: first when sorted by last updated.
    await new Promise((r) => setTimeout(r, 20));
    await api.call('PUT', `/api/customers/${bravo.id}`, { phone: '555-0111' });

    const page = await openCustomers(PORTRAIT);
    await search(page, f);
    await expect.poll(() => cardNames(page)).toEqual([`${f} Alpha`, `${f} Bravo`, `${f} Charlie`]);
    await choose(page, 'Sort by', 'Recently Added');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => cardNames(page)).toEqual([`${f} Charlie`, `${f} Alpha`, `${f} Bravo`]);
    await choose(page, 'Sort by', 'Last Updated');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => cardNames(page)).toEqual([`${f} Bravo`, `${f} Charlie`, `${f} Alpha`]);
    await choose(page, 'Status', 'Inactive');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => cardNames(page)).toEqual([`${f} Alpha`]);
    await choose(page, 'Status', 'Active');
    await choose(page, 'Sort by', 'Name A-Z');
    await page.getByRole('button', { name: 'Apply Filters' }).click();
    await expect.poll(() => cardNames(page)).toEqual([`${f} Bravo`, `${f} Charlie`]);
    await page.getByText('Showing 1–2 of 2 customers').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'customers-filtered-portrait');
  });

  it('marks the list busy while it still shows the last search, until the new results are in', async () => {
    const b = `${tag}B`;
    for (const name of ['Delta', 'Echo']) {
      await api.call('POST', '/api/customers', { name: `${b} ${name}`, email: `${name}@${b}.test`, phone: '555-0100' });
    }
    const { context, page } = await open(LANDSCAPE);
    // With the first pull held, the server answers the searches, and the test holds the one it watches.
    await holdRequests(page, /\/api\/sync\/changes/);
    const echo = /\/api\/customers\?.*q=[^&]*Echo/;
    const release = await holdRequests(page, echo);
    await addSession(context, baseUrl, api.cookie);
    await page.goto('/?section=customers');
    await searchList(page, b);
    const list = page.getByRole('list', { name: 'Customers' });
    expect(await list.getAttribute('aria-busy')).toBe('false');
    expect(await cardNames(page)).toEqual([`${b} Delta`, `${b} Echo`]);

    // Watched from here: a wait's time runs from when it starts, and the page's loading is not part of it.
    const held = page.waitForRequest(echo);
    await page.getByLabel('Search', { exact: true }).fill(`${b} Echo`);
    // Busy from the first key: the search applies a moment later, then waits for its answer.
    expect(await list.getAttribute('aria-busy')).toBe('true');
    await held;
    expect(await list.getAttribute('aria-busy')).toBe('true');
    expect(await cardNames(page)).toEqual([`${b} Delta`, `${b} Echo`]);
    release();
    await expect.poll(() => list.getAttribute('aria-busy')).toBe('false');
    expect(await cardNames(page)).toEqual([`${b} Echo`]);
  });

  it('is usable 360 px wide', async () => {
    const page = await openCustomers(SMALL_PHONE);
    await search(page, tag);
    await page
      .getByText(/Showing|No customers found/)
      .first()
      .waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'customers-360');
  });

  it('wraps a long name without spaces inside its card instead of widening the page', async () => {
    const name = `${tag}-${'x'.repeat(80)}`;
    await api.call('POST', '/api/customers', { name, email: `long@${tag}.test`, phone: '555-0199' });
    for (const viewport of [{ width: 1024, height: 768 }, SMALL_PHONE]) {
      const page = await openCustomers(viewport);
      await search(page, `${tag}-x`);
      await page.getByRole('heading', { name, level: 2 }).waitFor();
      expect(await overflowsHorizontally(page)).toBe(false);
    }
  });
});
