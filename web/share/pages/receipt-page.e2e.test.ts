import { describe, expect, it } from 'vitest';
import { overflowsHorizontally, SMALL_PHONE } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { seedInspection, seedInvoice, serviceId } from '@web/test/e2e/seed';
import { decideElsewhere } from '@web/test/e2e/staff-api';
import {
  bannerOf,
  expectAccessible,
  expectLoadingThenNotFound,
  holdRequests,
  serviceCard,
  shownDate,
  summaryOf,
  textOf,
  useE2E,
  visibleButtons,
} from '@web/test/e2e/use-e2e';

const e2e = useE2E();

const openReceipt = (token: string, viewport?: { width: number; height: number }) =>
  e2e.openSharePage(`/receipt/${token}`, 'Receipt', viewport);

async function seedReceipt(body: Record<string, unknown> = {}, inspectionOverrides: Record<string, unknown> = {}) {
  const inspection = await seedInspection(e2e.api, inspectionOverrides);
  const invoice = await seedInvoice(e2e.api, inspection.id, body);
  return { inspection, invoice };
}

describe('/receipt/{shareToken}', () => {
  it('shows product name, number, customer, banner, services, line items, notes and the totals', async () => {
    const { invoice } = await seedReceipt();
    const { page } = await openReceipt(invoice.shareToken);

    expect(await textOf(page, '.letterhead')).toContain('Baywise');
    const header = await textOf(page, 'header.doc-header');
    expect(header).toContain(`Receipt #${invoice.id.slice(0, 8)}`);
    for (const text of ['Dana Whitfield', '2016 Subaru Outback', shownDate(invoice.createdAt)])
      expect(header).toContain(text);
    expect(await bannerOf(page)).toEqual({ badge: 'Sent', text: 'Invoice sent - Payment pending' });

    // Inspection Details starts folded; Recommended Services starts open.
    const details = page.getByRole('button', { name: 'Inspection Details' });
    expect(await details.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: 'Recommended Services' }).getAttribute('aria-expanded')).toBe('true');
    expect(await serviceCard(page, 'Cabin air filter').getByRole('button').allTextContents()).toEqual([
      'Decline',
      'Approve',
    ]);
    expect(await page.getByText('Brake Pad Thickness').isVisible()).toBe(false);
    await details.click();
    expect(await details.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByText('Brake Pad Thickness').isVisible()).toBe(true);
    const body = page.locator('.collapsible').first();
    for (const text of [
      'Technicianbayside_owner',
      'Tire Tread',
      'Front left2.9 mm✕Poor',
      'Front right3.0 mm✓Good',
      'Filter Conditions',
      'Fluid Conditions',
      'Oil pan gasket',
      'Minor wear',
      'Check Engine Light',
      'P0420',
      'Rear tires will need replacing within 6 months.',
    ]) {
      expect(await body.textContent()).toContain(text);
    }

    expect(await textOf(page, 'section:has(#additional-heading)')).toBe('Additional ServicesShop supplies$7.07');
    expect(await textOf(page, 'section:has(#receipt-notes-heading)')).toBe('NotesPlease bring the car in before 9 am.');
    expect(await summaryOf(page, 'receipt-totals')).toEqual({
      Subtotal: '$31.57',
      'Tax (8%)': '$2.53',
      Total: '$34.10',
    });
    expect(await page.getByRole('heading', { name: 'If all pending services are approved' }).count()).toBe(1);
    expect(await summaryOf(page, 'if-all-approved')).toEqual({
      'Pending services': '$318.32',
      Subtotal: '$349.89',
      'Tax (8%)': '$27.99',
      'Estimated Total': '$377.88',
    });
    expect(await page.getByText('Thank you for your business!').count()).toBe(1);
    expect(await textOf(page, 'section.contact')).toContain('Bayside Auto Care');
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'receipt-390');
  });

  it('approves a service: toast, reloaded totals from the server', async () => {
    const { invoice } = await seedReceipt();
    const { page } = await openReceipt(invoice.shareToken);
    const release = await holdRequests(page, '**/services/*/approve');
    await serviceCard(page, 'Cabin air filter').getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('button', { name: 'Approving...' }).waitFor();
    expect(await page.locator('[data-testid=service] button:not([disabled])').count()).toBe(0);
    release();
    const toast = page.getByRole('status').filter({ hasText: 'Service approved' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('The service has been approved successfully');
    await serviceCard(page, 'Cabin air filter').locator('.badge', { hasText: 'Approved' }).waitFor();
    // 31.57 + 37.99 = 69.56; 8% = 5.5648 → 5.56; 75.12. Pending 318.32 - 37.99 = 280.33.
    expect(await summaryOf(page, 'receipt-totals')).toEqual({
      Subtotal: '$69.56',
      'Tax (8%)': '$5.56',
      Total: '$75.12',
    });
    expect(await summaryOf(page, 'if-all-approved')).toMatchObject({
      'Pending services': '$280.33',
      'Estimated Total': '$377.88',
    });
    await screenshot(page, 'receipt-approved');
  });

  it('declines a service with the spec toast', async () => {
    const { invoice } = await seedReceipt();
    const { page } = await openReceipt(invoice.shareToken);
    await serviceCard(page, 'Coolant flush').getByRole('button', { name: 'Decline' }).click();
    await page
      .getByRole('dialog', { name: 'Decline coolant flush ($114.34)?' })
      .getByRole('button', { name: 'Decline' })
      .click();
    const toast = page.getByRole('status').filter({ hasText: 'Service declined' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('The service has been declined');
    await serviceCard(page, 'Coolant flush').locator('.badge', { hasText: 'Declined' }).waitFor();
    // Pending 318.32 - 114.34 = 203.98; if all: 31.57 + 203.98 = 235.55; 8% = 18.844 → 18.84; 254.39.
    expect(await summaryOf(page, 'if-all-approved')).toEqual({
      'Pending services': '$203.98',
      Subtotal: '$235.55',
      'Tax (8%)': '$18.84',
      'Estimated Total': '$254.39',
    });
    expect(await summaryOf(page, 'receipt-totals')).toEqual({
      Subtotal: '$31.57',
      'Tax (8%)': '$2.53',
      Total: '$34.10',
    });
  });

  it('a service already decided elsewhere: the error shows and nothing else changes', async () => {
    const { inspection, invoice } = await seedReceipt();
    const { page } = await openReceipt(invoice.shareToken);
    const before = await page.locator('main').innerHTML();
    await decideElsewhere(
      e2e.baseUrl,
      'invoices',
      invoice.shareToken,
      serviceId(inspection, 'Coolant flush'),
      'decline',
    );
    await serviceCard(page, 'Coolant flush').getByRole('button', { name: 'Approve' }).click();
    const alert = page.getByRole('alert').filter({ hasText: "Couldn't approve the service" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This service has already been declined');
    expect(await page.locator('main').innerHTML()).toBe(before);
    await screenshot(page, 'receipt-already-decided');
  });

  it('hides the if-all-approved block when nothing is pending; paid and draft banners', async () => {
    const { invoice } = await seedReceipt(
      { status: 'paid', notes: null },
      { services: [{ description: 'Oil change', laborCost: '30.00', partsCost: '25.00', status: 'approved' }] },
    );
    const { page } = await openReceipt(invoice.shareToken);
    expect(await bannerOf(page)).toEqual({ badge: 'Paid', text: 'Payment received - Thank you for your business!' });
    // 55.00 + 7.07 = 62.07; 8% = 4.9656 → 4.97; 67.04.
    expect(await summaryOf(page, 'receipt-totals')).toEqual({
      Subtotal: '$62.07',
      'Tax (8%)': '$4.97',
      Total: '$67.04',
    });
    expect(await page.getByTestId('pending-block').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Notes', exact: true }).count()).toBe(0);

    const draft = await seedReceipt({ status: 'draft' });
    await page.goto(`/receipt/${draft.invoice.shareToken}`);
    await page.getByTestId('status-banner').waitFor();
    expect(await bannerOf(page)).toEqual({ badge: 'Draft', text: 'Invoice draft' });
  });

  it('without an inspection says so and shows the line items', async () => {
    const { inspection, invoice } = await seedReceipt();
    await e2e.api.call('DELETE', `/api/vehicles/${inspection.vehicleId}`);
    const { page } = await openReceipt(invoice.shareToken);
    expect(await page.getByText('No inspection details available for this invoice.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Recommended Services' }).count()).toBe(0);
    expect(await summaryOf(page, 'receipt-totals')).toEqual({ Subtotal: '$7.07', 'Tax (8%)': '$0.57', Total: '$7.64' });
    await expectAccessible(page);
  });

  it('says loading, then not found for an unknown link', async () => {
    const { page } = await e2e.open();
    await expectLoadingThenNotFound(page, 'receipt');
  });

  it('offline: a failed decision leaves the page as it was; going offline keeps the receipt readable', async () => {
    const { invoice } = await seedReceipt();
    const { page, context } = await openReceipt(invoice.shareToken);
    await page.route('**/services/*/approve', (route) => route.abort('internetdisconnected'));
    await serviceCard(page, 'Cabin air filter').getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "You're offline - connect to the internet and try again." })
      .waitFor();
    expect(await serviceCard(page, 'Cabin air filter').getByRole('button').count()).toBe(2);
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: "You're offline. This is the page as last loaded" }).waitFor();
    expect(await page.getByRole('heading', { name: 'Receipt', exact: true }).count()).toBe(1);
    expect(await serviceCard(page, 'Cabin air filter').getByRole('button', { disabled: true }).count()).toBe(2);
    await screenshot(page, 'receipt-offline');
  });

  it('print: no buttons; folded sections print their content', async () => {
    const { invoice } = await seedReceipt();
    const { page } = await openReceipt(invoice.shareToken);
    await page.emulateMedia({ media: 'print' });
    expect(await visibleButtons(page)).toEqual([]);
    expect(await page.getByText('Brake Pad Thickness').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Inspection Details' }).isVisible()).toBe(true);
    await screenshot(page, 'receipt-print');
  });

  it('fits a 360 px phone', async () => {
    const { invoice } = await seedReceipt();
    const { page } = await openReceipt(invoice.shareToken, SMALL_PHONE);
    await page.getByRole('button', { name: 'Inspection Details' }).click();
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'receipt-360');
  });
});
