import { beforeAll, describe, expect, it } from 'vitest';
import { TABLET_LANDSCAPE } from '@web/test/e2e/browser';
import { signInForOffline } from '@web/test/e2e/offline';
import { screenshot } from '@web/test/e2e/screenshot';
import { addSession, createStaffUser, searchList, type StaffUser, uniqueName } from '@web/test/e2e/staff';
import { useE2E } from '@web/test/e2e/use-e2e';
import { makeJpeg, openInspection, ownerOf, uploadsPending } from './media-e2e-kit';

// Photos before an inspection's first save (a new inspection, a service just added), taken offline
// and sent once after the save; and what a technician can do with an upload that failed.

const { baseUrl, api, open } = useE2E();
const tag = uniqueName('MediaNew');
const customerName = `${tag} Omar Reyes`;
let technician: StaffUser;

beforeAll(async () => {
  technician = await createStaffUser(api, 'technician', 'medianew');
  const customer = await api.call<{ id: string }>('POST', '/api/customers', {
    name: customerName,
    email: `omar.${Date.now()}@mail.test`,
    phone: '555-0191',
  });
  const fit = await api.call<{ id: string }>('POST', '/api/vehicles', {
    customerId: customer.id,
    year: 2016,
    make: 'Honda',
    model: `Fit ${tag}`,
  });
  await api.call('POST', '/api/inspections', { customerId: customer.id, vehicleId: fit.id, status: 'in_progress' });
  // The vehicle a new inspection is made for, offline.
  await api.call('POST', '/api/vehicles', {
    customerId: customer.id,
    year: 2019,
    make: 'Honda',
    model: `Civic ${tag}`,
  });
});

