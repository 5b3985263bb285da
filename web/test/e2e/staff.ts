import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Role } from '@shared/constants';
import { ADMIN_EMAIL } from './provided';
import { startServer, type RunningServer } from './server';
import { sessionCookieOf, StaffApi } from './staff-api';

export const STAFF_PASSWORD = 'e2e-staff-password';

let counter = 0;
/** A name no other test in the run uses (usernames are unique on the shared server). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}`;
}

/** Signs in over HTTP and returns the session cookie ("name=value"). */
export async function loginCookie(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username} → ${res.status}: ${await res.text()}`);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('login set no session cookie');
  return cookie;
}

export interface StaffUser {
  id: string;
  username: string;
  email: string;
  role: Role;
  password: string;
  cookie: string;
  api: StaffApi;
}

/** A technician or service advisor made by the admin, signed in over HTTP. */
export async function createStaffUser(admin: StaffApi, role: Role, prefix: string = role): Promise<StaffUser> {
  const username = uniqueName(prefix);
  const email = `${username}@bayside-auto.test`;
  const user = await admin.call<{ id: string }>('POST', '/api/users', {
    username,
    email,
    role,
    password: STAFF_PASSWORD,
  });
  const cookie = await loginCookie(admin.baseUrl, username, STAFF_PASSWORD);
  return {
    id: user.id,
    username,
    email,
    role,
    password: STAFF_PASSWORD,
    cookie,
    api: new StaffApi(admin.baseUrl, cookie),
  };
}

/** Puts a session cookie into a browser context: the page opens signed in. */
export async function addSession(context: BrowserContext, baseUrl: string, cookie: string): Promise<void> {
  const [name = '', ...rest] = cookie.split('=');
  await context.addCookies([{ name, value: rest.join('='), url: baseUrl }]);
}

/** Signs in through the /auth page, as a person would, and waits for the dashboard. */
export async function signInThroughUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: `Welcome back, ${username}` }).waitFor();
}

/**
 * A second real server on its own fresh database (nobody registered yet), for the tests that need
 * an empty shop, e.g. signing up the first admin, or other settings (`env`, read when it starts).
 * Uses the build the global setup made.
 */
export function useFreshServer(env: () => Record<string, string> = () => ({})): {
  baseUrl: () => string;
  adminEmail: string;
  /** The code the fresh server wrote to its data folder, for its first admin. */
  setupCode: () => string;
} {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(ADMIN_EMAIL, inject('webDir'), env());
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    baseUrl: () => {
      if (!server) throw new Error('fresh server not started');
      return server.baseUrl;
    },
    adminEmail: ADMIN_EMAIL,
    setupCode: () => {
      if (!server) throw new Error('fresh server not started');
      return server.setupCode();
    },
  };
}

/** Waits for the toast titled `title` and returns its description and variant. */
export async function toastTitled(page: Page, title: string): Promise<{ description: string; variant: string }> {
  const toast = page
    .locator('li[data-variant]')
    .filter({ has: page.locator('[data-toast-title]').getByText(title, { exact: true }) })
    .last();
  // A toast follows a server's answer, which for a sign-in includes its password hash (scrypt): on a
  // loaded machine that has taken more than 10 s (the default wait is E2E_WAIT_MS, wait.ts).
  await toast.waitFor();
  const description = (await toast.locator('[data-toast-description]').textContent()) ?? '';
  return { description, variant: (await toast.getAttribute('data-variant')) ?? '' };
}

/**
 * Types `text` into a list's search box and waits until the list shows that search: until then it
 * is busy (`aria-busy`) and still shows the last one, whose cards move away when the new results
 * come in. It waits for the list itself, not busy, or the empty state: while the first page is still
 * loading there is neither.
 */
export async function searchList(page: Page, text: string): Promise<void> {
  const search = page.getByLabel('Search', { exact: true });
  await search.fill(text);
  await page.waitForFunction(
    ([typed]) => {
      const box = document.querySelector<HTMLInputElement>('main input[type="search"]');
      if (box && box.value !== typed) return false;
      if (document.querySelector('main ul[aria-busy="true"]')) return false;
      return Boolean(document.querySelector('main ul[aria-busy="false"], main [data-testid="empty-state"]'));
    },
    [text],
  );
}
