import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { overflowsHorizontally, SMALL_PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { addSession, useFreshServer } from '@web/test/e2e/staff';
import { registerAdmin, StaffApi } from '@web/test/e2e/staff-api';
import { expectAccessible, shownDate, useE2E } from '@web/test/e2e/use-e2e';

// A shop of its own (fresh database), so every figure on the dashboard is known.
const { open } = useE2E();
const fresh = useFreshServer();
let admin: StaffApi;

interface Listed {
  id: string;
  shareToken: string;
  createdAt: string;
  status: string;
  customer: { name: string };
  vehicle: { year: number; make: string; model: string; licensePlate: string | null };
}

const CUSTOMERS = [
  { name: 'Ana Ortiz', vehicle: { year: 2019, make: 'Honda', model: 'Civic', licensePlate: 'ANA 019' } },
  { name: 'Ben Cole', vehicle: { year: 2012, make: 'Ford', model: 'F-150', licensePlate: null } },
  { name: 'Cara Diaz', vehicle: { year: 2021, make: 'Toyota', model: 'RAV4', licensePlate: 'CARA 21' } },
  { name: 'Dev Patel', vehicle: { year: 2008, make: 'Volvo', model: 'XC70', licensePlate: 'DEV 8' } },
];
// 12 inspections: 5 in progress, 4 completed, 2 approved, 1 declined.
const STATUSES = [
  'in_progress',
  'completed',
  'approved',
  'in_progress',
  'declined',
  'completed',
  'in_progress',
  'completed',
  'approved',
  'in_progress',
  'completed',
  'in_progress',
];

async function openDashboard(viewport: { width: number; height: number } = TABLET_LANDSCAPE): Promise<Page> {
  const { page, context } = await open(viewport, { url: fresh.baseUrl() });
  await addSession(context, fresh.baseUrl(), admin.cookie);
  await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome back, bayside_owner' }).waitFor();
  return page;
}

/** Label → [figure, foot text] of the three stat cards. */
async function statCards(page: Page): Promise<Record<string, [string, string]>> {
  const cards = page.getByTestId('stat-card');
  await expect.poll(() => cards.first().locator('p').first().textContent()).not.toBe('—');
  return cards.evaluateAll((nodes) =>
    Object.fromEntries(
      nodes.map((card) => [
        card.querySelector('h2')?.textContent ?? '',
        [card.querySelector('p')?.textContent ?? '', card.querySelector('div:last-child')?.textContent ?? ''],
      ]),
    ),
  );
}

beforeAll(async () => {
  admin = new StaffApi(fresh.baseUrl(), await registerAdmin(fresh.baseUrl(), fresh.setupCode()));
});

describe('the dashboard', () => {
  it('shows zeros and the empty state in a new shop', async () => {
    const page = await openDashboard(TABLET_PORTRAIT);
    expect(await statCards(page)).toEqual({
      // A first day has no previous period: no '+0%' or '+100%' growth figure.
      'Total Customers': ['0', 'No previous 30 days to compare'],
      'Total Inspections': ['0', 'No previous 30 days to compare'],
      'Inspections Today': ['0', '0 Pending'],
    });
    const recent = page.getByRole('region', { name: 'Recent Inspections' });
    await recent.getByText('No inspections found').waitFor();
    expect(await recent.getByText('Start by creating your first inspection').isVisible()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-empty');
  });

  it('shows the figures and the three most recent inspections from seeded data', async () => {
    const customers = [];
    for (const { name, vehicle } of CUSTOMERS) {
      const customer = await admin.call<{ id: string }>('POST', '/api/customers', {
        name,
        email: `${name.split(' ')[0]?.toLowerCase()}@mail.example.com`,
        phone: '555-0100',
      });
      const car = await admin.call<{ id: string }>('POST', '/api/vehicles', {
        customerId: customer.id,
        mileage: 50000,
        ...vehicle,
      });
      customers.push({ customerId: customer.id, vehicleId: car.id });
    }
    for (const [index, status] of STATUSES.entries()) {
      const owner = customers[index % customers.length];
      await admin.call('POST', '/api/inspections', { ...owner, status });
    }
    const stats = await admin.call<{ customerGrowth: number | null; inspectionGrowth: number | null }>(
      'GET',
      '/api/dashboard/stats',
    );
    // Without a previous period (nothing in the 30 days before) no growth figure is shown.
    const growth = (n: number | null) =>
      n === null ? 'No previous 30 days to compare' : `${n >= 0 ? '+' : ''}${n}%vs previous 30 days`;

    const page = await openDashboard();
    expect(await statCards(page)).toEqual({
      'Total Customers': ['4', growth(stats.customerGrowth)],
      'Total Inspections': ['12', growth(stats.inspectionGrowth)],
      'Inspections Today': ['12', '5 Pending'],
    });

    const expected = await admin.call<Listed[]>('GET', '/api/inspections?limit=3');
    const rows = page.getByRole('region', { name: 'Recent Inspections' }).getByTestId('inspection-row');
    await expect.poll(() => rows.count()).toBe(3);
    for (const [index, inspection] of expected.entries()) {
      const row = rows.nth(index);
      const { vehicle } = inspection;
      const plate = vehicle.licensePlate ? ` (${vehicle.licensePlate})` : '';
      expect(await row.innerText()).toBe(
        [
          inspection.customer.name,
          // Badges are capitalised: 'In progress'.
          inspection.status.charAt(0).toUpperCase() + inspection.status.slice(1).replace(/_/g, ' '),
          `${vehicle.year} ${vehicle.make} ${vehicle.model}${plate}`,
          shownDate(inspection.createdAt),
          'Technician: bayside_owner',
        ].join('\n'),
      );
      expect(await row.getAttribute('href')).toBe(`/mpi/${inspection.shareToken}`);
    }
    await expectAccessible(page);
    await screenshot(page, 'dashboard-seeded');
  });

  it('opens a paged list of every inspection from View All, with search and status filter', async () => {
    const page = await openDashboard();
    await page.getByRole('button', { name: 'View All' }).click();
    const dialog = page.getByRole('dialog', { name: 'All Inspections' });
    const rows = dialog.getByTestId('inspection-row');
    await expect.poll(() => rows.count()).toBe(10);
    expect(await dialog.getByText('Showing 1–10 of 12 inspections').isVisible()).toBe(true);
    expect(await dialog.getByText('Page 1 of 2').isVisible()).toBe(true);
    const [newest] = await admin.call<Listed[]>('GET', '/api/inspections?limit=1');
    const report = dialog.getByTestId('inspection-report-link').first();
    expect(await report.getAttribute('href')).toBe(`/mpi/${newest?.shareToken}`);
    expect(await report.getAttribute('target')).toBe('_blank');
    expect(await report.getAttribute('rel')).toBe('noopener noreferrer');
    await expectAccessible(page);
    await screenshot(page, 'dashboard-view-all');

    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByText('Showing 11–12 of 12 inspections').waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await dialog.getByLabel('Filter by status').click();
    await page.getByRole('option', { name: 'Declined' }).click();
    await dialog.getByText('Showing 1–1 of 1 inspection', { exact: true }).waitFor();
    expect(await rows.first().innerText()).toContain('Declined');

    await dialog.getByLabel('Filter by status').click();
    await page.getByRole('option', { name: 'All Statuses' }).click();
    await dialog.getByLabel('Search inspections').fill('Ben');
    await dialog.getByText('Showing 1–3 of 3 inspections').waitFor();
    for (const text of await rows.allInnerTexts()) expect(text.startsWith('Ben Cole')).toBe(true);

    await dialog.getByLabel('Search inspections').fill('Nobody Here');
    await dialog.getByText('No inspections found').waitFor();
  });

  it('opens a row of the View All list in the inspection dialog, and comes back to the list', async () => {
    const [newest] = await admin.call<Listed[]>('GET', '/api/inspections?limit=1');
    const page = await openDashboard(TABLET_PORTRAIT);
    await page.getByRole('button', { name: 'View All' }).click();
    const list = page.getByRole('dialog', { name: 'All Inspections' });
    const first = list.getByTestId('inspection-row').first();
    await first.waitFor();
    expect((await first.innerText()).startsWith(newest?.customer.name ?? '?')).toBe(true);
    await first.click();
    const edit = page.getByRole('dialog', { name: 'Edit Inspection' });
    await edit.waitFor();
    await edit
      .getByText(newest?.customer.name ?? '?')
      .first()
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'dashboard-view-all-edit');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await list.getByText('Showing 1–10 of 12 inspections').waitFor();
    await first.focus();
    await page.keyboard.press('Enter');
    await edit.waitFor();
  });

  it('fits the View All list on a 360 px wide screen', async () => {
    const page = await openDashboard(SMALL_PHONE);
    await page.getByRole('button', { name: 'View All' }).click();
    await page.getByRole('dialog', { name: 'All Inspections' }).getByTestId('inspection-row').first().waitFor();
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'dashboard-view-all-360');
  });

  it('switches to the customers section from Create a Customer', async () => {
    const page = await openDashboard(TABLET_PORTRAIT);
    await page.getByRole('button', { name: 'Create a Customer' }).click();
    await page.waitForURL('**/?section=customers');
  });
});
