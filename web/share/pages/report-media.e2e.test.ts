import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicMedia } from '@shared/schemas/media';
import { labelledJpeg, testVideo } from '@test/media-samples';
import { tusUpload } from '@test/tus-upload';
import { PHONE, SMALL_PHONE } from '@web/test/e2e/browser';
import { stopFailures } from '@web/test/e2e/screen-checks';
import { screenshot } from '@web/test/e2e/screenshot';
import { seedInspection, seedInvoice, serviceId, type SeededInspection } from '@web/test/e2e/seed';
import { expectAccessible, holdRequests, serviceCard, useE2E } from '@web/test/e2e/use-e2e';

const e2e = useE2E();

const brakes = (page: Page) =>
  page.locator('.findings__group').filter({ has: page.getByRole('heading', { name: 'Brake Pad Thickness' }) });
const viewer = (page: Page) => page.getByRole('dialog', { name: 'Photo viewer' });

async function upload(bytes: Buffer, metadata: Record<string, string | number | undefined>) {
  await tusUpload({
    baseUrl: e2e.baseUrl,
    cookie: e2e.api.cookie,
    bytes,
    metadata: { capturedAt: new Date().toISOString(), ...metadata },
  });
}

/** Waits for the server to list `count` media on the report (resizing may finish after the upload). */
async function publicMedia(token: string, count: number): Promise<PublicMedia[]> {
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${e2e.baseUrl}/api/public/inspections/${token}`);
    const media = ((await res.json()) as { media: PublicMedia[] }).media;
    const ready =
      media.length === count &&
      (await Promise.all(media.map(async (m) => (await fetch(`${e2e.baseUrl}${m.urls.w320}`)).ok)));
    if (ready && (ready as boolean[]).every(Boolean)) return media;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the report did not list ${count} ready media`);
}

/**
 * Waits until the browser itself lists the viewer's history entry as the current one. The page adds
 * it (pushState) as the viewer opens and the browser learns of it a moment later; Back, a browser
 * action, goes back from the browser's current entry, so one pressed in between leaves the report.
 */
async function viewerEntryInBrowser(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(async () => {
      const history = await cdp.send('Page.getNavigationHistory');
      return history.currentIndex === history.entries.length - 1 && history.entries.length >= 3;
    })
    .toBe(true);
  await cdp.detach();
}

const openReport = (token: string, viewport?: { width: number; height: number }) =>
  e2e.openSharePage(`/mpi/${token}`, 'Vehicle Inspection Report', viewport);

/** An image's shown size and whether it has its pixels. */
const imageState = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((img) => {
      const box = img.getBoundingClientRect();
      return {
        width: Math.round(box.width),
        height: Math.round(box.height),
        loaded: img.complete && img.naturalWidth > 0,
      };
    }),
  );

