/**
 * Offline figures (printed, never asserted): a first full pull for a shop with 10,000 customers and
 * opening the app with the network off after a reload, both in Chromium against the real server;
 * and draining 500 queued writes through the sync engine over real HTTP.
 */
import 'fake-indexeddb/auto';
import { chromium, type Page } from 'playwright-core';
import { LocalDb } from '@web/offline/local-db';
import { enqueue } from '@web/offline/outbox';
import { SyncEngine } from '@web/offline/sync-engine';
import { localMeta } from '@web/test/e2e/local-db-probe';
import { keepOfflineAcrossDocuments, resolveChromium } from '@test/chromium';

export const SHOP_CUSTOMERS = 10_000;
export const QUEUED_WRITES = 500;

export interface OfflineFigures {
  customers: number;
  firstPullMs: number;
  offlineOpenMs: number;
  queuedWrites: number;
  drainMs: number;
}

interface Session {
  cookie: string;
  userId: string;
}

async function signIn(baseUrl: string, username: string, password: string): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const cookie = (response.headers.getSetCookie().find((c) => c.startsWith('baywise.sid=')) ?? '').split(';')[0] ?? '';
  const user = (await response.json()) as { id: string };
  return { cookie, userId: user.id };
}

/** Fills the shop through the HTTP API, a few requests at a time. */
async function addCustomers(baseUrl: string, session: Session, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const n = next++;
      const response = await fetch(`${baseUrl}/api/customers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: session.cookie },
        body: JSON.stringify({
          name: `Bench Customer ${String(n).padStart(5, '0')}`,
          email: `customer${n}@bench.test`,
          phone: `555-${String(n % 10_000).padStart(4, '0')}`,
          address: `${n} Main Street`,
        }),
      });
      if (response.status !== 201) throw new Error(`POST /api/customers answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const lastPulledAt = (page: Page) => localMeta(page, 'lastPulledAt');

async function browserFigures(
  baseUrl: string,
  session: Session,
): Promise<{ firstPullMs: number; offlineOpenMs: number }> {
  const { executablePath, args, env } = await resolveChromium();
  const browser = await chromium.launch({ executablePath, args, env });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1024, height: 768 } });
    keepOfflineAcrossDocuments(context);
    const at = session.cookie.indexOf('=');
    await context.addCookies([
      { name: session.cookie.slice(0, at), value: session.cookie.slice(at + 1), url: baseUrl },
    ]);
    const page = await context.newPage();

    const pullStarted = Date.now();
    await page.goto('/?section=customers');
    while (!(await lastPulledAt(page))) {
      if (Date.now() - pullStarted > 300_000) throw new Error('the first pull did not finish within 5 minutes');
      await page.waitForTimeout(50);
    }
    const firstPullMs = Date.now() - pullStarted;

    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await context.setOffline(true);
    const openStarted = Date.now();
    await page.reload();
    await page.getByTestId('customer-card').first().waitFor({ timeout: 60_000 });
    const offlineOpenMs = Date.now() - openStarted;
    return { firstPullMs, offlineOpenMs };
  } finally {
    await browser.close();
  }
}

/** Queues writes with no connection, then times one sync pass that sends them all. */
async function drainFigure(baseUrl: string, session: Session, count: number): Promise<number> {
  const db = new LocalDb(`bench-drain-${Date.now()}`);
  try {
    for (let n = 0; n < count; n++) {
      const name = `Queued Customer ${n}`;
      await enqueue(
        db,
        session.userId,
        {
          kind: 'customer.create',
          id: crypto.randomUUID(),
          body: { name, email: `queued${n}@bench.test`, phone: '555-0100' },
        },
        `Add customer ${name}`,
      );
    }
    const engine = new SyncEngine({
      db,
      baseUrl,
      currentUserId: () => session.userId,
      fetch: (url, init) =>
        fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: session.cookie } }),
    });
    const started = Date.now();
    await engine.syncNow();
    const drainMs = Date.now() - started;
    const left = await db.outbox.count();
    if (left !== 0) throw new Error(`${left} queued writes were not sent`);
    engine.stop();
    return drainMs;
  } finally {
    db.close();
    await db.delete();
  }
}

export async function benchOffline(
  baseUrl: string,
  credentials: { username: string; password: string },
  step: (text: string) => void,
): Promise<OfflineFigures> {
  const session = await signIn(baseUrl, credentials.username, credentials.password);
  step(`adding ${SHOP_CUSTOMERS.toLocaleString('en-US')} customers through the API`);
  await addCustomers(baseUrl, session, SHOP_CUSTOMERS);
  step('Chromium: first full pull, then reopening the app offline');
  const { firstPullMs, offlineOpenMs } = await browserFigures(baseUrl, session);
  step(`draining ${QUEUED_WRITES} queued writes`);
  const drainMs = await drainFigure(baseUrl, session, QUEUED_WRITES);
  return { customers: SHOP_CUSTOMERS, firstPullMs, offlineOpenMs, queuedWrites: QUEUED_WRITES, drainMs };
}

export function printOfflineReport(figures: OfflineFigures): void {
  const shop = figures.customers.toLocaleString('en-US');
  const rows: [string, number][] = [
    [`first full pull, ${shop} customers (page load to the pull's end)`, figures.firstPullMs],
    ['open the app offline after a reload (to the first customer card)', figures.offlineOpenMs],
    [`drain ${figures.queuedWrites} queued writes (one sync pass, then the pull)`, figures.drainMs],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('\nOffline (Chromium and the sync engine against the real server)');
  for (const [label, ms] of rows) console.log(`  ${label.padEnd(width)}  ${Math.round(ms)} ms`);
}
