import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT } from './browser';
import { layoutFailures, stopFailures } from './screen-checks';
import { screenshot } from './screenshot';
import { seedInspection, seedInvoice } from './seed';
import { addSession, createStaffUser, searchList, type StaffUser } from './staff';
import { useE2E } from './use-e2e';

// The screen tour: every staff screen and dialog at the tablet and desktop sizes, every share page
// at phone and tablet sizes, each checked for sideways scrolling, text out of its box, words broken
// inside names and emails, touch targets, text size and axe; a screenshot of each stop for review.

const DESKTOP_1280 = { width: 1280, height: 800 } as const;
const STAFF_SIZES = [TABLET_LANDSCAPE, TABLET_PORTRAIT, DESKTOP_1280] as const;
const SHARE_SIZES = [PHONE, TABLET_PORTRAIT] as const;
const isTouch = (size: { width: number }) => size.width < 1280;

const e2e = useE2E();
const tag = `Tour${Date.now().toString(36)}`;
// Long enough to find narrow cards: the names and email of the kind that broke mid-word.
const CUSTOMER = `${tag} Olivia Lostresponse-Whitfield`;
const EMAIL = `olivia.lostresponse.${tag.toLowerCase()}@example.com`;

let technician: StaffUser;
let reportToken = '';
let invoiceToken = '';

beforeAll(async () => {
  technician = await createStaffUser(e2e.api, 'technician', 'tour_tech');
  const customer = await e2e.api.call<{ id: string }>('POST', '/api/customers', {
    name: CUSTOMER,
    email: EMAIL,
    phone: '555-0177',
    address: '88 Longwharf Avenue',
  });
  const vehicle = await e2e.api.call<{ id: string }>('POST', '/api/vehicles', {
    customerId: customer.id,
    year: 2018,
    make: 'Volkswagen',
    model: 'Golf SportWagen',
    vin: '3VWC17AU5JM512345',
    licensePlate: 'TOUR 12',
    mileage: 61000,
  });
  const toured = await e2e.api.call<{ id: string }>('POST', '/api/inspections', {
    customerId: customer.id,
    vehicleId: vehicle.id,
    status: 'completed',
    services: [
      { description: 'Cabin air filter', laborCost: '15.00', partsCost: '24.50', status: 'approved' },
      { description: 'Front brake pads and rotors', laborCost: '180.00', partsCost: '140.00', status: 'recommended' },
    ],
  });
  // Sent 45 minutes ago and never opened: the dashboard shows its "Sent, not viewed" card.
  const sentAt = new Date(Date.now() - 45 * 60_000).toISOString();
  await e2e.api.call('POST', `/api/inspections/${toured.id}/sends`, {
    id: crypto.randomUUID(),
    channel: 'copy_link',
    sentAt,
  });
  const inspection = await seedInspection(e2e.api);
  reportToken = inspection.shareToken;
  invoiceToken = (await seedInvoice(e2e.api, inspection.id)).shareToken;
}, 60_000);

interface Stop {
  name: string;
  /** Brings the page to the stop and waits until it is drawn. */
  show: (page: Page, context: BrowserContext) => Promise<void>;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 }).waitFor();

async function section(page: Page, name: string, title: string): Promise<void> {
  await page.goto(`/?section=${name}`);
  await heading(page, title);
}

async function customersWithCard(page: Page): Promise<void> {
  await section(page, 'customers', 'Customers');
  await searchList(page, tag);
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  const card = page.getByTestId('customer-card').filter({ hasText: CUSTOMER });
  await card.waitFor();
  return card.getByRole('button', { name: /^Inspections/ }).click();
}

const STAFF_STOPS: Stop[] = [
  {
    name: 'dashboard',
    show: async (page) =>
      void (await page.goto('/'), await page.getByRole('heading', { name: 'Welcome back, bayside_owner' }).waitFor()),
  },
  {
    name: 'customers-card-expanded',
    show: async (page) => {
      await customersWithCard(page);
      await page
        .getByTestId('customer-card')
        .filter({ hasText: CUSTOMER })
        .getByText('Front brake pads and rotors')
        .first()
        .waitFor();
    },
  },
  { name: 'vehicles', show: (page) => section(page, 'vehicles', 'Vehicles') },
  {
    name: 'inspection-dialog',
    show: async (page) => {
      await customersWithCard(page);
      await page
        .getByTestId('customer-card')
        .filter({ hasText: CUSTOMER })
        .getByRole('button', { name: 'Create Inspection' })
        .click();
      await page.getByRole('dialog', { name: 'Create Inspection' }).waitFor();
    },
  },
  {
    name: 'send-dialog',
    show: async (page) => {
      await customersWithCard(page);
      const card = page.getByTestId('customer-card').filter({ hasText: CUSTOMER });
      await card
        .getByTestId('inspection-row')
        .first()
        .getByRole('button', { name: /^Edit inspection/ })
        .click();
      await page
        .getByRole('dialog', { name: 'Edit Inspection' })
        .getByRole('button', { name: 'Send to customer' })
        .click();
      await page.getByRole('dialog', { name: 'Send to customer' }).getByTestId('send-dialog').waitFor();
    },
  },
  { name: 'receipts', show: (page) => section(page, 'invoices', 'Receipts') },
  {
    name: 'receipt-dialog',
    show: async (page) => {
      await section(page, 'invoices', 'Receipts');
      await page.getByRole('button', { name: 'Create Receipt' }).first().click();
      await page.getByRole('dialog', { name: 'Create Receipt' }).waitFor();
    },
  },
  {
    name: 'deferred-work',
    show: async (page) =>
      void (
        await section(page, 'deferred', 'Deferred work'),
        await page.getByTestId('deferred-line').first().waitFor()
      ),
  },
  {
    name: 'reports',
    show: async (page) =>
      void (await section(page, 'reports', 'Reports'), await page.getByTestId('report-figure').first().waitFor()),
  },
  { name: 'users', show: (page) => section(page, 'users', 'User Management') },
  {
    name: 'user-data',
    show: async (page) => void (await page.goto(`/users/${technician.id}`), await heading(page, technician.username)),
  },
  { name: 'templates', show: (page) => section(page, 'email-templates', 'Email Templates') },
  { name: 'settings', show: (page) => section(page, 'settings', 'Settings') },
  {
    name: 'sync-panel',
    show: async (page) => {
      await section(page, 'customers', 'Customers');
      await page.getByTestId('sync-status').click();
      await page.getByRole('dialog', { name: 'Sync' }).waitFor();
    },
  },
  {
    name: 'access-denied',
    show: async (page, context) => {
      await context.clearCookies();
      await addSession(context, e2e.baseUrl, technician.cookie);
      await page.goto('/?section=users');
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    },
  },
  {
    name: 'not-found',
    show: async (page) => void (await page.goto('/no-such-screen'), await heading(page, '404 Page Not Found')),
  },
];