describe('photos before the first save', () => {
  it('takes photos in a new inspection and on a service just added, offline, before the first save; they stay after a reload and go up once online', async () => {
    const { context, page } = await open(TABLET_LANDSCAPE);
    await signInForOffline(page, baseUrl, technician);
    await context.setOffline(true);

    await page.goto('/?section=customers');
    await searchList(page, customerName);
    const card = page
      .getByTestId('customer-card')
      .filter({ has: page.getByRole('heading', { name: customerName, exact: true }) });
    await card.getByRole('button', { name: 'Create Inspection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Inspection' });
    await dialog.getByTestId('inspection-form').waitFor();
    await dialog.getByRole('combobox', { name: 'Vehicle', exact: true }).click();
    await page.getByRole('option', { name: `2019 Honda Civic ${tag}`, exact: true }).click();

    const tire = ownerOf(dialog, 'frontLeftTire');
    await tire
      .locator('input[data-media-source="gallery"]')
      .setInputFiles({ name: 'tire.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 1600, 1200) });
    await tire.getByTestId('media-tile').waitFor();
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    const service = dialog.getByTestId('service-editor').last();
    await service.getByLabel('Description').fill('Brake fluid flush');
    await service.getByLabel('Labor Cost').fill('90');
    const serviceId = (await service.getByTestId('media-attach').getAttribute('data-media-owner')) ?? '';
    await service
      .locator('input[data-media-source="gallery"]')
      .setInputFiles({ name: 'fluid.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 1200, 900) });
    await service.getByTestId('media-tile').waitFor();
    expect(await service.getByTestId('media-upload').textContent()).toBe('Waiting to upload');

    // A service removed before it was ever saved takes its photo with it.
    await dialog.getByRole('button', { name: 'Add Service' }).click();
    const extra = dialog.getByTestId('service-editor').last();
    await extra
      .locator('input[data-media-source="gallery"]')
      .setInputFiles({ name: 'extra.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 800, 600) });
    await extra.getByTestId('media-tile').waitFor();
    await expect.poll(() => uploadsPending(page)).toBe(3);
    await extra.getByRole('button', { name: 'Remove Service 2' }).click();
    await expect.poll(() => uploadsPending(page)).toBe(2);

    // Cancelling asks first, and says how many photos would go.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Close without saving?' });
    expect(
      await confirm.getByText('The 2 photos taken for this inspection are deleted from this device.').count(),
    ).toBe(1);
    await screenshot(page, 'media-new-inspection-close-confirm');
    await confirm.getByRole('button', { name: 'Keep editing' }).click();

    await dialog.getByRole('button', { name: 'Save & Complete' }).click();
    await page.locator('[data-toast-title]').getByText('Inspection created', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => uploadsPending(page)).toBe(2);

    // Reloaded offline: both photos are still there, still waiting.
    await page.reload();
    const reopened = await openInspection(page, customerName, `Civic ${tag}`);
    await ownerOf(reopened, 'frontLeftTire').getByTestId('media-tile').waitFor();
    await ownerOf(reopened, serviceId).getByTestId('media-tile').waitFor();
    expect(await ownerOf(reopened, serviceId).getByTestId('media-upload').textContent()).toBe('Waiting to upload');

    // Online: the inspection is created, then each photo goes up once.
    await context.setOffline(false);
    await expect.poll(() => uploadsPending(page), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => reopened.getByTestId('media-upload').count()).toBe(0);
    const newId = (await reopened.getByTestId('media-tile').first().getAttribute('data-media-id')) ?? '';
    const medium = await api.call<{ inspectionId: string }>('GET', `/api/media/${newId}`);
    const stored = await api.call<{ items: { itemKey: string | null; serviceId: string | null }[] }>(
      'GET',
      `/api/inspections/${medium.inspectionId}/media`,
    );
    expect(stored.items.map((m) => [m.itemKey, m.serviceId]).sort()).toEqual(
      [
        ['frontLeftTire', null],
        [null, serviceId],
      ].sort(),
    );
  }, 180_000);

  it('offers Try again on an upload that failed for a reason that may pass, and Remove on one that cannot', async () => {
    const { context, page } = await open(TABLET_LANDSCAPE);
    await addSession(context, baseUrl, technician.cookie);
    // Answers that stand in for the server's to the next upload creations (none left: the server answers).
    const answers = [{ status: 404, body: { error: 'not_found', message: 'Inspection not found' } }];
    await context.route('**/api/uploads', async (route) => {
      const answer = route.request().method() === 'POST' ? answers.shift() : undefined;
      if (!answer) return route.continue();
      return route.fulfill({
        status: answer.status,
        contentType: 'application/json',
        body: JSON.stringify(answer.body),
      });
    });
    const dialog = await openInspection(page, customerName, `Fit ${tag}`);
    const oil = ownerOf(dialog, 'oil');
    await oil
      .locator('input[data-media-source="gallery"]')
      .setInputFiles({ name: 'oil.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 640, 480) });
    const failed = oil.getByTestId('media-upload');
    await expect.poll(() => failed.textContent()).toBe('Upload failed: Inspection not found');
    await screenshot(page, 'media-upload-failed');
    await oil.getByRole('button', { name: 'Try again to upload photo 1 of Oil' }).click();
    await expect.poll(() => failed.count()).toBe(0);
    const id = (await oil.getByTestId('media-tile').getAttribute('data-media-id')) ?? '';
    expect((await api.call<{ itemKey: string }>('GET', `/api/media/${id}`)).itemKey).toBe('oil');

    answers.push({
      status: 415,
      body: { error: 'unsupported_media_type', message: 'This file is neither a photo nor a video' },
    });
    const coolant = ownerOf(dialog, 'coolant');
    await coolant
      .locator('input[data-media-source="gallery"]')
      .setInputFiles({ name: 'coolant.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(page, 640, 480) });
    const refused = coolant.getByTestId('media-upload');
    await expect.poll(() => refused.textContent()).toBe('Upload failed: This file is neither a photo nor a video');
    // A second try of a refused file cannot pass: only Remove is offered.
    expect(await coolant.getByRole('button', { name: /^Try again/ }).count()).toBe(0);
    await coolant.getByRole('button', { name: 'Remove photo 1 of Coolant' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this photo?' });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => coolant.getByTestId('media-tile').count()).toBe(0);
    await expect.poll(() => uploadsPending(page)).toBe(0);
  });
});
