import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SMALL_PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, overflowsHorizontally } from '@web/test/e2e/browser';
import { seedInvoiceList, seedReceiptInspection, type SeededInvoiceRow } from '@web/test/e2e/invoices-seed';
import { screenshot } from '@web/test/e2e/screenshot';
import { addSession, searchList, toastTitled } from '@web/test/e2e/staff';
import { expectAccessible, summaryOf, useE2E } from '@web/test/e2e/use-e2e';

const money = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** A status as its badge shows it (capitalised like every badge). */
const capitalised = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

describe('receipts section', () => {
  const { baseUrl, api, open } = useE2E();
  const tag = `Rc${Date.now().toString(36)}`;

  async function openReceipts(viewport: { width: number; height: number } = TABLET_LANDSCAPE): Promise<Page> {
    const { context, page } = await open(viewport);
    await addSession(context, baseUrl, api.cookie);
    await page.goto('/?section=invoices');
    await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor();
    return page;
  }

  async function choose(page: Page, label: string, option: string | RegExp, scope = page.locator('body')) {
    await scope.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  }

  const shownIds = (page: Page) =>
    page
      .getByTestId('invoice-card')
      .evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.invoiceId ?? ''));
  const serverIds = async (query: string) =>
    (await api.call<SeededInvoiceRow[]>('GET', `/api/invoices?q=${encodeURIComponent(tag)}&${query}`)).map((i) => i.id);

  /** A success toast (title only; `toastTitled` waits for a description). */
  const toastWithoutDescription = (page: Page, title: string) =>
    page.locator('li[data-variant="default"] [data-toast-title]').getByText(title, { exact: true }).waitFor();

  /** Makes the next matching write fail with a 500, once. */
  async function failOnce(page: Page, method: string, path: RegExp) {
    let failed = false;
    await page.route(
      (url) => path.test(url.pathname),
      async (route: Route) => {
        if (failed || route.request().method() !== method) return route.continue();
        failed = true;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":"boom","message":"boom"}',
        });
      },
    );
  }

  it('pages by 10, searches, filters by status and sorts (landscape tablet)', async () => {
    const charlieModel = `Mdl${tag}x`;
    const seeded = await seedInvoiceList(api, tag, charlieModel);
    const page = await openReceipts();
    await searchList(page, tag);
    await page.getByText('Showing 1–10 of 12 invoices', { exact: true }).waitFor();
    await expect.poll(() => shownIds(page)).toEqual(await serverIds('sort=date&limit=10'));

    const newest = seeded.at(-1);
    if (!newest) throw new Error('nothing seeded');
    const card = page.locator(`[data-invoice-id="${newest.id}"]`);
    const text = (await card.textContent()) ?? '';
    for (const part of [
      `#${newest.id.slice(0, 8)}`,
      `${tag} Charlie`,
      `2019 Honda ${charlieModel}`,
      capitalised(newest.status),
      money(newest.total),
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain(new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(newest.createdAt)));
    const link = card.getByRole('link', { name: 'Open Receipt' });
    expect(await link.getAttribute('href')).toBe(`/receipt/${newest.shareToken}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    await expectAccessible(page);
    await screenshot(page, 'invoices-list');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 11–12 of 12 invoices', { exact: true }).waitFor();
    await expect.poll(() => shownIds(page)).toEqual(await serverIds('sort=date&limit=10&offset=10'));
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Showing 1–10 of 12 invoices', { exact: true }).waitFor();

    const byId = new Map(seeded.map((i) => [i.id, i]));
    await choose(page, 'Sort by', 'Amount High-Low');
    await expect.poll(() => shownIds(page)).toEqual(await serverIds('sort=amount&limit=10'));
    const totals = (await shownIds(page)).map((id) => Number(byId.get(id)?.total));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    await choose(page, 'Sort by', 'Customer Name');
    await expect.poll(() => shownIds(page)).toEqual(await serverIds('sort=customer&limit=10'));
    const names = await page.getByTestId('invoice-customer').allTextContents();
    expect(names).toEqual([...Array(5).fill(`${tag} Alpha`), ...Array(4).fill(`${tag} Bravo`), `${tag} Charlie`]);

    await choose(page, 'Status', 'Paid');
    await page.getByText('Showing 1–4 of 4 invoices', { exact: true }).waitFor();
    const badges = await page.getByTestId('invoice-card').locator('[data-status]').allTextContents();
    expect(badges).toEqual(['Paid', 'Paid', 'Paid', 'Paid']);
    await screenshot(page, 'invoices-paid');

    await choose(page, 'Status', 'All Status');
    await searchList(page, charlieModel);
    await page.getByText('Showing 1–3 of 3 invoices', { exact: true }).waitFor();
    await searchList(page, newest.id.slice(0, 8));
    await expect.poll(() => shownIds(page)).toEqual([newest.id]);
    await searchList(page, `${tag} nobody`);
    await page.getByText('No receipts found', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'invoices-empty');
  });

  it('creates a receipt whose totals match the server, then deletes it (portrait tablet)', async () => {
    const name = `${tag} Receipt Owner`;
    await seedReceiptInspection(api, name, { make: 'Toyota', model: 'Tacoma' }, [
      {
        description: 'Brake pads',
        laborCost: '120.00',
        status: 'approved',
        parts: [{ partName: 'Ceramic pads', partCost: '45.99' }],
      },
      { description: 'Cabin filter', laborCost: '15.50', partsCost: '22.99', status: 'approved' },
      { description: 'Coolant flush', laborCost: '80.00', partsCost: '10.00', status: 'recommended' },
    ]);
    const page = await openReceipts(TABLET_PORTRAIT);
    await page.getByRole('button', { name: 'Create Receipt' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Receipt' });
    const submit = dialog.getByRole('button', { name: 'Create Receipt' });
    await submit.click();
    await dialog.getByText('Please select an inspection', { exact: true }).waitFor();

    await dialog.getByLabel('Find inspection').fill(name);
    await choose(page, 'Inspection', new RegExp(name), dialog);
    const services = dialog.getByTestId('receipt-service');
    await expect.poll(() => services.count()).toBe(2);
    expect(await services.allTextContents()).toEqual([
      expect.stringMatching(/Brake pads.*Ceramic pads: \$45\.99.*Labor: \$120\.00.*\$165\.99/),
      expect.stringMatching(/Cabin filter.*Parts: \$22\.99.*Labor: \$15\.50.*\$38\.49/),
    ]);
    expect(await summaryOf(page, 'receipt-totals')).toEqual({
      Subtotal: '$204.48',
      'Tax (8%)': '$16.36',
      Total: '$220.84',
    });

    await dialog.getByRole('button', { name: 'Add Line Item' }).click();
    await dialog.getByLabel('Description 1').fill('Shop supplies');
    await submit.click();
    await dialog.getByText('Please enter both description and amount', { exact: true }).waitFor();
    await dialog.getByLabel('Amount 1').fill('abc');
    await dialog.getByText('Please enter a valid amount (e.g., 45.00)', { exact: true }).waitFor();
    await dialog.getByLabel('Amount 1').fill('12.345');
    await dialog.getByText('Please enter a valid amount (e.g., 45.00)', { exact: true }).waitFor();
    await dialog.getByLabel('Amount 1').fill('7.07');
    await dialog.getByRole('button', { name: 'Add Line Item' }).click();
    await submit.click();
    await expect
      .poll(() => dialog.getByText('Please enter both description and amount', { exact: true }).count())
      .toBe(1);
    await expectAccessible(page);
    await screenshot(page, 'invoices-create-messages');
    await dialog.getByRole('button', { name: 'Remove line item 2' }).click();
    await expect.poll(() => dialog.getByTestId('line-item').count()).toBe(1);
    expect(await dialog.getByText(/Please enter/).count()).toBe(0);

    await choose(page, 'Status', 'Sent', dialog);
    await dialog.getByLabel('Notes').fill('Pick up after 5 pm.');
    const shown = await summaryOf(page, 'receipt-totals');
    expect(shown).toEqual({ Subtotal: '$211.55', 'Tax (8%)': '$16.92', Total: '$228.47' });
    await screenshot(page, 'invoices-create-dialog');

    await failOnce(page, 'POST', /^\/api\/invoices$/);
    await submit.click();
    expect(await toastTitled(page, 'Error')).toEqual({
      description: 'Failed to create receipt',
      variant: 'destructive',
    });
    await submit.click();
    await toastWithoutDescription(page, 'Receipt created');
    await dialog.waitFor({ state: 'detached' });

    const [created, ...others] = await api.call<SeededInvoiceRow[]>(
      'GET',
      `/api/invoices?q=${encodeURIComponent(name)}`,
    );
    expect(others).toEqual([]);
    expect({
      Subtotal: money(created?.subtotal ?? ''),
      'Tax (8%)': money(created?.tax ?? ''),
      Total: money(created?.total ?? ''),
    }).toEqual(shown);
    expect(created?.status).toBe('sent');
    expect(created?.notes).toBe('Pick up after 5 pm.');
    expect(created?.lineItems.map((l) => [l.description, l.amount])).toEqual([['Shop supplies', '7.07']]);

    await searchList(page, name);
    const card = page.getByTestId('invoice-card');
    await page.getByText('Showing 1–1 of 1 invoice', { exact: true }).waitFor();
    expect(await card.textContent()).toContain('$228.47');

    await failOnce(page, 'DELETE', /^\/api\/invoices\/[^/]+$/);
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    expect(await toastTitled(page, 'Error')).toEqual({
      description: 'Failed to delete invoice',
      variant: 'destructive',
    });

    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this receipt?', { exact: true }).waitFor();
    await confirm.getByText('This action cannot be undone.', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'invoices-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastWithoutDescription(page, 'Invoice deleted');
    await page.getByText('No receipts found', { exact: true }).waitFor();
    expect(await api.call<unknown[]>('GET', `/api/invoices?q=${encodeURIComponent(name)}`)).toEqual([]);
  });

  it('is usable 360 px wide, list and dialog', async () => {
    const page = await openReceipts(SMALL_PHONE);
    await searchList(page, tag);
    await page
      .getByText(/Showing|No receipts found/)
      .first()
      .waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, 'invoices-360');
    await page.getByRole('button', { name: 'Create Receipt' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Receipt' });
    await dialog.getByRole('button', { name: 'Add Line Item' }).click();
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'invoices-360-dialog');
  });
});