const SHARE_STOPS: Stop[] = [
  {
    name: 'share-report',
    show: async (page) =>
      void (await page.goto(`/mpi/${reportToken}`), await heading(page, 'Vehicle Inspection Report')),
  },
  {
    name: 'share-invoice',
    show: async (page) => void (await page.goto(`/invoice/${invoiceToken}`), await heading(page, 'Invoice')),
  },
  {
    name: 'share-receipt',
    show: async (page) => {
      await page.goto(`/receipt/${invoiceToken}`);
      await heading(page, 'Receipt');
      await page.getByRole('button', { name: 'Inspection Details' }).click();
    },
  },
  {
    name: 'share-not-found',
    show: async (page) =>
      void (await page.goto('/mpi/AAAAAAAAAAAAAAAAAAAAAAAA'), await heading(page, 'Inspection Not Found')),
  },
];

/** Shows the stop, lets it settle, takes its screenshot and returns its failures, each named. */
async function visit(
  page: Page,
  context: BrowserContext,
  stop: Stop,
  size: { width: number; height: number },
): Promise<string[]> {
  await stop.show(page, context);
  // Fonts, lazy chunks and the first data have arrived; spinners and transitions are done.
  await page.evaluate(() => document.fonts.ready);
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy=true]'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  const label = `${stop.name} ${size.width}×${size.height}`;
  await screenshot(page, `tour-${stop.name}-${size.width}x${size.height}`);
  return (await stopFailures(page, { touch: isTouch(size) })).map((failure) => `${label}: ${failure}`);
}

describe('screen tour', () => {
  for (const size of STAFF_SIZES) {
    describe(`staff app at ${size.width}×${size.height}`, () => {
      for (const stop of STAFF_STOPS) {
        it(stop.name, async () => {
          const { page, context } = await e2e.open(size, { touch: isTouch(size) });
          await addSession(context, e2e.baseUrl, e2e.api.cookie);
          expect(await visit(page, context, stop, size)).toEqual([]);
        });
      }
    });
  }

  for (const size of SHARE_SIZES) {
    describe(`share pages at ${size.width}×${size.height}`, () => {
      for (const stop of SHARE_STOPS) {
        it(stop.name, async () => {
          const { page, context } = await e2e.open(size);
          expect(await visit(page, context, stop, size)).toEqual([]);
        });
      }
    });
  }
});

describe("the tour's checks", () => {
  it('name each kind of fault on a page made to have them', async () => {
    const { page } = await e2e.open(PHONE);
    await page.setContent(`<meta name="viewport" content="width=device-width"><body style="margin:0;font-size:16px">
      <main>
        <button style="width:60px;height:48px;font:inherit;white-space:nowrap;overflow:hidden">Create Inspection</button>
        <h2 style="width:90px;font-size:16px;overflow-wrap:anywhere">Lostresponsewhitfield</h2>
        <p style="width:120px;overflow-wrap:anywhere">olivia.lostresponse@example.com</p>
        <a href="#x" style="display:inline-block;width:30px;height:30px">Go</a>
        <p style="font-size:14px">Small print</p>
        <div style="width:600px;height:10px"></div>
      </main></body>`);
    const failures = await layoutFailures(page, { touch: true });
    expect(failures).toEqual([
      'horizontal scroll: page is 600 px wide in a 390 px window',
      'text overflows <button> "Create Inspection": scrollWidth 143 > clientWidth 56',
      'word broken across 2 lines: "Lostresponsewhitfield" in <h2> "Lostresponsewhitfield"',
      'word broken across 3 lines: "olivia.lostresponse@example.com" in <p> "olivia.lostresponse@example.com"',
      'touch target too small: <a> "Go" is 30×30 px (< 44)',
      'text smaller than 16 px: <p> "Small print" is 14 px',
    ]);
  });
});
