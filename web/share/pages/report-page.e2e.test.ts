import { describe, expect, it } from 'vitest';
import { overflowsHorizontally, SMALL_PHONE } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { seedInspection, serviceId } from '@web/test/e2e/seed';
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
import { addSession } from '@web/test/e2e/staff';

const e2e = useE2E();

const openReport = (token: string, viewport?: { width: number; height: number }) =>
  e2e.openSharePage(`/mpi/${token}`, 'Vehicle Inspection Report', viewport);

describe('/mpi/{shareToken}', () => {
  it('shows the report as a letter from the shop: header, banner, findings, services, estimate, contact', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken);

    const header = await textOf(page, 'header.doc-header');
    expect(header).toContain(`Inspection #${inspection.id.slice(0, 8)}`);
    expect(header).toContain('Dana Whitfield');
    expect(header).toContain('2016 Subaru Outback');
    expect(header).toContain(shownDate(inspection.createdAt));
    expect(await bannerOf(page)).toEqual({
      badge: 'Complete',
      text: 'Inspection completed - Please review and approve services below',
    });
    expect(await textOf(page, '.letterhead')).toContain('Bayside Auto Care');

    // Brake pads: below 3 mm poor, 3 mm good, missing N/A; every rating has its word and tone.
    const brakes = page.locator('.findings__group').filter({ hasText: 'Brake Pad Thickness' });
    const brakeRows = await brakes.locator('.facts__row').allTextContents();
    expect(brakeRows).toEqual([
      'Front left2.9 mm✕Poor',
      'Front right3.0 mm✓Good',
      'Rear left7.5 mm✓Good',
      'Rear rightN/A',
    ]);
    expect(await brakes.locator('.badge--bad').allTextContents()).toEqual(['✕Poor']);
    const tread = await page
      .locator('.findings__group')
      .filter({ hasText: 'Tire Tread' })
      .locator('dd')
      .allTextContents();
    expect(tread).toEqual(['6.5 mm', '6.4 mm', '4.0 mm', 'N/A']);
    const fluids = page.locator('.findings__group').filter({ hasText: 'Fluid Conditions' });
    expect(await fluids.locator('dd').allTextContents()).toEqual(['✕Dirty', '!Low', '✓Full']);
    expect(await fluids.locator('.badge--warning').count()).toBe(1);
    const colours = await fluids.locator('.badge').evaluateAll((els) => els.map((el) => getComputedStyle(el).color));
    expect(colours).toEqual(['rgb(153, 27, 27)', 'rgb(146, 64, 14)', 'rgb(22, 101, 52)']);
    expect(await textOf(page, '.findings__group:has-text("Suspension")')).toContain('Minor wear');
    expect(await textOf(page, '.findings__group:has-text("Detected Leaks")')).toContain('Oil pan gasket');
    expect(await textOf(page, '.findings__group:has-text("Check Engine Light")')).toContain('On');
    expect(await textOf(page, '.findings__group:has-text("Diagnostic Codes")')).toContain('P0420');

    const notes = await textOf(page, 'section:has(#notes-heading)');
    expect(notes).toContain('Customer mentioned a squeal when braking.');
    expect(notes).toContain('Rear tires will need replacing within 6 months.');

    // Only recommended services can be decided; the others show their badge.
    for (const name of ['Front brake pads', 'Cabin air filter', 'Coolant flush']) {
      expect(await serviceCard(page, name).getByRole('button').allTextContents()).toEqual(['Decline', 'Approve']);
    }
    expect(await serviceCard(page, 'Timing belt').getByRole('button').count()).toBe(0);
    expect(await textOf(page, '[data-testid=service][data-status=declined] .badge')).toBe('•Declined');
    expect(await textOf(page, '[data-testid=service][data-status=approved] .badge')).toBe('✓Approved');
    const brakeService = await textOf(page, '[data-testid=service]:has-text("Front brake pads")');
    // A single part's price is the Parts row: shown once.
    expect(brakeService).toContain('Ceramic brake padsParts$45.99Labor$120.00Total$165.99');
    expect(await textOf(page, '[data-testid=service]:has-text("Coolant flush")')).toContain(
      'Coolant$33.33Hose clamp$1.01Parts$34.34',
    );

    expect(await summaryOf(page, 'estimate')).toEqual({
      Subtotal: '$318.32',
      'Tax (8.5%)': '$27.06',
      'Estimated Total': '$345.38',
    });

    const contact = page.locator('section.contact');
    expect(await contact.textContent()).toContain('12 Harbor Road');
    expect(
      await contact.getByRole('link', { name: 'https://bayside-auto.test', exact: true }).getAttribute('href'),
    ).toBe('https://bayside-auto.test');
    expect(await contact.getByRole('link', { name: '(555) 010-0142' }).getAttribute('href')).toBe('tel:5550100142');
    expect(await page.getByText('This report is valid for 30 days from the inspection date.').count()).toBe(1);

    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'report-390');
  });

  it('shows the back-to-top button only after 300 px of scrolling', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken);
    const button = page.getByRole('button', { name: 'Back to top' });
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 250));
    await page.waitForTimeout(100);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await button.waitFor();
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await button.waitFor({ state: 'detached' });
  });

  it('shows the Live banner while the inspection is in progress', async () => {
    const inspection = await seedInspection(e2e.api, { status: 'in_progress' });
    const { page } = await openReport(inspection.shareToken);
    expect(await bannerOf(page)).toEqual({
      badge: 'Live',
      text: 'Inspection in progress - Updates will appear in real-time',
    });
  });

  it('says loading, then not found for an unknown link', async () => {
    const { page } = await e2e.open();
    await expectLoadingThenNotFound(page, 'report');
    await expectAccessible(page);
    await screenshot(page, 'report-not-found');
  });

  // Cut short after a % (in a text message, say): an address whose percent-escapes do not decode.
  it('says not found, not a server error, for a link cut short after a percent sign', async () => {
    const { page } = await e2e.open();
    await expectLoadingThenNotFound(page, 'report', '/mpi/no-such-token%');
    expect(await page.getByText('Bad Request').count()).toBe(0);
  });

  it('approves a service: buttons wait for the call, toast, data reloaded, estimate recomputed by the server', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken);
    const release = await holdRequests(page, '**/services/*/approve');
    await serviceCard(page, 'Cabin air filter').getByRole('button', { name: 'Approve' }).click();
    await serviceCard(page, 'Cabin air filter').getByRole('button', { name: 'Approving...' }).waitFor();
    expect(await page.locator('[data-testid=service] button:not([disabled])').count()).toBe(0);
    release();

    const toast = page.getByRole('status').filter({ hasText: 'Service approved' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('The service has been approved successfully');
    await serviceCard(page, 'Cabin air filter').locator('.badge', { hasText: 'Approved' }).waitFor();
    expect(await serviceCard(page, 'Cabin air filter').getByRole('button').count()).toBe(0);
    // 318.32 - 37.99 = 280.33; 8.5% = 23.82805 → 23.83; 304.16.
    expect(await summaryOf(page, 'estimate')).toEqual({
      Subtotal: '$280.33',
      'Tax (8.5%)': '$23.83',
      'Estimated Total': '$304.16',
    });
    await screenshot(page, 'report-approved');
    // The toast goes away by itself (5 s).
    await toast.getByText('Service approved').waitFor({ state: 'detached', timeout: 8000 });
  });

  it('declines a service with the spec toast', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken);
    await serviceCard(page, 'Coolant flush').getByRole('button', { name: 'Decline' }).click();
    await page
      .getByRole('dialog', { name: 'Decline coolant flush ($114.34)?' })
      .getByRole('button', { name: 'Decline' })
      .click();
    const toast = page.getByRole('status').filter({ hasText: 'Service declined' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('The service has been declined');
    await serviceCard(page, 'Coolant flush').locator('.badge', { hasText: 'Declined' }).waitFor();
    // 318.32 - 114.34 = 203.98; 8.5% = 17.3383 → 17.34; 221.32.
    expect(await summaryOf(page, 'estimate')).toEqual({
      Subtotal: '$203.98',
      'Tax (8.5%)': '$17.34',
      'Estimated Total': '$221.32',
    });
    // One toast at a time: the next decision replaces it; the close button dismisses it.
    await serviceCard(page, 'Cabin air filter').getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('status').filter({ hasText: 'Service approved' }).waitFor();
    expect(await page.locator('.toast').count()).toBe(1);
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    expect(await page.locator('.toast').count()).toBe(0);
  });

  it('a service already decided elsewhere: the error shows and nothing else changes', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken);
    const shown = async () =>
      (await page.locator('main').innerHTML()).replace(/<button[^>]*back-to-top.*?<\/button>/, '');
    const before = await shown();
    await decideElsewhere(
      e2e.baseUrl,
      'inspections',
      inspection.shareToken,
      serviceId(inspection, 'Front brake pads'),
      'approve',
    );

    await serviceCard(page, 'Front brake pads').getByRole('button', { name: 'Approve' }).click();
    const alert = page.getByRole('alert').filter({ hasText: "Couldn't approve the service" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This service has already been approved');
    expect(await page.getByRole('status').filter({ hasText: 'Service approved' }).count()).toBe(0);
    expect(await shown()).toBe(before);
    await screenshot(page, 'report-already-decided');
  });

  it('a price raised after the page loaded: the approval is refused, says the new price and the page shows it', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken);
    const card = serviceCard(page, 'Front brake pads');
    await card.getByRole('button', { name: 'Approve' }).waitFor();
    await e2e.api.call('PUT', `/api/services/${serviceId(inspection, 'Front brake pads')}`, { laborCost: '999.00' });

    await card.getByRole('button', { name: 'Approve' }).click();
    const alert = page.getByRole('alert').filter({ hasText: "Couldn't approve the service" });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /The price of this service changed to \$[\d,]+\.\d{2}\. The page now shows it: approve again if you agree\./,
    );
    await card.getByText('$999.00', { exact: false }).first().waitFor();
    // Still not approved: the customer decides again on the new price.
    expect(await card.getByRole('button', { name: 'Approve' }).isVisible()).toBe(true);
  });

  it('counts the customer opening the report once, however often it reloads, and a signed-in staff look not at all', async () => {
    const inspection = await seedInspection(e2e.api);
    const views = async () =>
      (await e2e.api.call<{ views: { count: number } | null }>('GET', `/api/inspections/${inspection.id}/sends`)).views
        ?.count ?? 0;
    // Staff signed in on this browser: a preview.
    const staff = await e2e.open();
    await addSession(staff.context, e2e.baseUrl, e2e.api.cookie);
    await staff.page.goto(`/mpi/${inspection.shareToken}`);
    await staff.page.getByRole('heading', { name: 'Vehicle Inspection Report' }).waitFor();
    expect(await views()).toBe(0);

    const { page } = await openReport(inspection.shareToken);
    expect(await views()).toBe(1);
    // Coming back to the tab reloads the data: still one view.
    const reloaded = page.waitForResponse((r) => r.url().includes(`/api/public/inspections/${inspection.shareToken}`));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await reloaded;
    expect(await views()).toBe(1);
  });

  it('offline: a failed decision leaves the page as it was; a reload without a connection says so', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken);

    // A decision whose call cannot reach the server: a clear error, the page unchanged.
    await page.route('**/services/*/approve', (route) => route.abort('internetdisconnected'));
    await serviceCard(page, 'Coolant flush').getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "You're offline - connect to the internet and try again." })
      .waitFor();
    expect(await serviceCard(page, 'Coolant flush').getByRole('button').count()).toBe(2);

    // A reload whose data call fails has nothing to show but the connection message.
    await page.route('**/api/public/inspections/*', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText("You're offline - connect to the internet to view this page.").waitFor();
    await screenshot(page, 'report-offline');
  });

  it('print: no buttons, just the report', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken);
    expect(await visibleButtons(page)).toContain('Approve');
    await page.emulateMedia({ media: 'print' });
    expect(await visibleButtons(page)).toEqual([]);
    await screenshot(page, 'report-print');
  });

  it('is light and private: its own entry, no staff code, no service worker, noindex and no-referrer', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await e2e.open();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const response = await page.goto(`/mpi/${inspection.shareToken}`);
    await page.getByRole('heading', { name: 'Vehicle Inspection Report' }).waitFor();
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
    expect(await page.locator('meta[name=referrer]').getAttribute('content')).toBe('no-referrer');
    const scripts = requested.filter((p) => p.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((p) => /\/assets\/main-/.test(p))).toEqual([]);
    expect(requested.filter((p) => p.startsWith('/api/') && !p.startsWith('/api/public/'))).toEqual([]);
    // The data call starts from the HTML, before the code arrives, and is not made twice.
    expect(requested.filter((p) => p.startsWith('/api/public/'))).toEqual([
      `/api/public/inspections/${inspection.shareToken}`,
    ]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(
      await page.evaluate(() => 'React' in window || Boolean(document.querySelector('script[src*="main-"]'))),
    ).toBe(false);
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken, SMALL_PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('p, dt, dd, li, span, a, button')]
        .filter((el) => el.getClientRects().length > 0 && parseFloat(getComputedStyle(el).fontSize) < 16)
        .map((el) => el.textContent),
    );
    expect(small).toEqual([]);
    const tooSmall = await page
      .locator('button:visible')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 44));
    expect(tooSmall).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, 'report-360');
  });
});
