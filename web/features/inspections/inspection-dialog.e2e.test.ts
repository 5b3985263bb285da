import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '@web/test/e2e/screenshot';
import { expectAccessible, summaryOf, useE2E } from '@web/test/e2e/use-e2e';
import { addSession } from '@web/test/e2e/staff';

const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };

interface SavedInspection {
  id: string;
  vehicleId: string;
  technicianId: string;
  services: {
    id: string;
    description: string;
    laborCost: string;
    status: string;
    parts: { id: string; partName: string; partCost: string }[];
  }[];
}

describe('inspection dialog from a customer card', () => {
  const { baseUrl, api, open, openCustomerCard } = useE2E();
  const tag = `In${Date.now().toString(36)}`;

  const openCard = openCustomerCard;

  async function choose(page: Page, scope: Locator, label: string, option: string) {
    await scope.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  const toast = (page: Page) => page.locator('[data-variant]').last();

  async function seedCustomer(name: string) {
    const customer = await api.call<{ id: string }>('POST', '/api/customers', {
      name,
      email: `${name.replace(/\W/g, '')}@mail.test`,
      phone: '555-0150',
    });
    await api.call('POST', '/api/vehicles', {
      customerId: customer.id,
      year: 2018,
      make: 'Mazda',
      model: 'CX-5',
      licensePlate: 'MZ 518',
    });
    await api.call('POST', '/api/vehicles', { customerId: customer.id, year: 2012, make: 'Volvo', model: 'V60' });
    return customer;
  }

  it('creates an inspection with two services and parts, then edits it keeping every id', async () => {
    const name = `${tag} Rosa Diaz`;
    const customer = await seedCustomer(name);
    const { page, card } = await openCard(LANDSCAPE, name);
    await card.getByRole('button', { name: 'Create Inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Inspection' });
    await dialog.getByTestId('inspection-form').waitFor();
    // Locked customer, vehicle list of that customer, signed-in technician, in progress.
    const locked = dialog.getByRole('textbox', { name: 'Customer' });
    expect(await locked.inputValue()).toBe(name);
    expect(await locked.isDisabled()).toBe(true);
    expect(await dialog.getByRole('combobox', { name: 'Technician' }).textContent()).toBe('bayside_owner');
    expect(await dialog.getByRole('combobox', { name: 'Status' }).textContent()).toBe('In progress');
    await dialog.getByRole('combobox', { name: 'Vehicle' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['2018 Mazda CX-5 (MZ 518)', '2012 Volvo V60']);
    await page.getByRole('option', { name: '2018 Mazda CX-5 (MZ 518)' }).click();

    const tread = dialog.getByLabel('Front Left Tread (mm)');
    expect(await tread.getAttribute('inputmode')).toBe('decimal');
    expect(await tread.getAttribute('step')).toBe('0.1');
    await tread.fill('6.5');
    await dialog.getByLabel('Front Left Brake (mm)').fill('2.9');
    await choose(page, dialog, 'Oil Condition', 'Slightly dirty');
    await choose(page, dialog, 'Suspension', 'Needs attention');
    await choose(page, dialog, 'Check Engine Light', 'On');
    await dialog.getByLabel('Leaks', { exact: true }).fill('Oil pan gasket, Coolant hose');
    await dialog.getByLabel('Diagnostic Codes', { exact: true }).fill('P0420');

    const services = dialog.getByTestId('service-editor');
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    const first = services.nth(0);
    await first.getByLabel('Description').fill('Brake pads');
    await first.getByLabel('Labor Cost').fill('120');
    await first.getByRole('button', { name: 'Add Part' }).click();
    await first.getByRole('button', { name: 'Add Part' }).click();
    await first.getByLabel('Part Name').nth(0).fill('Ceramic pads');
    await first.getByLabel('Part Cost').nth(0).fill('45.99');
    await first.getByLabel('Part Name').nth(1).fill('Clips');
    await first.getByLabel('Part Cost').nth(1).fill('4.01');
    const second = services.nth(1);
    await second.getByLabel('Description').fill('Alignment');
    await second.getByLabel('Labor Cost').fill('89.95');
    await second.getByRole('button', { name: 'Add Part' }).click();
    await second.getByLabel('Part Name').fill('Shim kit');
    await second.getByLabel('Part Cost').fill('12.50');
    expect(await second.getByLabel('Part Cost').getAttribute('step')).toBe('0.01');
    // By hand: 120 + 45.99 + 4.01 = 170.00; 89.95 + 12.50 = 102.45; 272.45; 8.5% = 23.15825 → 23.16.
    expect(await summaryOf(page, 'inspection-estimate')).toEqual({
      Subtotal: '$272.45',
      'Tax (8.5%)': '$23.16',
      'Estimated Total': '$295.61',
    });
    await expectAccessible(page);
    await screenshot(page, 'inspection-create-dialog');
    await dialog.getByRole('button', { name: 'Save & Complete' }).click();
    await toast(page).getByText('Inspection created', { exact: true }).waitFor();

    // Saved on the device first; the sync loop sends it right after.
    const listed = () => api.call<SavedInspection[]>('GET', `/api/inspections?customerId=${customer.id}`);
    await expect.poll(async () => (await listed()).length).toBe(1);
    const [saved] = await listed();
    expect(saved?.services.map((s) => [s.description, s.laborCost, s.parts.map((p) => p.partName)])).toEqual([
      ['Brake pads', '120.00', ['Ceramic pads', 'Clips']],
      ['Alignment', '89.95', ['Shim kit']],
    ]);
    const ids = (i: SavedInspection | undefined) => i?.services.map((s) => [s.id, s.parts.map((p) => p.id)]);

    // Edit from the card's inspection row.
    await card.getByRole('button', { name: /^Inspections/ }).click();
    await card
      .getByTestId('inspection-row')
      .first()
      .getByRole('button', { name: /^Edit inspection/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Inspection' });
    await edit.getByTestId('inspection-form').waitFor();
    expect(await edit.getByLabel('Front Left Tread (mm)').inputValue()).toBe('6.5');
    await edit.getByTestId('service-editor').nth(0).getByLabel('Labor Cost').fill('130');
    await edit.getByTestId('service-editor').nth(1).getByLabel('Part Name').fill('Shim kit (rear)');
    expect(await summaryOf(page, 'inspection-estimate')).toEqual({
      Subtotal: '$282.45',
      'Tax (8.5%)': '$24.01',
      'Estimated Total': '$306.46',
    });
    await screenshot(page, 'inspection-edit-dialog');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page).getByText('Inspection updated', { exact: true }).waitFor();
    const read = () => api.call<SavedInspection>('GET', `/api/inspections/${saved?.id}`);
    await expect.poll(async () => (await read()).services[0]?.laborCost).toBe('130.00');
    const after = await read();
    expect(ids(after)).toEqual(ids(saved));
    expect(after.services[0]?.laborCost).toBe('130.00');
    expect(after.services[1]?.parts[0]?.partName).toBe('Shim kit (rear)');
  });

  it('approves a pending service and unapproves it (portrait)', async () => {
    const name = `${tag} Sam Okafor`;
    const customer = await seedCustomer(name);
    const [vehicle] = await api.call<{ id: string }[]>('GET', `/api/customers/${customer.id}/vehicles`);
    await api.call('POST', '/api/inspections', {
      customerId: customer.id,
      vehicleId: vehicle?.id,
      status: 'completed',
      services: [{ description: 'Wiper blades', laborCost: '0', partsCost: '24.50' }],
    });
    const { page, card } = await openCard(PORTRAIT, name);
    await card.getByRole('button', { name: /^Inspections/ }).click();
    const pending = card.getByTestId('pending-approvals');
    const row = pending.getByTestId('service-row').filter({ hasText: 'Wiper blades' });
    // A fresh device pulls the shared test server's whole feed first; the customer's page can come
    // in before the page with this inspection, so the row may take longer than one page.
    await row.getByText('Today').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'customer-card-open-portrait');
    await row.getByRole('button', { name: 'Approve Wiper blades' }).click();
    await toast(page).getByText('Service approved', { exact: true }).waitFor();
    const approved = card
      .getByTestId('approved-services')
      .getByTestId('service-row')
      .filter({ hasText: 'Wiper blades' });
    await approved.waitFor();
    await approved.getByRole('button', { name: 'Unapprove Wiper blades' }).click();
    await toast(page).getByText('Service unapproved', { exact: true }).waitFor();
    await toast(page).getByText('Service moved back to pending', { exact: true }).waitFor();
    await pending.getByTestId('service-row').filter({ hasText: 'Wiper blades' }).waitFor();
  });

  it("shows 'Validation Error' with the messages on an invalid save", async () => {
    const name = `${tag} Lee Park`;
    await seedCustomer(name);
    const { page, card } = await openCard(LANDSCAPE, name);
    await card.getByRole('button', { name: 'Create Inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Inspection' });
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    await dialog.getByRole('button', { name: 'Add Part' }).click();
    await dialog.getByRole('button', { name: 'Save & Complete' }).click();
    const shown = toast(page);
    await shown.getByText('Validation Error', { exact: true }).waitFor();
    const text = (await shown.textContent()) ?? '';
    for (const message of ['Vehicle is required', 'Description is required', 'Part name is required']) {
      expect(text).toContain(message);
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await expectAccessible(page);
    await screenshot(page, 'inspection-validation-error');
  });

  it('without a card: the customer is required, and changing it clears the vehicle and swaps the list', async () => {
    const first = `${tag} Ana Ruiz`;
    const second = `${tag} Ben Ortiz`;
    await seedCustomer(first);
    const other = await api.call<{ id: string }>('POST', '/api/customers', {
      name: second,
      email: `${second.replace(/\W/g, '')}@mail.test`,
      phone: '555-0151',
    });
    await api.call('POST', '/api/vehicles', { customerId: other.id, year: 2020, make: 'Kia', model: 'Soul' });

    const { context, page } = await open(LANDSCAPE);
    await addSession(context, baseUrl, api.cookie);
    await page.goto('/');
    await page.getByRole('button', { name: 'Create Inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Inspection' });
    await dialog.getByTestId('inspection-form').waitFor();
    const vehicle = dialog.getByRole('combobox', { name: 'Vehicle' });
    expect(await vehicle.textContent()).toBe('Select a customer first');

    await dialog.getByRole('button', { name: 'Save & Complete' }).click();
    await toast(page).getByText('Validation Error', { exact: true }).waitFor();
    await dialog.getByText('Customer is required', { exact: true }).waitFor();

    const pickCustomer = async (name: string) => {
      await dialog.getByLabel('Find customer').fill(name);
      await dialog.getByRole('combobox', { name: 'Customer', exact: true }).click();
      await page.getByRole('option', { name: new RegExp(`^${name} `) }).click();
    };
    await pickCustomer(first);
    await vehicle.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['2018 Mazda CX-5 (MZ 518)', '2012 Volvo V60']);
    await page.getByRole('option', { name: '2012 Volvo V60' }).click();
    expect(await vehicle.textContent()).toBe('2012 Volvo V60');

    await pickCustomer(second);
    await expect.poll(() => vehicle.textContent()).toBe('Select a vehicle');
    await vehicle.click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['2020 Kia Soul']);
    await page.keyboard.press('Escape');
    await screenshot(page, 'inspection-unlocked-customer');
  });
});
