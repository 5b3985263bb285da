import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE } from '@web/test/e2e/browser';
import { SHOP } from '@web/test/e2e/provided';
import { screenshot } from '@web/test/e2e/screenshot';
import { seedInspection, seedInvoice, serviceId } from '@web/test/e2e/seed';
import { expectAccessible, serviceCard, textOf, useE2E } from '@web/test/e2e/use-e2e';

const e2e = useE2E();

/** Six recommended services after the standard ones: a long list, as a real inspection can have. */
const MANY_SERVICES = Array.from({ length: 6 }, (_, i) => ({
  description: `Extra service ${i + 1}`,
  laborCost: `${10 + i}.00`,
  partsCost: '0',
  status: 'recommended',
}));

async function openReport(token: string) {
  const { page, context } = await e2e.open(PHONE);
  await page.goto(`/mpi/${token}`);
  await page.getByRole('heading', { name: 'Vehicle Inspection Report' }).waitFor();
  return { page, context };
}

/** Decision buttons in view whose centre or corners the page answers with something else. */
function coveredDecisionButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const covered: string[] = [];
    for (const button of document.querySelectorAll<HTMLElement>('.service__actions button')) {
      const r = button.getBoundingClientRect();
      if (r.bottom <= 0 || r.top >= window.innerHeight) continue;
      const points: [number, number][] = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.right - 4, r.top + 4],
        [r.right - 4, r.bottom - 4],
        [r.left + 4, r.bottom - 4],
      ];
      for (const [x, y] of points) {
        if (y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !button.contains(hit)) {
          covered.push(
            `${button.textContent} at (${Math.round(x)}, ${Math.round(y)}) is under ${hit?.className || hit?.tagName}`,
          );
        }
      }
    }
    return covered;
  });
}

