import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, TABLET_LANDSCAPE } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { addSession, toastTitled, uniqueName } from '@web/test/e2e/staff';
import { expectAccessible, textOf, useE2E } from '@web/test/e2e/use-e2e';

// How people get an account once the shop has its admin: the closed Sign Up tab, invite links, and
// the "Open sign-up" switch with approval, as the admin and the newcomer see them.
const { baseUrl, api, open } = useE2E();
const PASSWORD = 'a-long-password';

/**
 * The Users section once its list is in: the invite and sign-up panels sit below the list, and move
 * down when it replaces its spinner (an open role menu would then hang below the screen).
 */
async function openUsers(page: Page): Promise<void> {
  await page.goto('/?section=users');
  await page.getByRole('list', { name: 'Users' }).waitFor();
}

describe('closed sign-up', () => {
  it('the Sign Up tab says how to get an account instead of a form that cannot work', async () => {
    const { page } = await open(TABLET_LANDSCAPE);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByRole('heading', { name: 'How to get an account' }).waitFor();
    const panel = page.getByRole('tabpanel');
    expect(await panel.getByText("Staff accounts are made by your shop's administrator.").isVisible()).toBe(true);
    expect(
      await panel
        .getByText('Ask your administrator to add you on the Users screen, or to send you an invite link.', {
          exact: false,
        })
        .isVisible(),
    ).toBe(true);
    expect(await panel.getByRole('link', { name: 'owner@bayside-auto.test' }).getAttribute('href')).toBe(
      'mailto:owner@bayside-auto.test',
    );
    expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'auth-sign-up-closed');
  });
});

describe('invite links', () => {
  it('an admin makes a link for a role; the invitee picks a username and password and is in', async () => {
    const admin = await open(DESKTOP, { touch: false });
    await addSession(admin.context, baseUrl, api.cookie);
    await openUsers(admin.page);
    const access = admin.page.getByRole('region', { name: 'Invite your team' });
    await access.waitFor();
    await access.getByLabel('Role for the invite').click();
    await admin.page.getByRole('option', { name: 'Service Advisor' }).click();
    await access.getByRole('button', { name: 'Create Invite Link' }).click();
    const linkField = access.getByLabel('New Service Advisor invite, shown only now: copy it and send it.');
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/invite/[A-Za-z0-9_-]{32}$`));
    const openLinks = access.getByRole('list', { name: 'Open invite links' });
    await expect.poll(() => openLinks.getByText('Service Advisor invite').count()).toBeGreaterThan(0);
    await screenshot(admin.page, 'users-invite-created');

    const { page } = await open(PHONE);
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { name: 'Join Bayside Auto Care' }).waitFor();
    expect(await textOf(page, 'h2 + p')).toMatch(
      /^You're invited as a Service Advisor\. Choose your username and password; the link works until .+\.$/,
    );
    await expectAccessible(page);
    await screenshot(page, 'invite-page');
    const username = uniqueName('invited');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@bayside-auto.test`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill('not the same');
    await page.getByRole('button', { name: 'Create Account' }).click();
    expect(await textOf(page, '#invite-confirmPassword-error')).toBe("Passwords don't match");
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const welcome = await toastTitled(page, 'Account created!');
    expect(welcome.description).toBe(`Welcome to Baywise, ${username}`);
    await page.getByRole('heading', { name: `Welcome back, ${username}` }).waitFor();

    // Used up: the same link now says so.
    const again = await open(PHONE);
    await again.page.goto(new URL(link).pathname);
    await again.page.getByRole('heading', { name: 'This invite cannot be used' }).waitFor();
    expect(await textOf(again.page, '[role="alert"]')).toBe(
      'This invite link has already been used. Ask your administrator for a new one.',
    );
    await again.page.getByRole('link', { name: 'Go to Sign In' }).waitFor();
  });

  it('a withdrawn link stops working', async () => {
    const { token, id } = await api.call<{ token: string; id: string }>('POST', '/api/invites', { role: 'technician' });
    const admin = await open(TABLET_LANDSCAPE);
    await addSession(admin.context, baseUrl, api.cookie);
    await openUsers(admin.page);
    const openLinks = admin.page.getByRole('list', { name: 'Open invite links' });
    await openLinks.waitFor();
    const before = await openLinks.getByRole('listitem').count();
    const created = await api.call<{ createdAt: string }[]>('GET', '/api/invites');
    expect(created.length).toBe(before);
    await api.call('DELETE', `/api/invites/${id}`);
    await admin.page.reload();
    await expect
      .poll(() =>
        admin.page
          .getByRole('list', { name: 'Open invite links' })
          .getByRole('listitem')
          .count()
          .catch(() => 0),
      )
      .toBe(before - 1);

    const { page } = await open(PHONE);
    await page.goto(`/invite/${token}`);
    await page.getByRole('heading', { name: 'This invite cannot be used' }).waitFor();
    expect(await textOf(page, '[role="alert"]')).toBe(
      'This invite link was withdrawn. Ask your administrator for a new one.',
    );
  });
});

describe('open sign-up', () => {
  it('the admin opens sign-up, approves the account that waits, and closes it again', async () => {
    const admin = await open(DESKTOP, { touch: false });
    await addSession(admin.context, baseUrl, api.cookie);
    await openUsers(admin.page);
    const toggle = admin.page.getByRole('switch', { name: /Open sign-up/ });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    expect((await toastTitled(admin.page, 'Sign-up opened')).description).toBe('New accounts wait for your approval');

    const { page } = await open(TABLET_LANDSCAPE);
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page
      .getByText("Join your shop's team. An administrator reviews each request; you can sign in once it is approved.")
      .waitFor();
    const username = uniqueName('walkin');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@mail.example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('heading', { name: 'Request sent' }).waitFor();

    await admin.page.reload();
    const waiting = admin.page.getByRole('region', { name: /Waiting for approval/ });
    await waiting.waitFor();
    await screenshot(admin.page, 'users-waiting-for-approval');
    await waiting.getByRole('button', { name: `Approve ${username}` }).click();
    expect((await toastTitled(admin.page, 'User approved')).description).toBe(`${username} can now sign in`);

    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: `Welcome back, ${username}` }).waitFor();

    await admin.page.getByRole('switch', { name: /Open sign-up/ }).click();
    await toastTitled(admin.page, 'Sign-up closed');
    expect((await api.call<{ openSignUp: boolean }>('GET', '/api/shop-settings')).openSignUp).toBe(false);
  });
});
