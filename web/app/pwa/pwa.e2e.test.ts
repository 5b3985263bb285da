import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PHONE, TABLET_LANDSCAPE } from '@web/test/e2e/browser';
import { controllerUrl, reloadUnderWorker } from '@web/test/e2e/offline';
import { screenshot } from '@web/test/e2e/screenshot';
import { seedInspection } from '@web/test/e2e/seed';
import { addSession, createStaffUser, type StaffUser } from '@web/test/e2e/staff';
import { expectAccessible, holdRequests, textOf, useE2E } from '@web/test/e2e/use-e2e';

const { baseUrl, api, open } = useE2E();

let technician: StaffUser;
let shareToken: string;
beforeAll(async () => {
  technician = await createStaffUser(api, 'technician', 'pwatech');
  shareToken = (await seedInspection(api)).shareToken;
});

const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const brand = (page: Page) => textOf(page, 'aside[aria-label="Sidebar"] > div > div:first-child');
const sidebarLinks = (page: Page) =>
  page
    .locator('aside[aria-label="Sidebar"] nav a')
    .evaluateAll((links) => links.map((a) => a.textContent?.trim() ?? ''));

/** The decoded size of an image, as the browser sees it. */
const imageSize = (page: Page, src: string) =>
  page.evaluate(async (url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return `${image.naturalWidth}x${image.naturalHeight}`;
  }, src);

/** Opens the staff app signed in, waits for the worker, and reloads so the worker controls the page. */
async function openControlled(
  cookie: string,
  url = '/',
  viewport = TABLET_LANDSCAPE,
): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await open(viewport);
  await addSession(context, baseUrl, cookie);
  await page.goto(url);
  await page.locator('main#main').waitFor();
  await reloadUnderWorker(page, baseUrl);
  return { page, context };
}

describe('installable app', () => {
  it('serves the manifest and the worker with the right types, and the icons as PNGs of their sizes', async () => {
    const manifestResponse = await fetch(`${baseUrl}/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    expect(manifestResponse.headers.get('content-type')).toMatch(/^application\/manifest\+json\b/);
    expect(manifestResponse.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await manifestResponse.json()) as Record<string, unknown>;
    expect(manifest).toEqual({
      id: '/',
      name: 'Baywise',
      short_name: 'Baywise',
      description: 'Vehicle inspections, estimates and invoices for the shop floor, online or offline.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#f4f5f7',
      icons: ICONS,
    });

    // A new worker must be seen at once: the script is revalidated, never kept a year.
    const worker = await fetch(`${baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript\b/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    const { page } = await open();
    await page.goto('/auth');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1d4ed8');
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect(appleIcon).toBe('/icons/apple-touch-icon-180.png');

    for (const [src, size] of [...ICONS.map((icon) => [icon.src, icon.sizes]), [appleIcon ?? '', '180x180']] as const) {
      const response = await fetch(`${baseUrl}${src}`);
      expect(response.headers.get('content-type'), src).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 8).toString('hex'), src).toBe('89504e470d0a1a0a');
      expect(await imageSize(page, src), src).toBe(size);
    }

    // The share pages are not part of the installable app.
    await page.goto(`/mpi/${shareToken}`);
    await page.getByRole('heading', { name: 'Vehicle Inspection Report' }).waitFor();
    expect(await page.locator('link[rel="manifest"], meta[name="theme-color"]').count()).toBe(0);
  });

  it('offers "Install app" in the header while the browser offers to install, and prompts on click', async () => {
    const { page, context } = await open(PHONE);
    await addSession(context, baseUrl, technician.cookie);
    await page.goto('/');
    await page.locator('main#main').waitFor();
    const install = page.locator('header').getByRole('button', { name: 'Install app' });
    expect(await install.count()).toBe(0);

    // Chromium's own event, stood in for: headless Chromium never judges a page installable.
    const offer = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: async () => {
            (window as unknown as { prompted: number }).prompted =
              ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
          },
        });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await offer()).toBe(true);
    await install.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'pwa-install-button-phone');

    await install.click();
    await install.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);

    // Declined: the browser offers again later; once installed the button goes away.
    await offer();
    await install.waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await install.waitFor({ state: 'detached' });
  });
});

