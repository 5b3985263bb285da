import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SMALL_PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT, overflowsHorizontally } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import {
  addSession,
  createStaffUser,
  loginCookie,
  toastTitled,
  uniqueName,
  useFreshServer,
  type StaffUser,
} from '@web/test/e2e/staff';
import { registerAdmin, StaffApi } from '@web/test/e2e/staff-api';
import { expectAccessible, useE2E } from '@web/test/e2e/use-e2e';

// Its own server, so the role counts are exactly the users made here (other files add users too).
const fresh = useFreshServer();
const { open } = useE2E();

let admin: StaffApi;
let adminId: string;
let technician: StaffUser;
beforeAll(async () => {
  admin = new StaffApi(fresh.baseUrl(), await registerAdmin(fresh.baseUrl(), fresh.setupCode()));
  adminId = (await admin.call<{ id: string }>('GET', '/api/user')).id;
  technician = await createStaffUser(admin, 'technician', 'usertech');
  await createStaffUser(admin, 'technician', 'usertech');
  await createStaffUser(admin, 'service_advisor', 'useradvisor');
});

async function openUsers(viewport: { width: number; height: number } = TABLET_LANDSCAPE): Promise<Page> {
  const { context, page } = await open(viewport, { url: fresh.baseUrl() });
  await addSession(context, fresh.baseUrl(), admin.cookie);
  await page.goto('/?section=users');
  await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();
  await page.getByTestId('user-card').first().waitFor();
  return page;
}

const card = (page: Page, username: string) =>
  page.getByTestId('user-card').filter({ has: page.getByRole('heading', { name: username, exact: true }) });

/** A toast without a description (the success ones). */
const toastShown = (page: Page, title: string) =>
  page.locator('li[data-variant] [data-toast-title]').getByText(title, { exact: true }).last().waitFor();

const count = (page: Page, key: string) => page.getByTestId(`count-${key}`).locator('dd').textContent();

