import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './screenshot';
import { waitInDialog } from './screen-checks';
import { addSession, searchList, toastTitled } from './staff';
import { expectAccessible, textOf, useE2E } from './use-e2e';

const LANDSCAPE = { width: 1024, height: 768 };

// Renewing a share link from the staff screens: the old link dies at once and says whom to call.
describe('renewing a share link', () => {
  const e2e = useE2E();
  const { api } = e2e;
  const tag = `Rn${Date.now().toString(36)}`;

  async function seed(name: string) {
    const customer = await api.call<{ id: string }>('POST', '/api/customers', {
      name,
      email: `${tag.toLowerCase()}@mail.test`,
      phone: '555-0160',
    });
    const car = await api.call<{ id: string }>('POST', '/api/vehicles', {
      customerId: customer.id,
      year: 2017,
      make: 'Honda',
      model: 'Fit',
    });
    const inspection = await api.call<{ id: string; shareToken: string }>('POST', '/api/inspections', {
      customerId: customer.id,
      vehicleId: car.id,
      status: 'completed',
      services: [{ description: 'Wiper blades', laborCost: '20.00', status: 'recommended' }],
    });
    const invoice = await api.call<{ id: string; shareToken: string }>('POST', '/api/invoices', {
      inspectionId: inspection.id,
      status: 'sent',
    });
    return { inspection, invoice };
  }

  /** Asks, then renews: the confirmation names the page and says the old link stops working. */
  async function renewThroughConfirmation(page: Page, what: 'report' | 'receipt') {
    await page.getByRole('button', { name: 'Renew Link' }).first().click();
    const confirm = page.getByRole('alertdialog', { name: `Renew this ${what}'s link?` });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('stops working');
    await confirm.getByRole('button', { name: 'Renew Link' }).click();
    const shown = await toastTitled(page, 'Link renewed');
    expect(shown.description).toBe(`The old ${what} link no longer works. Send the new one to the customer.`);
  }

  /** The staff API's row once its link differs from `old` (the outbox sends the renewal on its own). */
  async function serverRowOnceChanged(url: string, old: string): Promise<{ shareToken: string }> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const row = await api.call<{ shareToken: string }>('GET', url);
      if (row.shareToken !== old) return row;
      if (Date.now() > deadline) throw new Error(`the link of ${url} was not renewed`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function expectDeadLink(path: string, title: string) {
    const { page } = await e2e.open();
    await page.goto(path);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await textOf(page, 'main')).toContain('for a new link');
    return page;
  }

  it('renews the report link from the inspection and the receipt link from its card', async () => {
    const name = `${tag} Nora Quinn`;
    const { inspection, invoice } = await seed(name);

    const { page, card } = await e2e.openCustomerCard(LANDSCAPE, name);
    await card.getByRole('button', { name: /^Inspections/ }).click();
    await card
      .getByTestId('inspection-row')
      .first()
      .getByRole('button', { name: /^Edit inspection/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Inspection' });
    await waitInDialog(page, 'Edit Inspection', edit.getByTestId('inspection-form'));
    await renewThroughConfirmation(page, 'report');
    await screenshot(page, 'renew-report-link');

    // The outbox sends the renewal; the server's answer brings the new link to this device.
    const renewed = await serverRowOnceChanged(`/api/inspections/${inspection.id}`, inspection.shareToken);
    const dead = await expectDeadLink(`/mpi/${inspection.shareToken}`, 'Inspection Not Found');
    await expectAccessible(dead);
    await screenshot(dead, 'renewed-report-old-link');
    await e2e.openSharePage(`/mpi/${renewed.shareToken}`, 'Vehicle Inspection Report');

    // The receipt's own link, from its card on the Receipts screen.
    await page.goto('/?section=invoices');
    await page.getByRole('heading', { name: 'Receipts', level: 1 }).waitFor();
    await searchList(page, name);
    const invoiceCard = page.locator(`[data-invoice-id="${invoice.id}"]`);
    await invoiceCard.waitFor();
    await invoiceCard.getByRole('button', { name: 'Renew Link' }).click();
    const confirm = page.getByRole('alertdialog', { name: "Renew this receipt's link?" });
    await confirm.getByRole('button', { name: 'Renew Link' }).click();
    await toastTitled(page, 'Link renewed');
    const renewedInvoice = await api.call<{ shareToken: string }>('GET', `/api/invoices/${invoice.id}`);
    expect(renewedInvoice.shareToken).not.toBe(invoice.shareToken);
    await expectDeadLink(`/receipt/${invoice.shareToken}`, 'Receipt Not Found');
    await e2e.openSharePage(`/receipt/${renewedInvoice.shareToken}`, 'Receipt');
  });

  it('asks first: Cancel keeps the link', async () => {
    const name = `${tag} Omar Reyes`;
    const { invoice } = await seed(name);
    const { context, page } = await e2e.open(LANDSCAPE);
    await addSession(context, e2e.baseUrl, api.cookie);
    await page.goto('/?section=invoices');
    await searchList(page, name);
    await page.getByRole('button', { name: 'Renew Link' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    const row = await api.call<{ shareToken: string }>('GET', `/api/invoices/${invoice.id}`);
    expect(row.shareToken).toBe(invoice.shareToken);
  });
});
