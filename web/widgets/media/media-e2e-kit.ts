import type { Locator, Page } from 'playwright-core';
import { waitInDialog } from '@web/test/e2e/screen-checks';
import { searchList } from '@web/test/e2e/staff';

// What the media browser tests share: photos made in the page, and where an inspection's cameras are.

/**
 * A JPEG made in the page (a blue gradient, no red in it), as a camera would hand it over; with
 * `grain` some noise, so it is as big as a real photo of that size.
 */
export async function makeJpeg(page: Page, width: number, height: number, grain = false): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h, noisy]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#1e3a8a');
      gradient.addColorStop(1, '#93c5fd');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      if (noisy) {
        const pixels = context.getImageData(0, 0, w, h);
        for (let i = 0; i < pixels.data.length; i += 4) {
          const delta = Math.floor(Math.random() * 41) - 20;
          for (let c = 0; c < 3; c++)
            pixels.data[i + c] = Math.min(255, Math.max(0, (pixels.data[i + c] ?? 0) + delta));
        }
        context.putImageData(pixels, 0, 0);
      }
      return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
    },
    [width, height, grain] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** How many clearly red pixels an image shows (the mark-up's arrow is red; the photo has none). */
export function redPixels(image: Locator): Promise<number> {
  return image.evaluate(async (element) => {
    const img = element as HTMLImageElement;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) return -1;
    context.drawImage(img, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let red = 0;
    for (let i = 0; i < data.length; i += 4)
      if ((data[i] ?? 0) > 170 && (data[i + 1] ?? 0) < 90 && (data[i + 2] ?? 0) < 90) red += 1;
    return red;
  });
}

/** Opens the inspection of this customer's vehicle for editing from the customer's card. */
export async function openInspection(page: Page, customerName: string, vehicle: string): Promise<Locator> {
  await page.goto('/?section=customers');
  await searchList(page, customerName);
  const card = page
    .getByTestId('customer-card')
    .filter({ has: page.getByRole('heading', { name: customerName, exact: true }) });
  await card.getByRole('button', { name: /^Inspections/ }).click();
  await card
    .getByTestId('inspection-row')
    .filter({ hasText: vehicle })
    .first()
    .getByRole('button', { name: /^Edit inspection/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Inspection' });
  await waitInDialog(page, 'Edit Inspection', dialog.getByTestId('inspection-form'));
  return dialog;
}

/** The camera and strip of one item key or service id. */
export const ownerOf = (dialog: Locator, owner: string) =>
  dialog.locator(`[data-testid="media-attach"][data-media-owner="${owner}"]`);
/** The header's count of uploads still to go. */
export const uploadsPending = (page: Page) =>
  page
    .getByTestId('upload-status')
    .count()
    .then(async (n) => (n === 0 ? 0 : Number(await page.getByTestId('upload-status').getAttribute('data-pending'))));
