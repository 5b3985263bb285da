import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '@web/test/e2e/screenshot';
import { expectAccessible, useE2E } from '@web/test/e2e/use-e2e';
import { addSession, searchList } from '@web/test/e2e/staff';

const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };

describe('vehicles section', () => {
  const { baseUrl, api, open } = useE2E();
  const tag = `Ve${Date.now().toString(36)}`;

  async function openVehicles(viewport = LANDSCAPE): Promise<Page> {
    const { context, page } = await open(viewport);
    await addSession(context, baseUrl, api.cookie);
    await page.goto('/?section=vehicles');
    await page.getByRole('heading', { name: 'Vehicles', level: 1 }).waitFor();
    return page;
  }

  async function choose(page: Page, label: string, option: string, scope = page.locator('body')) {
    await scope.getByRole('combobox', { name: label, exact: true }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  const cardTitles = (page: Page) =>
    page.getByTestId('vehicle-card').getByRole('heading', { level: 2 }).allTextContents();
  const toast = (page: Page) => page.locator('[data-variant]').last();

  it('adds a vehicle (year, VIN, mileage and customer messages) and edits it', async () => {
    await api.call('POST', '/api/customers', { name: `${tag} Owner`, email: `owner@${tag}.test`, phone: '555-0130' });
    const page = await openVehicles();
    await page.getByRole('button', { name: 'Add Vehicle' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
    const year = String(new Date().getFullYear());
    expect(await dialog.getByLabel('Year').inputValue()).toBe(year);
    expect(await dialog.getByLabel('Mileage').inputValue()).toBe('0');
    await dialog.getByLabel('Year').fill('1899');
    await dialog.getByLabel('VIN').fill('1HGCM82633A0043521');
    await dialog.getByLabel('Mileage').fill('-5');
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    for (const message of [
      'Customer is required',
      `Year must be between 1900 and ${Number(year) + 1}`,
      'Make is required',
      'Model is required',
      'VIN must be at most 17 characters',
      'Mileage must be at least 0',
    ]) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await expectAccessible(page);
    await screenshot(page, 'vehicles-add-dialog');
    await dialog.getByLabel('Find customer').fill(tag);
    await choose(page, 'Customer', `${tag} Owner`, dialog);
    await dialog.getByLabel('Year').fill('2019');
    await dialog.getByLabel('Make').fill('Honda');
    await dialog.getByLabel('Model').fill(`Civic ${tag}`);
    await dialog.getByLabel('VIN').fill('1HGCM82633A004352');
    await dialog.getByLabel('Mileage').fill('42000');
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
    await toast(page).getByText('Vehicle added', { exact: true }).waitFor();

    await searchList(page, tag);
    const card = page.getByTestId('vehicle-card').filter({ hasText: `Civic ${tag}` });
    await card.waitFor();
    expect(await card.textContent()).toContain('42,000 mi');
    await card.getByRole('button', { name: /^Edit / }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Vehicle' });
    await edit.getByLabel('Mileage').fill('43500');
    await edit.getByLabel('Color').fill('Blue');
    await edit.getByRole('button', { name: 'Update Vehicle' }).click();
    await toast(page).getByText('Vehicle updated', { exact: true }).waitFor();
    await card.getByText('43,500 mi').waitFor();
    await card.getByText('Blue').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'vehicles-list');
  });

  it('searches, filters by customer, sorts and deletes (portrait)', async () => {
    const owner = (n: string) =>
      api.call<{ id: string }>('POST', '/api/customers', {
        name: `${tag} ${n}`,
        email: `${n}@${tag}.test`,
        phone: '555-0140',
      });
    const ann = await owner('Ann');
    const bob = await owner('Bob');
    const car = (customerId: string, year: number, make: string, mileage: number) =>
      api.call('POST', '/api/vehicles', {
        customerId,
        year,
        make,
        model: `M${tag}`,
        mileage,
        licensePlate: `P${year}`,
      });
    await car(ann.id, 2010, 'Toyota', 150000);
    await car(ann.id, 2022, 'Ford', 9000);
    await car(bob.id, 2015, 'Audi', 70000);

    const page = await openVehicles(PORTRAIT);
    await searchList(page, `M${tag}`);
    await expect
      .poll(() => cardTitles(page))
      .toEqual([`2022 Ford M${tag}`, `2015 Audi M${tag}`, `2010 Toyota M${tag}`]);
    await choose(page, 'Sort by', 'Make A-Z');
    await expect
      .poll(() => cardTitles(page))
      .toEqual([`2015 Audi M${tag}`, `2022 Ford M${tag}`, `2010 Toyota M${tag}`]);
    await choose(page, 'Sort by', 'Mileage Low-High');
    await expect
      .poll(() => cardTitles(page))
      .toEqual([`2022 Ford M${tag}`, `2015 Audi M${tag}`, `2010 Toyota M${tag}`]);
    // Search by customer name, then by plate.
    await searchList(page, `${tag} Bob`);
    await expect.poll(() => cardTitles(page)).toEqual([`2015 Audi M${tag}`]);
    await searchList(page, '');
    await page.getByLabel('Find customer').fill(`${tag} Ann`);
    await choose(page, 'Customer', `${tag} Ann`);
    await expect.poll(() => cardTitles(page)).toEqual([`2022 Ford M${tag}`, `2010 Toyota M${tag}`]);
    await expectAccessible(page);
    await screenshot(page, 'vehicles-filtered-portrait');

    await page.getByRole('button', { name: `Delete 2010 Toyota M${tag}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this vehicle?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page).getByText('Vehicle deleted', { exact: true }).waitFor();
    await expect.poll(() => cardTitles(page)).toEqual([`2022 Ford M${tag}`]);

    await searchList(page, `nothing-${tag}`);
    await page.getByText('No vehicles found').waitFor();
    await screenshot(page, 'vehicles-empty');
  });
});