describe('offline', () => {
  it('opens the staff shell from the worker with the network off, but never a share page', async () => {
    const { page, context } = await openControlled(technician.cookie);

    await context.setOffline(true);
    const shell = await page.reload();
    expect(shell?.fromServiceWorker()).toBe(true);
    await page.locator('main#main').waitFor();
    expect(await brand(page)).toBe('Baywise');
    expect(await sidebarLinks(page)).toEqual([
      'Dashboard',
      'Customers',
      'Vehicles',
      'Invoices',
      'VIN Decoder',
      'AllData Log-In',
    ]);

    // Any staff route falls back to the shell.
    const deepLink = await page.goto('/?section=vehicles');
    expect(deepLink?.fromServiceWorker()).toBe(true);
    await page.locator('main#main').waitFor();
    expect(await brand(page)).toBe('Baywise');
    await screenshot(page, 'pwa-offline-shell-tablet');

    // Share pages are online-only: the worker does not answer them, so the browser cannot load them.
    await expect(page.goto(`/mpi/${shareToken}`)).rejects.toThrow('net::ERR_INTERNET_DISCONNECTED');
    await expect(page.goto('/invoice/some-token')).rejects.toThrow('net::ERR_INTERNET_DISCONNECTED');
  });

  it('lets share pages and their data calls through to the network even where the worker is installed', async () => {
    const { page } = await openControlled(technician.cookie);
    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(precached).toContain('/index.html');

    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    const document = await page.goto(`/mpi/${shareToken}`);
    await page.getByRole('heading', { name: 'Vehicle Inspection Report' }).waitFor();
    expect(document?.fromServiceWorker()).toBe(false);
    const data = responses.find((r) => new URL(r.url()).pathname === `/api/public/inspections/${shareToken}`);
    expect(data?.fromServiceWorker()).toBe(false);

    // The share entry's own code is not precached (only files it shares with the staff app are).
    const entry = (await page.locator('script[type="module"][src]').getAttribute('src')) ?? '';
    expect(entry).toMatch(/^\/assets\/share-.+\.js$/);
    expect(responses.find((r) => new URL(r.url()).pathname === entry)?.fromServiceWorker()).toBe(false);
    expect(precached.filter((url) => url === entry || url.includes('share'))).toEqual([]);
  });

  it('never registers a worker from a share page', async () => {
    const { page, context } = await open();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`/mpi/${shareToken}`);
    await page.getByRole('heading', { name: 'Vehicle Inspection Report' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await controllerUrl(page)).toBeNull();
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
    expect(requested.filter((p) => p === '/sw.js' || p === '/manifest.webmanifest')).toEqual([]);
    expect(context.serviceWorkers()).toEqual([]);
  });
});

describe('a new version', () => {
  it('waits for the user: "A new version is available", held back while a form is dirty or the sync loop busy, then Reload switches', async () => {
    const { page } = await openControlled(api.cookie, '/?section=email-templates');
    const prompt = page.getByTestId('update-prompt');
    const reload = prompt.locator('button');

    // A new deployment: the server now has a different worker script (same app files), and the
    // compressed copies the build writes beside it (vite.config.ts) with it.
    const workerFile = path.join(inject('webDir'), 'sw.js');
    const deployed = readFileSync(workerFile, 'utf8');
    const copies = ['.br', '.gz'].map((ext) => ({
      file: `${workerFile}${ext}`,
      bytes: readFileSync(`${workerFile}${ext}`),
    }));
    const release = `${deployed}\n// next release\n`;
    writeFileSync(workerFile, release);
    writeFileSync(`${workerFile}.br`, brotliCompressSync(release));
    writeFileSync(`${workerFile}.gz`, gzipSync(release));
    try {
      await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));

      await prompt.getByText('A new version is available', { exact: true }).waitFor();
      expect(await reload.textContent()).toBe('Reload');
      // Polled: a sync pass (which also holds the reload back) may be running for a moment.
      const enabled = () => expect.poll(() => reload.isEnabled()).toBe(true);
      const heldBack = async () => {
        await expect.poll(() => reload.isDisabled()).toBe(true);
        const reason = prompt.getByText('Finish saving first', { exact: true });
        expect(await reason.count()).toBe(1);
        expect(await reload.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
      };
      await enabled();
      await expectAccessible(page);
      await screenshot(page, 'pwa-update-prompt-tablet');

      // A form with typed values holds the reload back; back to its starting values, it does not.
      await page.getByRole('button', { name: 'Create Template' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create Template' });
      await dialog.waitFor();
      await enabled();
      await dialog.getByLabel('Name').fill('Brake reminder');
      await heldBack();
      await dialog.getByLabel('Name').fill('');
      await enabled();
      await dialog.getByLabel('Name').fill('Brake reminder');
      await heldBack();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await enabled();
      expect(await prompt.getByText('Finish saving first').count()).toBe(0);

      // So does the sync loop while it talks to the server.
      const release = await holdRequests(page, /\/api\/sync\/changes/);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await heldBack();
      release();
      await enabled();

      // Nothing reloaded by itself meanwhile.
      expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBe(true);

      const waiting = () =>
        page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state ?? null));
      expect(await waiting()).toBe('installed');
      await Promise.all([page.waitForEvent('load'), reload.click()]);
      await page.locator('main#main').waitFor();
      expect(await page.evaluate(() => (window as unknown as { before?: boolean }).before)).toBeUndefined();
      expect(await waiting()).toBeNull();
      expect(await controllerUrl(page)).toBe(`${baseUrl}/sw.js`);
      expect(await prompt.textContent()).toBe('');
    } finally {
      writeFileSync(workerFile, deployed);
      for (const copy of copies) writeFileSync(copy.file, copy.bytes);
    }
  });
});
