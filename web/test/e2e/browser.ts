import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { keepOfflineAcrossDocuments, resolveChromium } from '@test/chromium';
import { E2E_WAIT_MS } from './wait';

/** Headless Chromium (see `test/chromium.ts`); Playwright gives each launch a fresh temporary profile. */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args, env } = await resolveChromium();
  return chromium.launch({ executablePath, args, env });
}

export const PHONE = { width: 390, height: 844 } as const;
export const SMALL_PHONE = { width: 360, height: 780 } as const;
/** The staff app's main targets (tablet first), and a desktop for the large-screen layout. */
export const TABLET_LANDSCAPE = { width: 1024, height: 768 } as const;
export const TABLET_PORTRAIT = { width: 768, height: 1024 } as const;
export const DESKTOP = { width: 1440, height: 900 } as const;

/** Every Content-Security-Policy violation any test page reported; `useE2E` fails a test that caused one. */
export const cspViolations: string[] = [];

export interface PhonePage {
  context: BrowserContext;
  page: Page;
}

/** A fresh context (no cookies, no cache) sized like a phone (or the given touch screen / desktop). */
export async function openPhone(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = PHONE,
  { touch = true }: { touch?: boolean } = {},
): Promise<PhonePage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    deviceScaleFactor: touch ? 2 : 1,
    isMobile: touch,
    hasTouch: touch,
    locale: 'en-US',
  });
  context.setDefaultTimeout(E2E_WAIT_MS);
  keepOfflineAcrossDocuments(context);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      cspViolations.push(`${message.location().url}: ${message.text()}`);
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Whether the page is wider than the screen (sideways scrolling on a phone). Measured against the
 * layout viewport: a phone zooms out to fit a too-wide page, and innerWidth grows with the zoom.
 */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  // A settled page, as a person sees it: a toast or sheet sliding in may reach past the edge for
  // a moment, so only a page still too wide after 2 s counts.
  const deadline = Date.now() + 2000;
  for (;;) {
    const overflows = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    if (!overflows || Date.now() > deadline) return overflows;
    await page.waitForTimeout(100);
  }
}

/** The elements that reach past the layout viewport's right edge, to say why a page scrolls sideways. */
export function elementsPastRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth;
    return [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > edge + 0.5)
      .map(
        (el) =>
          `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${Math.round(el.getBoundingClientRect().right)} px: ${(el.textContent ?? '').trim().slice(0, 60)}`,
      )
      .slice(0, 8);
  });
}
