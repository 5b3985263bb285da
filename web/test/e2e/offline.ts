import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { localMeta } from './local-db-probe';
import { signInThroughUi } from './staff';

// The offline side of the staff app as a browser test waits for it: the service worker taking
// control of the page, the sync loop's first pull into IndexedDB, and the sync state in the header.

/** The sync state in the header ('Online', 'Offline, 1 change waiting', …). */
export const syncChip = (page: Page) => page.getByTestId('sync-status');

/** The script URL of the service worker controlling the page, or null when none does. */
export const controllerUrl = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

/** Waits for the service worker, then reloads the page so that the worker controls it. */
export async function reloadUnderWorker(page: Page, baseUrl: string): Promise<void> {
  // Installing precaches the shell; the worker is active only once that finished.
  expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.active?.scriptURL))).toBe(
    `${baseUrl}/sw.js`,
  );
  // It does not claim the page that installed it: the next load is the first it controls.
  expect(await controllerUrl(page)).toBeNull();
  await page.reload();
  await page.locator('main#main').waitFor();
  expect(await controllerUrl(page)).toBe(`${baseUrl}/sw.js`);
}

/** Whether the device's first full pull has finished (its copy answers the screens from then on). */
const firstPullDone = async (page: Page) => (await localMeta(page, 'lastPulledAt')) !== null;

/** Waits for this page's sync loop to finish its first full pull. */
export async function waitForFirstPull(page: Page): Promise<void> {
  await expect.poll(() => firstPullDone(page)).toBe(true);
}

/** Signs in through the form and waits until the app works offline: the worker controls the page and the first pull is in. */
export async function signInForOffline(
  page: Page,
  baseUrl: string,
  user: { username: string; password: string },
): Promise<void> {
  await signInThroughUi(page, user.username, user.password);
  await reloadUnderWorker(page, baseUrl);
  await waitForFirstPull(page);
}
