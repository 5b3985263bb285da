import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT } from '@web/test/e2e/browser';
import { reloadUnderWorker, syncChip, waitForFirstPull } from '@web/test/e2e/offline';
import { screenshot } from '@web/test/e2e/screenshot';
import {
  addSession,
  createStaffUser,
  searchList,
  signInThroughUi,
  uniqueName,
  type StaffUser,
} from '@web/test/e2e/staff';
import { decideElsewhere } from '@web/test/e2e/staff-api';
import { expectAccessible, useE2E } from '@web/test/e2e/use-e2e';

// The offline promise end to end, in Chromium with the real server and service worker: the shell
// and the shop's data open with the network off, work done offline is kept across closing the page,
// sent exactly once when the network is back, and reaches another signed-in device.

const { baseUrl, api, open } = useE2E();

interface ServerService {
  id: string;
  description: string;
  laborCost: string;
  status: string;
}
interface ServerInspection {
  id: string;
  shareToken: string;
  status: string;
  notes: string | null;
  services: ServerService[];
}

let technician: StaffUser;
let advisor: StaffUser;
const tag = uniqueName('Off');
const seededName = `${tag} Nora Quinn`;
const newName = `${tag} Omar Reyes`;
const mailbox = (who: string) => `${who}.${tag.toLowerCase().replace(/[^a-z0-9]/g, '')}@mail.test`;
let seeded: { customerId: string; inspection: ServerInspection };

beforeAll(async () => {
  [technician, advisor] = await Promise.all([
    createStaffUser(api, 'technician', 'offtech'),
    createStaffUser(api, 'service_advisor', 'offadvisor'),
  ]);
  const customer = await api.call<{ id: string }>('POST', '/api/customers', {
    name: seededName,
    email: mailbox('nora'),
    phone: '555-0170',
  });
  const vehicle = await api.call<{ id: string }>('POST', '/api/vehicles', {
    customerId: customer.id,
    year: 2017,
    make: 'Toyota',
    model: `Prius ${tag}`,
    licensePlate: 'NQ 17',
  });
  const inspection = await api.call<ServerInspection>('POST', '/api/inspections', {
    customerId: customer.id,
    vehicleId: vehicle.id,
    status: 'in_progress',
    frontLeftTread: 5.5,
    notes: 'Started before the outage.',
    services: [
      { description: 'Brake fluid flush', laborCost: '60', partsCost: '15' },
      { description: 'Engine air filter', laborCost: '10', partsCost: '20' },
    ],
  });
  seeded = { customerId: customer.id, inspection };
});

const toastShown = (page: Page, title: string) =>
  page.locator('[data-toast-title]').getByText(title, { exact: true }).last().waitFor();

const notSynced = (scope: Locator) => scope.getByTestId('not-synced');