describe('share pages: the customer can always act, read and find help', () => {
  it('the back-to-top button never covers an Approve or Decline button (390×844)', async () => {
    const inspection = await seedInspection(e2e.api, { services: MANY_SERVICES });
    const { page } = await openReport(inspection.shareToken);
    const last = serviceCard(page, 'Extra service 6').getByRole('button', { name: 'Approve' });
    // The last service's buttons at the bottom edge of the screen, as a thumb scrolls them up.
    for (const offset of [0, 20, 40, 60]) {
      await last.evaluate((el, by) => {
        el.scrollIntoView({ block: 'end' });
        window.scrollBy(0, by);
      }, offset);
      await page.waitForTimeout(50);
      expect(await coveredDecisionButtons(page), `last Approve ${offset} px above the bottom`).toEqual([]);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(50);
    expect(await coveredDecisionButtons(page)).toEqual([]);
    // Still there to use where no decision button is under it.
    await page.getByRole('button', { name: 'Back to top' }).waitFor();
  });

  it('Decline asks first, naming the service and its total; Cancel leaves everything as it was', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page } = await openReport(inspection.shareToken);
    const decided: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') decided.push(request.url());
    });
    await serviceCard(page, 'Cabin air filter').getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline cabin air filter ($37.99)?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Cancel', 'Decline']);
    // The safe choice has the focus; a stray Enter does not decline.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await expectAccessible(page);
    await screenshot(page, 'report-confirm-decline');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(decided).toEqual([]);
    expect(await serviceCard(page, 'Cabin air filter').getByRole('button').allTextContents()).toEqual([
      'Decline',
      'Approve',
    ]);

    // Escape cancels too.
    await serviceCard(page, 'Cabin air filter').getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(decided).toEqual([]);

    await serviceCard(page, 'Cabin air filter').getByRole('button', { name: 'Decline' }).click();
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await serviceCard(page, 'Cabin air filter').locator('.badge', { hasText: 'Declined' }).waitFor();
    expect(decided.map((url) => new URL(url).pathname)).toEqual([
      `/api/public/inspections/${inspection.shareToken}/services/${serviceId(inspection, 'Cabin air filter')}/decline`,
    ]);
  });

  it('a short signal drop keeps the report readable under a banner, decisions off with the reason, nothing stored', async () => {
    const inspection = await seedInspection(e2e.api);
    const { page, context } = await openReport(inspection.shareToken);
    await context.setOffline(true);
    const banner = page.getByRole('status').filter({
      hasText: "You're offline. This is the page as last loaded; approving and declining need a connection.",
    });
    await banner.waitFor();
    // The findings are still there to read.
    expect(await page.getByRole('heading', { name: 'Inspection Results' }).isVisible()).toBe(true);
    expect(await textOf(page, '.findings__group:has-text("Diagnostic Codes")')).toContain('P0420');
    const card = serviceCard(page, 'Cabin air filter');
    const buttons = card.getByRole('button');
    expect(await buttons.evaluateAll((els) => els.map((el) => (el as HTMLButtonElement).disabled))).toEqual([
      true,
      true,
    ]);
    const reason = 'No connection: approving and declining will work again once you are back online.';
    expect(await textOf(page, '[data-testid=service]:has-text("Cabin air filter") .service__blocked')).toBe(reason);
    // Screen readers hear the reason with the button.
    const describedBy = (await buttons.first().getAttribute('aria-describedby')) ?? '';
    const described = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent)
          .join(' | '),
      describedBy,
    );
    expect(described).toBe(`Cabin air filter | ${reason}`);
    // The share pages keep nothing on the phone, offline or not.
    const stored = await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).length,
      caches: (await caches.keys()).length,
    }));
    expect(stored).toEqual({ local: 0, session: 0, databases: 0, caches: 0 });
    await expectAccessible(page);
    await screenshot(page, 'report-signal-drop');

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    expect(await page.locator('.service__blocked').count()).toBe(0);
    await card.getByRole('button', { name: 'Approve' }).click();
    await card.locator('.badge', { hasText: 'Approved' }).waitFor();
  });

  for (const [kind, path, title] of [
    ['report', 'mpi', 'Inspection Not Found'],
    ['invoice', 'invoice', 'Invoice Not Found'],
    ['receipt', 'receipt', 'Receipt Not Found'],
  ] as const) {
    it(`a dead ${kind} link says whom to call for a new one`, async () => {
      const { page } = await e2e.open(PHONE);
      // A well-shaped token nobody has, and one cut short (as a text message can do).
      for (const token of ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'cut-shor']) {
        await page.goto(`/${path}/${token}`);
        await page.getByRole('heading', { name: title }).waitFor();
        expect(await textOf(page, 'main')).toContain(`Please contact ${SHOP.companyName} for a new link:`);
        const call = page.getByRole('link', { name: `Call ${SHOP.phone}` });
        expect(await call.getAttribute('href')).toBe('tel:5550100142');
        expect((await call.boundingBox())?.height).toBeGreaterThanOrEqual(44);
        expect(await page.getByRole('link', { name: SHOP.email }).getAttribute('href')).toBe(`mailto:${SHOP.email}`);
      }
      await expectAccessible(page);
      await screenshot(page, `${kind}-not-found-help`);
    });
  }

  it('printed at phone width, the VIN stays on one line and the header keeps its width', async () => {
    const inspection = await seedInspection(e2e.api);
    const invoice = await seedInvoice(e2e.api, inspection.id);
    const { page } = await e2e.open(PHONE);
    await page.goto(`/invoice/${invoice.shareToken}`);
    await page.getByRole('heading', { name: 'Invoice', exact: true }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const header = await page.evaluate(() => {
      const lines = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      };
      const facts = document.querySelector('.doc-header__facts')!;
      return {
        title: lines(document.querySelector('.doc-header h1')!),
        values: [...facts.querySelectorAll('dd')].filter((dd) => lines(dd) > 1).map((dd) => dd.textContent),
        rowWidths: [...facts.querySelectorAll('.facts__row')].map((row) =>
          Math.round((row.getBoundingClientRect().width / facts.getBoundingClientRect().width) * 100),
        ),
      };
    });
    expect(header.title).toBe(1);
    expect(header.values).toEqual([]);
    // One column at this width: every row takes the header's full width instead of half of it.
    expect(new Set(header.rowWidths)).toEqual(new Set([100]));
    await screenshot(page, 'invoice-print-390');
  });
});
