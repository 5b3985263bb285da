import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { overflowsHorizontally, SMALL_PHONE, TABLET_LANDSCAPE } from '@web/test/e2e/browser';
import { layoutFailures } from '@web/test/e2e/screen-checks';
import { screenshot } from '@web/test/e2e/screenshot';
import { seedInspection } from '@web/test/e2e/seed';
import { addSession, createStaffUser, useFreshServer } from '@web/test/e2e/staff';
import { registerAdmin, StaffApi } from '@web/test/e2e/staff-api';
import { expectAccessible, useE2E } from '@web/test/e2e/use-e2e';

// A shop of its own, so every figure is known: one inspection today with the standard services
// (by hand: recommended 165.99 + 37.99 + 114.34 + 550.00 + 24.50 = 892.82; wipers 24.50 approved,
// timing belt 550.00 declined), never sent.
const { open } = useE2E();
const fresh = useFreshServer();
let admin: StaffApi;

async function openReports(viewport: { width: number; height: number }, cookie = admin.cookie): Promise<Page> {
  const { page, context } = await open(viewport, { url: fresh.baseUrl(), touch: viewport.width < 1024 });
  await addSession(context, fresh.baseUrl(), cookie);
  await page.goto('/?section=reports');
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  return page;
}

/** Label → [value, foot] of the figure cards. */
async function figures(page: Page): Promise<Record<string, [string, string]>> {
  await page.getByTestId('report-figure').first().waitFor();
  return page
    .getByTestId('report-figure')
    .evaluateAll((cards) =>
      Object.fromEntries(
        cards.map((card) => [
          card.querySelector('h3')?.textContent ?? '',
          [card.querySelectorAll('p')[0]?.textContent ?? '', card.querySelectorAll('p')[1]?.textContent ?? ''],
        ]),
      ),
    );
}

/** Name → figure label → value, for each person of a group list. */
const groupsOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .getByTestId('report-group')
    .evaluateAll((groups) =>
      Object.fromEntries(
        groups.map((g) => [
          g.querySelector('h3')?.textContent ?? '',
          Object.fromEntries(
            [...g.querySelectorAll('dl > div')].map((d) => [
              d.querySelector('dt')?.textContent ?? '',
              d.querySelector('dd')?.textContent ?? '',
            ]),
          ),
        ]),
      ),
    );

// The app header's sync label is the shell's, outside this screen (the screen tour checks the shell
// at tablet sizes, where it is 16 px).
const ownFailures = async (page: Page, touch: boolean) =>
  (await layoutFailures(page, { touch })).filter((line) => !line.includes('data-testid=sync-status'));

beforeAll(async () => {
  admin = new StaffApi(fresh.baseUrl(), await registerAdmin(fresh.baseUrl(), fresh.setupCode()));
  await seedInspection(admin);
});

describe('the reports screen', () => {
  it('shows the month so far: figures, a bar for each day and the tables, at 1024×768', async () => {
    const page = await openReports(TABLET_LANDSCAPE);
    expect(await page.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
    expect(await figures(page)).toEqual({
      Inspections: ['1', ''],
      'Share rate': ['0%', '0 of 1 sent'],
      'View rate': ['—', '0 of 0 opened'],
      'Send to first view': ['—', 'median'],
      'Send to decision': ['—', 'median'],
      Recommended: ['$892.82', '5 services'],
      Approved: ['$24.50', '2.7% of value · 20% of services'],
      Declined: ['$550.00', ''],
      'Average repair order': ['$24.50', '1 with approved work'],
    });
    const one = {
      Inspections: '1',
      'Share rate': '0%',
      'View rate': '—',
      'To first view': '—',
      'To decision': '—',
      Recommended: '$892.82',
      Approved: '$24.50',
      'Approved % of value': '2.7%',
      'Approved % of services': '20%',
      Declined: '$550.00',
      'Avg repair order': '$24.50',
    };
    expect(await groupsOf(page, 'report-technicians')).toEqual({ bayside_owner: one });
    expect(await groupsOf(page, 'report-advisors')).toEqual({ 'Not sent': one });

    const today = new Date();
    const bars = page.getByTestId('approved-chart').locator('rect');
    expect(await bars.count()).toBe(today.getDate());
    const heights = await bars.evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))));
    expect(heights.slice(0, -1).every((h) => h === 0)).toBe(true);
    expect(heights.at(-1)).toBe(98);
    expect(
      await page
        .getByTestId('approved-chart')
        .getByText(/^Highest: \$24\.50 on /)
        .isVisible(),
    ).toBe(true);
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Reports' })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(await ownFailures(page, false)).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, 'reports-1024x768');
  });

  it('fits a 360 px phone', async () => {
    const page = await openReports(SMALL_PHONE);
    await page.getByTestId('report-figure').first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await ownFailures(page, true)).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, 'reports-360');
  });

  it('switches presets and takes a custom range, saying when it is backwards', async () => {
    const page = await openReports(TABLET_LANDSCAPE);
    await page.getByTestId('report-figure').first().waitFor();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect.poll(() => page.getByTestId('approved-chart').locator('rect').count()).toBe(30);
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill('2024-02-01');
    await page.getByLabel('To', { exact: true }).fill('2024-01-01');
    await page.getByRole('alert').getByText('The end date must be on or after the start date').waitFor();
    await page.getByLabel('To', { exact: true }).fill('2024-02-29');
    await page.getByTestId('report-range').getByText('February 1, 2024 – February 29, 2024').waitFor();
    expect(await page.getByTestId('approved-chart').locator('rect').count()).toBe(29);
    expect(await figures(page)).toMatchObject({ Inspections: ['0', ''], Recommended: ['$0.00', '0 services'] });
    expect(await page.getByTestId('report-technicians').getByText('No inspections in this range').isVisible()).toBe(
      true,
    );
    expect(await page.getByTestId('approved-chart').getByText('No approved work in this range').isVisible()).toBe(true);
  });

  it('says offline that reports need a connection', async () => {
    const { page, context } = await open(TABLET_LANDSCAPE, { url: fresh.baseUrl(), touch: false });
    await addSession(context, fresh.baseUrl(), admin.cookie);
    await page.goto('/?section=reports');
    await page.getByTestId('report-figure').first().waitFor();
    await context.setOffline(true);
    await page
      .getByRole('status')
      .getByText('Reports need a connection. They come back when you are online again.')
      .waitFor();
    expect(await page.getByTestId('report-figure').count()).toBe(0);
  });

  it('is not offered to technicians', async () => {
    const tech = await createStaffUser(admin, 'technician');
    const page = await openReports(TABLET_LANDSCAPE, tech.cookie);
    await page.getByText('Reports are for administrators and service advisors.').waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).count()).toBe(0);
  });
});
