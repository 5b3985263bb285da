import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DeferredWork } from '@shared/schemas/deferred';
import { TABLET_LANDSCAPE } from '@web/test/e2e/browser';
import { signInForOffline, syncChip } from '@web/test/e2e/offline';
import { screenshot } from '@web/test/e2e/screenshot';
import { createStaffUser, searchList, type StaffUser, uniqueName } from '@web/test/e2e/staff';
import { expectAccessible, useE2E } from '@web/test/e2e/use-e2e';

// Declined work carried forward, in Chromium against the real server: with the network off, the
// advisor follows a line up on the "Deferred work" screen, opens a new inspection of the car, adds
// one "Previously declined" line and dismisses another; back online, each reaches the server once.

const { baseUrl, api, open } = useE2E();

interface ServerInspection {
  id: string;
  services: { id: string; description: string; laborCost: string; status: string }[];
}

let advisor: StaffUser;
const tag = uniqueName('Def');
const customerName = `${tag} Lena Okafor`;
const model = `Outback ${tag}`;
let vehicleId = '';

beforeAll(async () => {
  advisor = await createStaffUser(api, 'service_advisor', 'defadvisor');
  const customer = await api.call<{ id: string }>('POST', '/api/customers', {
    name: customerName,
    email: `lena.${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}@mail.test`,
    phone: '555-0190',
  });
  const vehicle = await api.call<{ id: string }>('POST', '/api/vehicles', {
    customerId: customer.id,
    year: 2014,
    make: 'Subaru',
    model,
    licensePlate: 'LO 14',
  });
  vehicleId = vehicle.id;
  await api.call('POST', '/api/inspections', {
    customerId: customer.id,
    vehicleId: vehicle.id,
    status: 'completed',
    notes: 'Front pads at 3 mm; struts leaking.',
    services: [
      { description: `Front brake pads ${tag}`, partsCost: '80', laborCost: '120.50', status: 'declined' },
      { description: `Rear struts ${tag}`, laborCost: '410', status: 'declined' },
      { description: 'Oil change', laborCost: '60', status: 'approved' },
    ],
  });
});

const toastShown = (page: Page, title: string) =>
  page.locator('[data-toast-title]').getByText(title, { exact: true }).last().waitFor();

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('deferred work', () => {
  it('follows a line up and carries another onto a new inspection made offline, each sent once', async () => {
    const { context, page } = await open(TABLET_LANDSCAPE);
    await signInForOffline(page, baseUrl, advisor);
    await context.setOffline(true);
    await expect.poll(() => syncChip(page).textContent()).toMatch(/^Offline/);

    // The screen lists the open lines from this device's copy.
    await page.getByRole('link', { name: 'Deferred work' }).first().click();
    await page.getByRole('heading', { name: 'Deferred work', level: 1 }).waitFor();
    await searchList(page, tag);
    const lines = page.getByTestId('deferred-line');
    await expect.poll(() => lines.getByRole('heading', { level: 2 }).allTextContents()).toHaveLength(2);
    await choose(page, page.getByRole('search'), 'Sort by', 'Highest value');
    await expect
      .poll(() => lines.getByRole('heading', { level: 2 }).allTextContents())
      .toEqual([`Rear struts ${tag}`, `Front brake pads ${tag}`]);
    const struts = lines.first();
    const facts = await struts.getByRole('listitem').allTextContents();
    expect(facts.slice(0, 3)).toEqual([customerName, '555-0190', `2014 Subaru ${model}`]);
    expect(facts[3]).toMatch(/^Declined .+ · 0 days old$/);
    expect(await struts.getByTestId('deferred-value').textContent()).toBe('$410.00');
    await choose(page, struts, 'Outcome', 'Called – no answer');
    await struts.getByLabel('Follow-up date').fill('2026-12-03');
    await expectAccessible(page);
    await screenshot(page, 'deferred-work-offline');

    // A new inspection of the car offers both lines; one is added, the other dismissed.
    await page.goto('/?section=customers');
    await searchList(page, customerName);
    const card = page
      .getByTestId('customer-card')
      .filter({ has: page.getByRole('heading', { name: customerName, exact: true }) });
    await card.getByRole('button', { name: /^Inspections/ }).click();
    await card.getByRole('button', { name: 'Create Inspection' }).click();
    const create = page.getByRole('dialog', { name: 'Create Inspection' });
    await create.getByTestId('inspection-form').waitFor();
    await choose(page, create, 'Vehicle', `2014 Subaru ${model} (LO 14)`);
    const declined = create.getByTestId('previously-declined');
    await expect.poll(() => declined.getByRole('heading', { level: 3 }).allTextContents()).toHaveLength(2);
    await declined.getByText('Note: Front pads at 3 mm; struts leaking.').first().waitFor();
    await declined.getByRole('button', { name: `Add Front brake pads ${tag}` }).click();
    await declined.getByText('Added to this inspection').waitFor();
    expect(await create.getByTestId('service-editor').getByLabel('Description').inputValue()).toBe(
      `Front brake pads ${tag}`,
    );
    expect(await create.getByTestId('service-editor').getByLabel('Labor Cost').inputValue()).toBe('200.50');
    await declined.getByRole('button', { name: `Dismiss Rear struts ${tag}` }).click();
    await declined.getByLabel('Reason for dismissing').fill('Had them done elsewhere');
    await declined.getByRole('button', { name: 'Confirm dismiss' }).click();
    await toastShown(page, 'Deferred work dismissed');
    await screenshot(page, 'deferred-previously-declined');
    await create.getByRole('button', { name: 'Save & Complete' }).click();
    await toastShown(page, 'Inspection created');

    // Offline the screen already shows nothing open for the car.
    await page.goto('/?section=deferred');
    await searchList(page, tag);
    await page.getByText('No open deferred work').waitFor();

    // Back online: everything is sent; the first PATCH's answer is lost and sent again.
    let lost = 0;
    await context.route('**/api/deferred-work/*', async (route) => {
      if (route.request().method() !== 'PATCH' || lost > 0) return route.fallback();
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => syncChip(page).textContent()).toBe('Online');
    expect(lost).toBe(1);

    const all = await api.call<DeferredWork[]>('GET', `/api/deferred-work?vehicleId=${vehicleId}&status=all`);
    const byName = new Map(all.map((line) => [line.description, line]));
    expect(all).toHaveLength(2);
    expect(byName.get(`Rear struts ${tag}`)).toMatchObject({
      status: 'dismissed',
      dismissReason: 'Had them done elsewhere',
      followUpDate: '2026-12-03',
      followUpOutcome: 'called_no_answer',
    });
    const pads = byName.get(`Front brake pads ${tag}`);
    expect(pads?.status).toBe('added');
    const added = await api.call<ServerInspection>('GET', `/api/inspections/${pads?.addedToInspectionId ?? ''}`);
    expect(added.services.map((s) => [s.description, s.laborCost, s.status])).toEqual([
      [`Front brake pads ${tag}`, '200.50', 'recommended'],
    ]);
  }, 180_000);
});
