import { describe, expect, it } from 'vitest';
import { cspViolations, TABLET_LANDSCAPE } from '@web/test/e2e/browser';
import { reloadUnderWorker } from '@web/test/e2e/offline';
import { addSession, createStaffUser } from '@web/test/e2e/staff';
import { useE2E } from '@web/test/e2e/use-e2e';

// The API description's page (Swagger UI) under the app's own Content-Security-Policy.

const { baseUrl, api, open } = useE2E();

describe('API docs page', () => {
  it('sends a signed-out browser to the sign-in page', async () => {
    const { page } = await open();
    await page.goto('/api/docs');
    await page.waitForURL(`${baseUrl}/auth`);
  });

  it('lists the operations for signed-in staff, past the service worker and without a CSP refusal', async () => {
    const user = await createStaffUser(api, 'technician', 'docs');
    const { context, page } = await open(TABLET_LANDSCAPE, { touch: false });
    await addSession(context, baseUrl, user.cookie);
    await page.goto('/');
    await page.locator('main#main').waitFor();
    // With the app's worker in control, /api/docs still comes from the server, not the app shell.
    await reloadUnderWorker(page, baseUrl);
    const response = await page.goto('/api/docs');
    expect(response?.fromServiceWorker()).toBe(false);
    // Swagger UI builds the whole description in the browser (~1.5 MB of script, every operation):
    // on a loaded machine that alone has taken more than 10 s (the default wait is E2E_WAIT_MS).
    await page.locator('.opblock-summary-path[data-path="/api/customers/{id}"]').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(45);
    expect(await page.title()).toBe('Baywise API');
    expect(cspViolations).toEqual([]);
  });
});
