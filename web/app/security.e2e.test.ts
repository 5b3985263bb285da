import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cspViolations, TABLET_LANDSCAPE } from '@web/test/e2e/browser';
import { seedInspection } from '@web/test/e2e/seed';
import { addSession, createStaffUser } from '@web/test/e2e/staff';
import { useE2E } from '@web/test/e2e/use-e2e';

// The server's security headers, as a browser enforces them on the real build.

const { baseUrl, api, open } = useE2E();

/** Adds an inline script the way an injection would; returns whether it ran. */
function injectInlineScript(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
}

async function waitForViolation(): Promise<string[]> {
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  return cspViolations.splice(0);
}

describe('Content-Security-Policy in the browser', () => {
  it('refuses an injected inline script in the staff app (and the suite notices)', async () => {
    const user = await createStaffUser(api, 'technician', 'csp');
    const { context, page } = await open(TABLET_LANDSCAPE, { touch: false });
    await addSession(context, baseUrl, user.cookie);
    await page.goto('/');
    await page.locator('main#main').waitFor();
    expect(await injectInlineScript(page)).toBe(false);
    expect((await waitForViolation()).join('\n')).toMatch(/inline script/i);
  });

  it("runs the share page's own early data call, and refuses any other inline script", async () => {
    const seeded = await seedInspection(api);
    const { page } = await open();
    await page.goto(`/mpi/${seeded.shareToken}`);
    await page.getByRole('heading', { name: 'Vehicle Inspection Report' }).waitFor();
    // The page has its inline script, and the browser ran it without a single refusal.
    expect(await page.locator('head script:not([src])').count()).toBe(1);
    expect(cspViolations).toEqual([]);
    expect(await injectInlineScript(page)).toBe(false);
    expect((await waitForViolation()).join('\n')).toMatch(/inline script/i);
  });

  it('cannot be framed by another page', async () => {
    const { page } = await open();
    await page.goto('/robots.txt');
    await page.setContent(`<iframe id="frame" src="${baseUrl}/auth" width="400" height="400"></iframe>`);
    const frame = await (await page.locator('#frame').elementHandle())?.contentFrame();
    await expect
      .poll(
        async () => (await frame?.evaluate(() => document.querySelector('form') !== null).catch(() => false)) ?? false,
        { timeout: 3000 },
      )
      .toBe(false);
    expect((await waitForViolation()).join('\n')).toContain("frame-ancestors 'none'");
  });
});