describe('/mpi/{shareToken} with photos and videos', () => {
  let inspection: SeededInspection;
  let media: PublicMedia[];
  const ids = {
    marked: crypto.randomUUID(),
    second: crypto.randomUUID(),
    service: crypto.randomUUID(),
    video: crypto.randomUUID(),
  };
  const byId = (id: string) => media.find((m) => m.id === id)!;

  beforeAll(async () => {
    inspection = await seedInspection(e2e.api);
    const on = { inspectionId: inspection.id, kind: 'photo', filetype: 'image/jpeg' };
    // Front left brake: a photo with a mark-up (shown first), then a plain one; one on a service; a video of the leak.
    await upload(await labelledJpeg('ORIGINAL', '#7f1d1d'), {
      ...on,
      mediaId: ids.marked,
      role: 'original',
      itemKey: 'frontLeftBrake',
      position: 0,
      caption: 'Pad at 2.9 mm',
    });
    await upload(await labelledJpeg('MARKED', '#166534'), {
      mediaId: ids.marked,
      role: 'markup',
      filetype: 'image/jpeg',
    });
    await upload(await labelledJpeg('SECOND', '#1e3a8a'), {
      ...on,
      mediaId: ids.second,
      role: 'original',
      itemKey: 'frontLeftBrake',
      position: 1,
    });
    await upload(await labelledJpeg('SERVICE', '#92400e'), {
      ...on,
      mediaId: ids.service,
      role: 'original',
      serviceId: serviceId(inspection, 'Front brake pads'),
      position: 0,
    });
    await upload(testVideo(2), {
      ...on,
      kind: 'video',
      filetype: 'video/mp4',
      mediaId: ids.video,
      role: 'original',
      itemKey: 'leaks',
      position: 0,
      durationMs: 2000,
    });
    media = await publicMedia(inspection.shareToken, 4);
  });

  it('shows photos under their item and service, marked-up first, in fixed boxes that never move', async () => {
    const { page } = await e2e.open(PHONE);
    // The pictures held back: the boxes are there, at their size, before a single image arrives.
    const release = await holdRequests(page, /\/media\/.*\/files\//);
    await page.goto(`/mpi/${inspection.shareToken}`);
    await page.getByRole('heading', { name: 'Vehicle Inspection Report' }).waitFor();
    const thumbs = brakes(page).locator('[data-testid=media-photo] img');
    expect(await thumbs.count()).toBe(2);
    expect(await imageState(page, '.findings__group [data-testid=media-photo] img')).toEqual([
      { width: 128, height: 96, loaded: false },
      { width: 128, height: 96, loaded: false },
    ]);
    const first = thumbs.first();
    expect(await first.getAttribute('alt')).toBe('Front left brake: Pad at 2.9 mm');
    expect(await first.getAttribute('loading')).toBe('lazy');
    expect(await first.getAttribute('width')).toBe('128');
    expect(await first.getAttribute('height')).toBe('96');
    const marked = byId(ids.marked);
    expect(await first.getAttribute('src')).toBe(marked.urls.w320);
    expect(await first.getAttribute('srcset')).toBe(
      `${marked.urls.w320} 320w, ${marked.urls.w960} 960w, ${marked.urls.w1920} 1920w`,
    );
    expect(await first.getAttribute('sizes')).toBe('128px');
    expect(await brakes(page).locator('.media-strip__label').allTextContents()).toEqual([
      'Front left brake: Pad at 2.9 mm',
      'Front left brake',
    ]);

    release();
    await brakes(page).scrollIntoViewIfNeeded();
    await expect
      .poll(() => imageState(page, '.findings__group:has-text("Brake Pad Thickness") [data-testid=media-photo] img'))
      .toEqual([
        { width: 128, height: 96, loaded: true },
        { width: 128, height: 96, loaded: true },
      ]);
    // The thumbnail shown is made from the marked-up copy (the server's versions name their source).
    expect(marked.urls.markup).not.toBeNull();
    expect(marked.urls.w320).not.toBe(byId(ids.second).urls.w320);

    const service = serviceCard(page, 'Front brake pads');
    await service.scrollIntoViewIfNeeded();
    expect(await service.locator('[data-testid=media-photo] img').getAttribute('alt')).toBe('Front brake pads');
    expect(await serviceCard(page, 'Cabin air filter').locator('[data-testid=media-photo]').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'share-report-photos');
  });

  it('opens the viewer only when asked: swipe, pinch and double-tap zoom, View original, Escape and Back close it', async () => {
    const { page } = await openReport(inspection.shareToken);
    const viewerCode: string[] = [];
    page.on('request', (r) => {
      if (/media-viewer-[^/]+\.js$/.test(r.url())) viewerCode.push(r.url());
    });
    await brakes(page).scrollIntoViewIfNeeded();
    expect(viewerCode).toEqual([]);

    await brakes(page).locator('[data-testid=media-photo]').first().click();
    const dialog = viewer(page);
    await dialog.waitFor();
    expect(viewerCode).toHaveLength(1);
    const image = page.getByTestId('viewer-image');
    const count = dialog.locator('.viewer__count');
    expect(await count.textContent()).toBe('1 of 3');
    expect(await image.getAttribute('src')).toBe(byId(ids.marked).urls.w1920);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await dialog.getByRole('button', { name: 'View original' }).click();
    expect(await image.getAttribute('src')).toBe(byId(ids.marked).urls.original);
    expect(await image.getAttribute('alt')).toBe('Front left brake: Pad at 2.9 mm (original, without mark-up)');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
    await dialog.getByRole('button', { name: 'View marked-up' }).click();
    expect(await image.getAttribute('src')).toBe(byId(ids.marked).urls.w1920);

    // A finger's swipe to the left shows the next photo; the service's photo comes after the items'.
    const stage = page.getByTestId('viewer-stage');
    const box = (await stage.boundingBox())!;
    const swipe = async (from: number, to: number) => {
      await page.mouse.move(box.x + from, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + (from + to) / 2, box.y + box.height / 2, { steps: 4 });
      await page.mouse.move(box.x + to, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
    };
    await swipe(box.width - 40, 40);
    expect(await count.textContent()).toBe('2 of 3');
    expect(await image.getAttribute('src')).toBe(byId(ids.second).urls.w1920);
    expect(await dialog.getByRole('button', { name: 'View original' }).count()).toBe(0);
    await swipe(box.width - 40, 40);
    expect(await count.textContent()).toBe('3 of 3');
    expect(await dialog.locator('.viewer__caption').textContent()).toBe('Front brake pads');
    await swipe(40, box.width - 40);
    expect(await count.textContent()).toBe('2 of 3');

    // Double tap zooms in, and out again.
    const transform = () => image.evaluate((img) => (img as HTMLElement).style.transform);
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.touchscreen.tap(centre.x, centre.y);
    await page.touchscreen.tap(centre.x, centre.y);
    await expect.poll(transform).toContain('scale(2.5)');
    await page.touchscreen.tap(centre.x, centre.y);
    await page.touchscreen.tap(centre.x, centre.y);
    await expect.poll(transform).toContain('scale(1)');

    // Two fingers spread apart: pinch zoom.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', spread: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints:
          type === 'touchEnd'
            ? []
            : [
                { x: centre.x - spread, y: centre.y, id: 1 },
                { x: centre.x + spread, y: centre.y, id: 2 },
              ],
      });
    await touch('touchStart', 40);
    for (const spread of [60, 80, 100, 120]) await touch('touchMove', spread);
    await touch('touchEnd', 0);
    await expect.poll(transform).toContain('scale(3)');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${e2e.baseUrl}/mpi/${inspection.shareToken}`);

    // The phone's Back button closes the viewer and stays on the report.
    await brakes(page).locator('[data-testid=media-photo]').first().click();
    await dialog.waitFor();
    await viewerEntryInBrowser(page);
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${e2e.baseUrl}/mpi/${inspection.shareToken}`);
    expect(await page.getByRole('heading', { name: 'Vehicle Inspection Report' }).count()).toBe(1);
  });

  it('plays a video in place, with its poster frame, fetching nothing of the video until asked', async () => {
    const { page } = await e2e.open(PHONE);
    const v = byId(ids.video);
    const videoRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(v.urls.video!)) videoRequests.push(r.url());
    });
    await page.goto(`/mpi/${inspection.shareToken}`);
    const video = page.locator('.findings__group:has-text("Detected Leaks") video');
    await video.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    expect(videoRequests).toEqual([]);
    expect(await video.getAttribute('poster')).toBe(v.urls.poster);
    expect(await video.getAttribute('preload')).toBe('none');
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.getAttribute('src')).toBe(v.urls.video);
    const poster = await page.request.get(v.urls.poster!);
    expect(poster.status()).toBe(200);
    expect(poster.headers()['content-type']).toBe('image/jpeg');
    // Played on demand: the file answers and the element gets its frames.
    await video.evaluate((el: HTMLVideoElement) => {
      el.muted = true;
      return el.play();
    });
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThanOrEqual(2);
    expect(videoRequests.length).toBeGreaterThan(0);
    expect(await video.evaluate((el: HTMLVideoElement) => el.videoWidth)).toBe(320);
  });

  it('fits a 360 px phone with its photos and with the viewer open: no sideways scroll, 44 px targets, 16 px text, axe', async () => {
    const { page } = await openReport(inspection.shareToken, SMALL_PHONE);
    await page.evaluate(() => document.fonts.ready);
    expect(await stopFailures(page, { touch: true })).toEqual([]);
    await brakes(page).locator('[data-testid=media-photo]').first().click();
    await viewer(page).waitFor();
    await page.waitForTimeout(300);
    expect(await stopFailures(page, { touch: true })).toEqual([]);
    await screenshot(page, 'share-report-viewer-360');
  });

  it('keeps the thumbnails on paper', async () => {
    const { page } = await openReport(inspection.shareToken);
    await page.emulateMedia({ media: 'print' });
    const all = page.locator('[data-testid=media-photo] img');
    expect(await all.count()).toBe(3);
    for (const img of await all.all()) {
      expect(await img.isVisible()).toBe(true);
      await img.scrollIntoViewIfNeeded();
    }
    const states = await imageState(page, '[data-testid=media-photo] img');
    // 32 mm by 24 mm at 96 px to the inch.
    expect(states.map((s) => [s.width, s.height])).toEqual([
      [121, 91],
      [121, 91],
      [121, 91],
    ]);
    await expect
      .poll(async () => (await imageState(page, '[data-testid=media-photo] img')).every((s) => s.loaded))
      .toBe(true);
    expect(await page.locator('video').isVisible()).toBe(true);
    const pdf = await page.pdf({ format: 'Letter' });
    expect(pdf.length).toBeGreaterThan(20_000);
  });
});