async function showCustomers(page: Page, name: string): Promise<Locator> {
  await page.goto('/?section=customers');
  await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
  await searchList(page, name);
  const card = page.getByTestId('customer-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.waitFor();
  return card;
}

/** The vehicles section searched for `q`, once it lists exactly `titles`. */
async function showVehicles(page: Page, q: string, titles: string[]): Promise<Locator> {
  await page.goto('/?section=vehicles');
  await page.getByRole('heading', { name: 'Vehicles', level: 1 }).waitFor();
  await searchList(page, q);
  const cards = page.getByTestId('vehicle-card');
  await expect.poll(() => cards.getByRole('heading', { level: 2 }).allTextContents()).toEqual(titles);
  return cards;
}

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('working offline', () => {
  it('opens the shop offline, keeps offline work across closing the page, sends it once and shares it', async () => {
    // Another signed-in device, on the network the whole time, with its own copy.
    const other = await open(TABLET_PORTRAIT);
    await addSession(other.context, baseUrl, advisor.cookie);
    await other.page.goto('/');
    await other.page.locator('main#main').waitFor();
    await reloadUnderWorker(other.page, baseUrl);
    await waitForFirstPull(other.page);

    // The technician's tablet: signs in, gets the worker and its first copy of the shop.
    const { context, page: first } = await open(TABLET_LANDSCAPE);
    await signInThroughUi(first, technician.username, technician.password);
    await reloadUnderWorker(first, baseUrl);
    await waitForFirstPull(first);
    await expect.poll(() => syncChip(first).textContent()).toBe('Online');

    // The network drops; a reload still opens the shell and every offline section.
    await context.setOffline(true);
    await first.reload();
    await first.locator('main#main').waitFor();
    await expect.poll(() => syncChip(first).textContent()).toBe('Offline');
    await showVehicles(first, tag, [`2017 Toyota Prius ${tag}`]);
    let card = await showCustomers(first, seededName);

    // The in-progress inspection opens and is edited offline.
    await card.getByRole('button', { name: /^Inspections/ }).click();
    const row = card.getByTestId('inspection-row').first();
    await row.getByRole('button', { name: /^Edit inspection/ }).click();
    const edit = first.getByRole('dialog', { name: 'Edit Inspection' });
    await edit.getByTestId('inspection-form').waitFor();
    expect(await edit.getByLabel('Front Left Tread (mm)').inputValue()).toBe('5.5');
    expect(await edit.getByLabel('Notes').inputValue()).toBe('Started before the outage.');
    await screenshot(first, 'offline-inspection-dialog');
    const flush = edit.getByTestId('service-editor').filter({ has: first.getByRole('heading', { name: 'Service 1' }) });
    expect(await flush.getByLabel('Description').inputValue()).toBe('Brake fluid flush');
    await flush.getByLabel('Labor Cost').fill('65');
    await edit.getByLabel('Notes').fill('Fluid was dark; flushed.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toastShown(first, 'Inspection updated');
    await notSynced(row).waitFor();

    // Meanwhile the customer approves that service from the report on their phone.
    const flushId = seeded.inspection.services.find((s) => s.description === 'Brake fluid flush')?.id ?? '';
    await decideElsewhere(baseUrl, 'inspections', seeded.inspection.shareToken, flushId, 'approve');

    // A new customer with a vehicle and an inspection, all made offline.
    await first.getByRole('button', { name: 'Add Customer' }).first().click();
    const add = first.getByRole('dialog', { name: 'Add Customer' });
    await add.getByLabel('Name').fill(newName);
    await add.getByLabel('Email').fill(mailbox('omar'));
    await add.getByLabel('Phone').fill('555-0171');
    await add.getByRole('button', { name: 'Create Customer' }).click();
    await toastShown(first, 'Customer created');
    await searchList(first, newName);
    card = first
      .getByTestId('customer-card')
      .filter({ has: first.getByRole('heading', { name: newName, exact: true }) });
    await notSynced(card).waitFor();

    await card.getByRole('button', { name: /^Inspections/ }).click();
    await card.getByRole('button', { name: 'Add Vehicle' }).click();
    const addVehicle = first.getByRole('dialog', { name: 'Add Vehicle' });
    await addVehicle.getByLabel('Year').fill('2021');
    await addVehicle.getByLabel('Make').fill('Kia');
    await addVehicle.getByLabel('Model').fill(`Niro ${tag}`);
    await addVehicle.getByLabel('License Plate').fill('OR 21');
    await addVehicle.getByRole('button', { name: 'Add Vehicle' }).click();
    await toastShown(first, 'Vehicle added');
    await notSynced(card.getByTestId('customer-vehicle').filter({ hasText: `2021 Kia Niro ${tag}` })).waitFor();

    await card.getByRole('button', { name: 'Create Inspection' }).click();
    const create = first.getByRole('dialog', { name: 'Create Inspection' });
    await create.getByTestId('inspection-form').waitFor();
    await choose(first, create, 'Vehicle', `2021 Kia Niro ${tag} (OR 21)`);
    await create.getByRole('button', { name: 'Add Service' }).click();
    await create.getByRole('button', { name: 'Add Service' }).click();
    const services = create.getByTestId('service-editor');
    await services.nth(0).getByLabel('Description').fill('Tire rotation');
    await services.nth(0).getByLabel('Labor Cost').fill('40');
    await services.nth(1).getByLabel('Description').fill('Wiper blades');
    await services.nth(1).getByLabel('Parts Cost').fill('24.50');
    await create.getByRole('button', { name: 'Save & Complete' }).click();
    await toastShown(first, 'Inspection created');
    await notSynced(card.getByTestId('inspection-row').first()).waitFor();
    await expect.poll(() => syncChip(first).getAttribute('data-tone')).toBe('offline');
    await expectAccessible(first);
    await screenshot(first, 'offline-customer-not-synced');

    // Closing the page loses nothing: a new page, still offline, shows it all, still marked.
    await first.close();
    const page = await context.newPage();
    card = await showCustomers(page, newName);
    await notSynced(card).waitFor();
    await card.getByRole('button', { name: /^Inspections/ }).click();
    await notSynced(card.getByTestId('inspection-row').first()).waitFor();
    const newVehicles = await showVehicles(page, `Niro ${tag}`, [`2021 Kia Niro ${tag}`]);
    await notSynced(newVehicles.first()).waitFor();
    await screenshot(page, 'offline-vehicles-reopened');

    // Back online the loop sends everything; the first create's answer is lost on the way back,
    // so it is sent again with the same key, and the server still makes one customer.
    let droppedAnswers = 0;
    await context.route('**/api/customers', async (route) => {
      if (route.request().method() !== 'POST' || droppedAnswers > 0) return route.fallback();
      droppedAnswers += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await expect.poll(() => syncChip(page).textContent()).toBe('Online');
    expect(droppedAnswers).toBe(1);
    await expect.poll(() => page.getByTestId('not-synced').count()).toBe(0);

    const customers = await api.call<{ id: string; name: string }[]>(
      'GET',
      `/api/customers?q=${encodeURIComponent(newName)}`,
    );
    expect(customers.map((c) => c.name)).toEqual([newName]);
    const customerId = customers[0]?.id ?? '';
    const theirVehicles = await api.call<{ make: string; model: string }[]>(
      'GET',
      `/api/customers/${customerId}/vehicles`,
    );
    expect(theirVehicles.map((v) => `${v.make} ${v.model}`)).toEqual([`Kia Niro ${tag}`]);
    const theirInspections = await api.call<ServerInspection[]>('GET', `/api/inspections?customerId=${customerId}`);
    expect(theirInspections.map((i) => i.services.map((s) => [s.description, s.status]))).toEqual([
      [
        ['Tire rotation', 'recommended'],
        ['Wiper blades', 'recommended'],
      ],
    ]);

    // The customer's approval survived the technician's offline edit, and the edit arrived too.
    const after = await api.call<ServerInspection>('GET', `/api/inspections/${seeded.inspection.id}`);
    expect(after.notes).toBe('Fluid was dark; flushed.');
    expect(after.services.map((s) => [s.description, s.laborCost, s.status])).toEqual([
      ['Brake fluid flush', '65.00', 'approved'],
      ['Engine air filter', '10.00', 'recommended'],
    ]);
    // …and this device shows it after its pull.
    card = await showCustomers(page, seededName);
    await card.getByRole('button', { name: /^Inspections/ }).click();
    await card
      .getByTestId('approved-services')
      .getByTestId('service-row')
      .filter({ hasText: 'Brake fluid flush' })
      .waitFor();
    await screenshot(page, 'offline-synced');

    // The other device sees the new rows after its next pull, and keeps them in its own copy.
    await other.page.reload();
    card = await showCustomers(other.page, newName);
    await card.getByRole('button', { name: /^Inspections/ }).click();
    await card
      .getByTestId('customer-vehicle')
      .filter({ hasText: `2021 Kia Niro ${tag}` })
      .waitFor();
    await card.getByTestId('inspection-row').first().waitFor();
    await other.context.setOffline(true);
    card = await showCustomers(other.page, newName);
    await card.getByRole('button', { name: /^Inspections/ }).click();
    await card
      .getByTestId('pending-approvals')
      .getByTestId('service-row')
      .filter({ hasText: 'Tire rotation' })
      .waitFor();
    expect(await notSynced(card).count()).toBe(0);
    await screenshot(other.page, 'offline-other-device');
  }, 180_000);
});
