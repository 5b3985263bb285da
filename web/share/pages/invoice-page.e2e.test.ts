import { describe, expect, it } from 'vitest';
import { overflowsHorizontally, SMALL_PHONE } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { seedInspection, seedInvoice } from '@web/test/e2e/seed';
import {
  expectAccessible,
  expectLoadingThenNotFound,
  shownDate,
  summaryOf,
  textOf,
  useE2E,
  visibleButtons,
} from '@web/test/e2e/use-e2e';

const e2e = useE2E();

const openInvoice = (token: string, viewport?: { width: number; height: number }) =>
  e2e.openSharePage(`/invoice/${token}`, 'Invoice', viewport);

/** Pages in a PDF (each page object carries "/Type /Page", the page tree "/Type /Pages"). */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

describe('/invoice/{shareToken}', () => {
  it('shows header, the approved services with parts, labor and total, and the summary', async () => {
    const inspection = await seedInspection(e2e.api, {
      services: [
        {
          description: 'Front brake pads',
          laborCost: '120.00',
          status: 'approved',
          parts: [{ partName: 'Ceramic brake pads', partCost: '45.99' }],
        },
        { description: 'Cabin air filter', laborCost: '15.00', partsCost: '22.99', status: 'recommended' },
        { description: 'Timing belt', laborCost: '400.00', partsCost: '150.00', status: 'declined' },
      ],
    });
    const invoice = await seedInvoice(e2e.api, inspection.id);
    const { page } = await openInvoice(invoice.shareToken);

    const header = await textOf(page, 'header.doc-header');
    expect(header).toContain(`Invoice #${invoice.id.slice(0, 8)}`);
    for (const text of [
      'Dana Whitfield',
      'mail.example.com',
      '555-0199',
      '2016 Subaru Outback',
      'VIN4S4BSANC5G3201234',
      shownDate(invoice.createdAt),
    ]) {
      expect(header).toContain(text);
    }
    // Only what the invoice charges: the approved service (and the line item).
    const services = await page.getByTestId('service').locator('h3').allTextContents();
    expect(services).toEqual(['Front brake pads']);
    expect(await textOf(page, '[data-testid=service]')).toContain('Parts$45.99Labor$120.00Total$165.99');
    expect(await textOf(page, '.line-items')).toBe('Shop supplies$7.07');
    // 165.99 + 7.07 = 173.06; 8% = 13.8448 → 13.84; 186.90.
    expect(await summaryOf(page, 'invoice-summary')).toEqual({
      Subtotal: '$173.06',
      'Tax (8%)': '$13.84',
      Total: '$186.90',
    });
    expect(await page.getByText('Thank you for your business!').count()).toBe(1);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'invoice-390');
  });

  it('leaves the VIN out when the vehicle has none', async () => {
    const inspection = await seedInspection(e2e.api, {}, { vin: null });
    const invoice = await seedInvoice(e2e.api, inspection.id);
    const { page } = await openInvoice(invoice.shareToken);
    expect(await textOf(page, 'header.doc-header')).not.toContain('VIN');
    // Standard car: approved wiper blades 24.50 + 7.07 = 31.57; 8% → 2.53; 34.10.
    expect(await summaryOf(page, 'invoice-summary')).toEqual({
      Subtotal: '$31.57',
      'Tax (8%)': '$2.53',
      Total: '$34.10',
    });
  });

  it('Print Invoice opens the print dialog; print media shows one clean document without buttons', async () => {
    const inspection = await seedInspection(e2e.api);
    const invoice = await seedInvoice(e2e.api, inspection.id);
    const { page } = await openInvoice(invoice.shareToken);
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole('button', { name: 'Print Invoice' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.emulateMedia({ media: 'print' });
    expect(await visibleButtons(page)).toEqual([]);
    await screenshot(page, 'invoice-print');
    for (const format of ['A4', 'Letter'] as const) {
      expect(pdfPages(await page.pdf({ format, printBackground: true })), format).toBe(1);
    }
  });

  it('says loading, then not found for an unknown link', async () => {
    const { page } = await e2e.open();
    await expectLoadingThenNotFound(page, 'invoice');
    await expectAccessible(page);
  });

  it('offline: the loaded invoice stays readable under a banner, and the banner goes when the connection is back', async () => {
    const inspection = await seedInspection(e2e.api);
    const invoice = await seedInvoice(e2e.api, inspection.id);
    const { page, context } = await openInvoice(invoice.shareToken);
    await context.setOffline(true);
    const banner = page.locator('.offline-banner');
    await banner.waitFor();
    expect(await page.getByRole('heading', { name: 'Invoice Summary' }).count()).toBe(1);
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: 'Invoice Summary' }).count()).toBe(1);
  });

  it('fits a 360 px phone', async () => {
    const inspection = await seedInspection(e2e.api);
    const invoice = await seedInvoice(e2e.api, inspection.id);
    const { page } = await openInvoice(invoice.shareToken, SMALL_PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'invoice-360');
  });
});