describe('/invoice/{shareToken} with photos', () => {
  it("shows the approved service's photo through the invoice's own link, and prints it", async () => {
    const inspection = await seedInspection(e2e.api);
    const mediaId = crypto.randomUUID();
    await upload(await labelledJpeg('WIPERS', '#374151'), {
      inspectionId: inspection.id,
      kind: 'photo',
      filetype: 'image/jpeg',
      mediaId,
      role: 'original',
      serviceId: serviceId(inspection, 'Wiper blades'),
      position: 0,
      caption: 'Torn blade',
    });
    const invoice = await seedInvoice(e2e.api, inspection.id);
    const { page } = await e2e.open(PHONE);
    await page.goto(`/invoice/${invoice.shareToken}`);
    await page.getByRole('heading', { name: 'Invoice', exact: true }).waitFor();
    const photo = serviceCard(page, 'Wiper blades').locator('[data-testid=media-photo] img');
    expect(await photo.getAttribute('alt')).toBe('Wiper blades: Torn blade');
    expect(await photo.getAttribute('src')).toMatch(
      new RegExp(`^/api/public/invoices/${invoice.shareToken}/media/${mediaId}/files/[0-9a-f]+/w320$`),
    );

    await page.emulateMedia({ media: 'print' });
    await photo.scrollIntoViewIfNeeded();
    expect(await photo.isVisible()).toBe(true);
    await expect
      .poll(() => imageState(page, '[data-testid=media-photo] img'))
      .toEqual([{ width: 121, height: 91, loaded: true }]);
    expect(await page.getByRole('button', { name: 'Print Invoice' }).isVisible()).toBe(false);
  });
});
