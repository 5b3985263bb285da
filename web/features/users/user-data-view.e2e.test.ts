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
import { expectAccessible, holdRequests, shownDate, useE2E } from '@web/test/e2e/use-e2e';

const { baseUrl, api, open } = useE2E();

let tech: StaffUser;
let newcomer: StaffUser;
let inspections: { id: string; createdAt: string }[];
beforeAll(async () => {
  [tech, newcomer] = await Promise.all([
    createStaffUser(api, 'technician', 'datatech_unbroken'),
    createStaffUser(api, 'service_advisor', 'dataadvisor'),
  ]);
  // What the technician adds is theirs: two customers, two vehicles, two inspections.
  const withAddress = await tech.api.call<{ id: string }>('POST', '/api/customers', {
    name: 'Nadia Reyes',
    email: 'nadia@mail.example.com',
    phone: '555-0142',
    address: '8 Quay Lane',
  });
  const noAddress = await tech.api.call<{ id: string }>('POST', '/api/customers', {
    name: 'Owen Park',
    email: 'owen@mail.example.com',
    phone: '555-0143',
  });
  const full = await tech.api.call<{ id: string }>('POST', '/api/vehicles', {
    customerId: withAddress.id,
    year: 2019,
    make: 'Toyota',
    model: 'Tacoma',
    vin: '3TMCZ5AN1KM123456',
    licensePlate: 'HBR 451',
    mileage: 45000,
  });
  const bare = await tech.api.call<{ id: string }>('POST', '/api/vehicles', {
    customerId: noAddress.id,
    year: 2008,
    make: 'Honda',
    model: 'Fit',
    vin: null,
    licensePlate: null,
    mileage: null,
  });
  inspections = [
    await tech.api.call('POST', '/api/inspections', {
      customerId: withAddress.id,
      vehicleId: full.id,
      status: 'in_progress',
      notes: 'Front pads worn to 3 mm.',
    }),
    await tech.api.call('POST', '/api/inspections', {
      customerId: noAddress.id,
      vehicleId: bare.id,
      status: 'completed',
    }),
  ];
});

async function openUser(
  id: string,
  viewport: { width: number; height: number } = TABLET_LANDSCAPE,
  before?: (page: Page) => Promise<unknown>,
): Promise<Page> {
  const { context, page } = await open(viewport);
  await addSession(context, baseUrl, api.cookie);
  await before?.(page);
  await page.goto(`/users/${id}`);
  await page.locator('main#main').waitFor();
  return page;
}

/** The rows of one table, cell texts whitespace-collapsed. */
const rowsOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent?.replace(/\s+/g, ' ').trim() ?? '')),
    );

const headersOf = (page: Page, testId: string) => page.getByTestId(testId).locator('thead th').allTextContents();

describe('user data view', () => {
  it('shows the user, the counts and the three tables with N/A and mileage formats', async () => {
    const page = await openUser(tech.id);
    await page.getByRole('heading', { name: tech.username, level: 1 }).waitFor();
    expect(await page.getByTestId('user-email').textContent()).toBe(tech.email);
    expect(await page.getByTestId('user-role').textContent()).toBe('Technician');
    expect((await page.getByTestId('user-data-counts').innerText()).replace(/\s+/g, ' ')).toBe(
      'Customers 2 Vehicles 2 Inspections 2',
    );

    expect(await headersOf(page, 'user-customers')).toEqual(['Name', 'Email', 'Phone', 'Address']);
    expect(await headersOf(page, 'user-vehicles')).toEqual([
      'Year',
      'Make',
      'Model',
      'VIN',
      'License Plate',
      'Mileage',
    ]);
    expect(await headersOf(page, 'user-inspections')).toEqual(['Date', 'Customer', 'Vehicle', 'Status', 'Notes']);
    // Newest first, as the API gives them.
    expect(await rowsOf(page, 'user-customers')).toEqual([
      ['Owen Park', 'owen@mail.example.com', '555-0143', 'N/A'],
      ['Nadia Reyes', 'nadia@mail.example.com', '555-0142', '8 Quay Lane'],
    ]);
    expect(await rowsOf(page, 'user-vehicles')).toEqual([
      ['2008', 'Honda', 'Fit', 'N/A', 'N/A', 'N/A'],
      ['2019', 'Toyota', 'Tacoma', '3TMCZ5AN1KM123456', 'HBR 451', '45,000 mi'],
    ]);
    const [first, second] = inspections;
    expect(await rowsOf(page, 'user-inspections')).toEqual([
      [shownDate(second?.createdAt ?? ''), 'Owen Park', '2008 Honda Fit', 'Completed', 'No notes'],
      [
        shownDate(first?.createdAt ?? ''),
        'Nadia Reyes',
        '2019 Toyota Tacoma',
        'In progress',
        'Front pads worn to 3 mm.',
      ],
    ]);
    await expectAccessible(page);
    await screenshot(page, 'user-data-view');

    await page.getByRole('link', { name: 'Back to Users' }).click();
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
    expect(new URL(page.url()).search).toBe('?section=users');
  });

  it('shows the empty texts for a user with nothing yet (portrait), and fits 360 px', async () => {
    const page = await openUser(newcomer.id, TABLET_PORTRAIT);
    await page.getByRole('heading', { name: newcomer.username, level: 1 }).waitFor();
    expect(await page.getByTestId('user-role').textContent()).toBe('Service Advisor');
    for (const text of ['No customers yet', 'No vehicles yet', 'No inspections yet']) {
      await page.getByText(text, { exact: true }).waitFor();
    }
    expect((await page.getByTestId('user-data-counts').innerText()).replace(/\s+/g, ' ')).toBe(
      'Customers 0 Vehicles 0 Inspections 0',
    );
    await expectAccessible(page);
    await screenshot(page, 'user-data-view-empty');

    const phone = await openUser(tech.id, SMALL_PHONE);
    await phone.getByRole('heading', { name: tech.username, level: 1 }).waitFor();
    expect(await overflowsHorizontally(phone), (await elementsPastRightEdge(phone)).join('\n')).toBe(false);
    await expectAccessible(phone);
    await screenshot(phone, 'user-data-view-360');
  });

  it("shows 'User Not Found' for an unknown id", async () => {
    const page = await openUser('00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'User Not Found', level: 1 }).waitFor();
    await page.getByText("The user data you're looking for doesn't exist.", { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'user-data-not-found');
    await page.getByRole('link', { name: 'Back to Users' }).click();
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
  });

  it("shows 'Loading user data...', then 'Error Loading Data' when the call fails; Retry reloads", async () => {
    let failing = true;
    const page = await openUser(tech.id, TABLET_LANDSCAPE, async (p) => {
      await p.route('**/api/users/*/data', (route) =>
        failing
          ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'database unavailable' })
          : route.continue(),
      );
    });
    await page.getByRole('heading', { name: 'Error Loading Data', level: 1 }).waitFor();
    await page.getByText('500: database unavailable', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to Users' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'user-data-error');

    failing = false;
    const release = await holdRequests(page, '**/api/users/*/data');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Loading user data...', { exact: true }).waitFor();
    release();
    await page.getByRole('heading', { name: tech.username, level: 1 }).waitFor();
  });
});
