import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { seriousA11yViolations } from './axe';
import { cspViolations, launchBrowser, openPhone, PHONE, type PhonePage } from './browser';
import './provided';
import { StaffApi } from './staff-api';
import { addSession, searchList } from './staff';

/** Per test file: one browser, a fresh phone-sized context per test, the staff API for seeding. */
export function useE2E() {
  const baseUrl = inject('baseUrl');
  const api = new StaffApi(baseUrl, inject('adminCookie'));
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    // The pages must run under the server's Content-Security-Policy without a single refusal.
    expect(cspViolations.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh context; `touch: false` for a desktop with a mouse. `url` for a second server. */
  async function open(
    viewport: { width: number; height: number } = PHONE,
    options: { touch?: boolean; url?: string } = {},
  ): Promise<PhonePage> {
    if (!browser) throw new Error('browser not started');
    const phone = await openPhone(browser, options.url ?? baseUrl, viewport, options);
    contexts.push(phone.context);
    return phone;
  }

  /** The customers section signed in as the seeding admin, searched down to one customer's card. */
  async function openCustomerCard(
    viewport: { width: number; height: number },
    name: string,
  ): Promise<{ page: Page; card: Locator }> {
    const { context, page } = await open(viewport);
    await addSession(context, baseUrl, api.cookie);
    await page.goto('/?section=customers');
    await searchList(page, name);
    const card = page.getByTestId('customer-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await card.waitFor();
    return { page, card };
  }

  /** A share page by its path, once its title heading shows. */
  async function openSharePage(
    path: string,
    heading: string,
    viewport?: { width: number; height: number },
  ): Promise<PhonePage> {
    const phone = await open(viewport);
    await phone.page.goto(path);
    await phone.page.getByRole('heading', { name: heading, exact: true }).waitFor();
    return phone;
  }

  return { baseUrl, api, open, openCustomerCard, openSharePage };
}

/** The visible text of the first match, whitespace collapsed. */
export async function textOf(page: Page, selector: string): Promise<string> {
  const text = (await page.locator(selector).first().textContent()) ?? '';
  return text.replace(/\s+/g, ' ').trim();
}

/** Label → value of a summary block (subtotal, tax, total rows). */
export async function summaryOf(page: Page, testId: string): Promise<Record<string, string>> {
  const block = page.getByTestId(testId);
  await block.waitFor();
  return block.evaluate((dl) =>
    Object.fromEntries(
      [...dl.querySelectorAll(':scope > div')].map((row) => [
        row.querySelector('dt')?.textContent ?? '',
        row.querySelector('dd')?.textContent ?? '',
      ]),
    ),
  );
}

export async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** The buttons a person could see and press (print hides them all). */
export function visibleButtons(page: Page): Promise<string[]> {
  return page
    .locator('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((b) => b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden')
        .map((b) => b.textContent?.trim() || b.getAttribute('aria-label') || ''),
    );
}

/** Makes the next matching API call wait until `release` is called (to see in-flight states). */
export async function holdRequests(page: Page, pattern: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** Each share page's dead link: its data call, and what the page says while loading and then. */
const DEAD_LINKS = {
  invoice: {
    path: '/invoice/no-such-token-0000000000',
    dataCall: '**/api/public/invoices/**',
    loading: 'Loading invoice...',
    title: 'Invoice Not Found',
    text: "The invoice link you're looking for doesn't exist or has expired.",
  },
  receipt: {
    path: '/receipt/no-such-token-0000000000',
    dataCall: '**/api/public/invoices/**',
    loading: 'Loading receipt...',
    title: 'Receipt Not Found',
    text: "The receipt link you're looking for doesn't exist or has expired.",
  },
  report: {
    path: '/mpi/no-such-token-0000000000',
    dataCall: '**/api/public/inspections/**',
    loading: 'Loading inspection report...',
    title: 'Inspection Not Found',
    text: "The inspection link you're looking for doesn't exist or has expired.",
  },
} as const;

/**
 * A dead share link (`path`, or one with an unknown token): the page says it is loading until the
 * data call answers, then that the link leads nowhere.
 */
export async function expectLoadingThenNotFound(
  page: Page,
  which: keyof typeof DEAD_LINKS,
  path: string = DEAD_LINKS[which].path,
): Promise<void> {
  const link = DEAD_LINKS[which];
  const release = await holdRequests(page, link.dataCall);
  await page.goto(path);
  await page.getByText(link.loading).waitFor();
  release();
  await page.getByRole('heading', { name: link.title }).waitFor();
  expect(await page.getByText(link.text).count()).toBe(1);
}

/** The shown date, as the pages format it (same locale and time zone as the browser). */
export const shownDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));

/** The status banner's badge word (without its mark) and sentence. */
export async function bannerOf(page: Page): Promise<{ badge: string; text: string }> {
  const banner = page.getByTestId('status-banner');
  const badge = (await banner.locator('.badge').textContent()) ?? '';
  return { badge: badge.slice(1), text: (await banner.locator('p').textContent()) ?? '' };
}

/** One service card, found by its description. */
export const serviceCard = (page: Page, description: string) =>
  page.getByTestId('service').filter({ has: page.getByRole('heading', { name: description, exact: true }) });
