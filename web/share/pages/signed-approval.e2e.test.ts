import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionList } from '@shared/schemas/decision';
import type { ShopSettings } from '@shared/schemas/shop-settings';
import { overflowsHorizontally, SMALL_PHONE } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { seedInspection, serviceId } from '@web/test/e2e/seed';
import { expectAccessible, serviceCard, textOf, useE2E } from '@web/test/e2e/use-e2e';

const e2e = useE2E();
let before: ShopSettings;

// The shop asks for a signature on every approval; set back afterwards for the other files.
beforeAll(async () => {
  before = await e2e.api.call<ShopSettings>('GET', '/api/shop-settings');
  await e2e.api.call('PUT', '/api/shop-settings', { openSignUp: before.openSignUp, approvalSignature: 'always' });
});
afterAll(async () => {
  await e2e.api.call('PUT', '/api/shop-settings', {
    openSignUp: before.openSignUp,
    approvalSignature: before.approvalSignature,
  });
});

describe('a signed approval on a phone', () => {
  it('asks for a name or signature in a dialog that fits a 360 px screen, and keeps both with the decision', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await e2e.open(SMALL_PHONE);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`/mpi/${inspection.shareToken}`);
    await page.getByRole('heading', { name: 'Vehicle Inspection Report' }).waitFor();
    const loadedFirst = scripts.length;

    const brakes = serviceCard(page, 'Front brake pads');
    await brakes.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve front brake pads ($165.99)?' });
    await dialog.waitFor();
    // The pad's code came only now.
    expect(scripts.length).toBeGreaterThan(loadedFirst);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(SMALL_PHONE.width);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page);

    // Neither a name nor a signature: the dialog says what it needs and sends nothing.
    await dialog.getByRole('button', { name: 'Sign and approve' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Type your full name or draw your signature.');

    const pad = await dialog.getByTestId('signature-pad').boundingBox();
    await page.mouse.move(pad!.x + 20, pad!.y + pad!.height / 2);
    await page.mouse.down();
    for (const [dx, dy] of [
      [60, -30],
      [120, 20],
      [180, -20],
      [240, 10],
    ] as const)
      await page.mouse.move(pad!.x + dx, pad!.y + pad!.height / 2 + dy, { steps: 4 });
    await page.mouse.up();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    expect(await dialog.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
    await page.mouse.move(pad!.x + 30, pad!.y + 40);
    await page.mouse.down();
    await page.mouse.move(pad!.x + 200, pad!.y + 80, { steps: 8 });
    await page.mouse.up();
    await dialog.getByLabel('Full name').fill('Dana Whitfield');
    await screenshot(page, 'report-signed-approval');
    const answer = page.waitForResponse('**/services/*/approve');
    await dialog.getByRole('button', { name: 'Sign and approve' }).click();

    expect((await answer).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Service approved' }).waitFor();
    await brakes.locator('.badge', { hasText: 'Approved' }).waitFor();
    const { decisions } = await e2e.api.call<DecisionList>('GET', `/api/inspections/${inspection.id}/decisions`);
    const signed = decisions.filter((d) => d.serviceId === serviceId(inspection, 'Front brake pads'));
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({
      decision: 'approved',
      actor: 'customer',
      method: 'link',
      amount: '165.99',
      signerName: 'Dana Whitfield',
    });
    expect(signed[0]!.signature).toMatch(/^data:image\/png;base64,/);
    // The drawn line, not an empty canvas: count the inked pixels of the stored image.
    const inked = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const { data } = ctx.getImageData(0, 0, image.width, image.height);
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) count += 1;
      return count;
    }, signed[0]!.signature!);
    expect(inked).toBeGreaterThan(100);
  });

  it('shows a changed approval with its old and new amounts and approves it again', async () => {
    const inspection = await seedInspection(e2e.api);
    const wipers = serviceId(inspection, 'Wiper blades');
    // Added as approved at 24.50 (in person), then the price changes.
    await e2e.api.call('PUT', `/api/services/${wipers}`, { laborCost: '10.00' });

    const { page } = await e2e.open(SMALL_PHONE);
    await page.goto(`/mpi/${inspection.shareToken}`);
    const card = serviceCard(page, 'Wiper blades');
    await card.locator('.badge', { hasText: 'Needs re-approval' }).waitFor();
    expect(await textOf(page, '[data-testid=reapproval]')).toBe(
      'Changed since you approved it: was $24.50, now $34.50.',
    );
    await card.getByRole('button', { name: 'Approve again' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full name').fill('Dana Whitfield');
    await dialog.getByRole('button', { name: 'Sign and approve' }).click();
    await card.locator('.badge', { hasText: 'Approved' }).waitFor();
    expect(await card.getByTestId('reapproval').count()).toBe(0);
    const { decisions } = await e2e.api.call<DecisionList>('GET', `/api/inspections/${inspection.id}/decisions`);
    expect(
      decisions.filter((d) => d.serviceId === wipers).map((d) => [d.decision, d.actor, d.method, d.amount]),
    ).toEqual([
      ['approved', 'customer', 'link', '34.50'],
      ['approved', 'staff', 'in_person', '24.50'],
    ]);
  });
});