describe('users section', () => {
  it('shows a card per user with role counts, and the own delete button disabled', async () => {
    const page = await openUsers();
    await expect.poll(() => count(page, 'total')).toBe('4');
    expect(await count(page, 'admin')).toBe('1');
    expect(await count(page, 'technician')).toBe('2');
    expect(await count(page, 'service_advisor')).toBe('1');
    expect(await page.getByTestId('role-counts').innerText()).toMatch(
      /Administrators\s+1\s+Technicians\s+2\s+Service Advisors\s+1/,
    );

    const tech = card(page, technician.username);
    expect(await tech.getByTestId('user-initial').textContent()).toBe('U');
    const text = (await tech.innerText()).replace(/\s+/g, ' ');
    for (const part of [technician.email, 'Technician', 'Active', 'View Details']) expect(text).toContain(part);
    expect(await card(page, 'bayside_owner').innerText()).toContain('Administrator');
    await expectAccessible(page);
    await screenshot(page, 'users-cards');

    // The admin's own delete button is disabled; pressing it explains why.
    const own = card(page, 'bayside_owner').getByRole('button', { name: 'Delete bayside_owner' });
    expect(await own.isDisabled()).toBe(true);
    expect(await tech.getByRole('button', { name: `Delete ${technician.username}` }).isDisabled()).toBe(false);
    await own.click({ force: true });
    expect(await toastTitled(page, 'Cannot delete')).toEqual({
      description: 'You cannot delete your own account',
      variant: 'destructive',
    });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await own.focus();
    await page.keyboard.press('Enter');
    expect((await toastTitled(page, 'Cannot delete')).description).toBe('You cannot delete your own account');

    await tech.getByRole('link', { name: 'View Details' }).click();
    await page.getByRole('heading', { name: technician.username, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/users/${technician.id}`);
    expect(adminId).not.toBe(technician.id);
  });

  it('creates a user (with the confirm messages), edits one with a blank password and deletes one (portrait)', async () => {
    const page = await openUsers(TABLET_PORTRAIT);
    const username = uniqueName('newhire');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Create User' }).click();
    for (const message of [
      'Username is required',
      'Please enter a valid email',
      'Password must be at least 8 characters',
    ]) {
      await dialog.getByText(message, { exact: true }).first().waitFor();
    }
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(`${username}@bayside-auto.test`);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Service Advisor', exact: true }).click();
    await dialog.getByLabel('Password', { exact: true }).fill('first-password');
    await dialog.getByLabel('Confirm Password').fill('first');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Password must be at least 8 characters', { exact: true }).waitFor();
    await dialog.getByLabel('Confirm Password').fill('first-passw0rd');
    await dialog.getByText("Passwords don't match", { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'users-add-dialog');
    await dialog.getByLabel('Confirm Password').fill('first-password');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await toastShown(page, 'User created');
    await card(page, username).waitFor();
    expect(await card(page, username).innerText()).toContain('Service Advisor');
    await expect.poll(() => count(page, 'service_advisor')).toBe('2');

    // A taken username: the server refuses, the toast does not repeat its message.
    await page.getByRole('button', { name: 'Add User' }).click();
    const again = page.getByRole('dialog', { name: 'Add User' });
    await again.getByLabel('Username').fill(username);
    await again.getByLabel('Email').fill(`other-${username}@bayside-auto.test`);
    await again.getByLabel('Password', { exact: true }).fill('another-password');
    await again.getByLabel('Confirm Password').fill('another-password');
    await again.getByRole('button', { name: 'Create User' }).click();
    expect(await toastTitled(page, 'Error')).toEqual({ description: 'Failed to create user', variant: 'destructive' });
    await again.getByRole('button', { name: 'Cancel' }).click();

    // Edit with a blank password: the old one still signs in.
    await card(page, username)
      .getByRole('button', { name: `Edit ${username}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    expect(await edit.getByLabel('Username').inputValue()).toBe(username);
    expect(await edit.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await edit.getByLabel('Email').fill(`${username}@new-mail.test`);
    await edit.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Technician', exact: true }).click();
    await edit.getByRole('button', { name: 'Update User' }).click();
    await toastShown(page, 'User updated');
    await card(page, username).getByText(`${username}@new-mail.test`).waitFor();
    expect(await card(page, username).innerText()).toContain('Technician');
    await expect.poll(() => count(page, 'technician')).toBe('3');
    await expect(loginCookie(fresh.baseUrl(), username, 'first-password')).resolves.toMatch(/=/);

    // A new password needs its confirmation.
    await card(page, username)
      .getByRole('button', { name: `Edit ${username}` })
      .click();
    await edit.getByLabel('Password', { exact: true }).fill('second-password');
    await edit.getByRole('button', { name: 'Update User' }).click();
    await edit.getByText('Password must be at least 8 characters', { exact: true }).waitFor();
    await edit.getByLabel('Confirm Password').fill('second-password');
    await edit.getByRole('button', { name: 'Update User' }).click();
    await edit.waitFor({ state: 'detached' });
    await toastShown(page, 'User updated');
    await expect(loginCookie(fresh.baseUrl(), username, 'second-password')).resolves.toMatch(/=/);

    await card(page, username)
      .getByRole('button', { name: `Delete ${username}` })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this user?').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'users-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastShown(page, 'User deleted');
    await card(page, username).waitFor({ state: 'detached' });
    await expect(loginCookie(fresh.baseUrl(), username, 'second-password')).rejects.toThrow(/401/);
    await screenshot(page, 'users-after-delete');
  });

  it('shows the failure toasts of edit and delete', async () => {
    const page = await openUsers();
    await page.route('**/api/users/*', (route) =>
      ['PUT', 'DELETE'].includes(route.request().method())
        ? route.fulfill({ status: 500, body: 'boom' })
        : route.continue(),
    );
    const tech = card(page, technician.username);
    await tech.getByRole('button', { name: `Edit ${technician.username}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByLabel('Email').fill(`changed-${technician.email}`);
    await edit.getByRole('button', { name: 'Update User' }).click();
    expect(await toastTitled(page, 'Error')).toEqual({ description: 'Failed to update user', variant: 'destructive' });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await tech.getByRole('button', { name: `Delete ${technician.username}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Failed to delete user', { exact: true }).waitFor();
    await tech.waitFor();
  });

  it('is usable 360 px wide', async () => {
    const page = await openUsers(SMALL_PHONE);
    expect(await overflowsHorizontally(page)).toBe(false);
    await expectAccessible(page);
    await screenshot(page, 'users-360');
  });
});
