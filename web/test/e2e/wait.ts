/**
 * How long a page's wait (a locator's `waitFor`, an action, `waitForFunction`) and an `expect.poll`
 * give the page by default in the e2e suite (browser.ts sets the first, vitest.config.ts the second).
 * On a loaded CI machine a server's answer that includes a password hash, Swagger UI drawing the API
 * description, or a fresh device's first pull of the shared test server's feed have each taken more
 * than 10 s. A wait that encodes a limit of its own gives its own timeout.
 */
export const E2E_WAIT_MS = 30_000;
