import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { overflowsHorizontally, SMALL_PHONE, TABLET_LANDSCAPE, TABLET_PORTRAIT } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { addSession, createStaffUser, toastTitled, type StaffUser } from '@web/test/e2e/staff';
import { expectAccessible, useE2E } from '@web/test/e2e/use-e2e';

const PLACEHOLDERS = ['[Customer Name]', '[Vehicle]', '[Date]', '[Time]', '[Inspection Link]', '[Invoice Link]'];

describe('email templates', () => {
  const { baseUrl, api, open } = useE2E();
  const tag = `Et${Date.now().toString(36)}`;
  const longBody = `Hi [Customer Name], your [Vehicle] is ready. ${'We checked every point of the inspection. '.repeat(6)}See [Inspection Link].`;
  let tech: StaffUser;

  beforeAll(async () => {
    tech = await createStaffUser(api, 'technician', 'tpl_tech');
    await api.call('POST', '/api/email-templates', {
      name: `${tag} Ready for pickup`,
      description: 'When the car is done',
      subject: 'Your [Vehicle] is ready',
      body: longBody,
    });
  });

  async function openTemplates(
    cookie: string,
    viewport: { width: number; height: number } = TABLET_LANDSCAPE,
    clipboard = true,
  ) {
    const { context, page } = await open(viewport);
    if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await addSession(context, baseUrl, cookie);
    return { context, page, ready: () => goTo(page) };
  }

  async function goTo(page: Page): Promise<Page> {
    await page.goto('/?section=email-templates');
    await page.getByRole('heading', { name: 'Email Templates', level: 1 }).waitFor();
    await page.getByTestId('template-card').first().waitFor();
    return page;
  }

  const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

  it('lets an admin create, edit and delete a template, with the schema messages', async () => {
    const { page, ready } = await openTemplates(api.cookie);
    await ready();
    const usage = page.getByRole('region', { name: 'How to use templates' });
    expect(await usage.getByRole('listitem').allTextContents()).toEqual([
      'Press Copy on a template to copy its subject and body.',
      'Paste it into your e-mail.',
      "Replace the placeholders with the customer's details:",
      ...PLACEHOLDERS,
    ]);

    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    for (const message of ['Name is required', 'Subject is required', 'Body is required']) {
      await dialog.getByText(message, { exact: true }).waitFor();
    }
    await expectAccessible(page);
    const name = `${tag} Estimate follow-up`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('After an estimate');
    await dialog.getByLabel('Subject').fill('Your estimate for [Vehicle]');
    await dialog.getByLabel('Body').fill('Hello [Customer Name],\nhere is your estimate: [Invoice Link]');
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Draft', exact: true }).click();
    await screenshot(page, 'email-templates-create');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await plainToast(page, 'Template created');

    const created = card(page, name);
    await created.waitFor();
    expect(await created.getByRole('heading', { level: 2 }).textContent()).toBe(name);
    await created.getByText('After an estimate', { exact: true }).waitFor();
    await created.getByText('Draft', { exact: true }).waitFor();
    expect(await created.getByTestId('template-subject').textContent()).toBe('Subject: Your estimate for [Vehicle]');
    expect(await created.getByTestId('template-preview').textContent()).toBe(
      'Hello [Customer Name],\nhere is your estimate: [Invoice Link]',
    );
    await expectAccessible(page);
    await screenshot(page, 'email-templates-admin');

    await created.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Template' });
    expect(await edit.getByLabel('Subject').inputValue()).toBe('Your estimate for [Vehicle]');
    await edit.getByLabel('Subject').fill('Estimate ready: [Vehicle]');
    await edit.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await edit.getByRole('button', { name: 'Update Template' }).click();
    await plainToast(page, 'Template updated');
    await expect
      .poll(() => created.getByTestId('template-subject').textContent())
      .toBe('Subject: Estimate ready: [Vehicle]');
    await created.getByText('Active', { exact: true }).waitFor();

    await created.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this template?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await plainToast(page, 'Template deleted');
    await created.waitFor({ state: 'detached' });
    const left = await api.call<{ name: string }[]>('GET', '/api/email-templates');
    expect(left.map((t) => t.name)).not.toContain(name);
  });

  it('shows a failed create as Error / Failed to create template', async () => {
    const { page, ready } = await openTemplates(api.cookie);
    await ready();
    await page.route('**/api/email-templates', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'boom' }) : route.continue(),
    );
    await page.getByRole('button', { name: 'Create Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Template' });
    await dialog.getByLabel('Name').fill(`${tag} Never saved`);
    await dialog.getByLabel('Subject').fill('Subject');
    await dialog.getByLabel('Body').fill('Body');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    expect(await toastTitled(page, 'Error')).toEqual({
      description: 'Failed to create template',
      variant: 'destructive',
    });
  });

  it('lets a technician view and copy (no edit buttons); the copied state resets after 2 s', async () => {
    const { page, ready } = await openTemplates(tech.cookie, TABLET_PORTRAIT);
    await ready();
    expect(await page.getByRole('button', { name: 'Create Template' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);

    const ready2 = card(page, `${tag} Ready for pickup`);
    expect(longBody.length).toBeGreaterThan(200);
    expect(await ready2.getByTestId('template-preview').textContent()).toBe(`${longBody.slice(0, 200)}...`);

    const clickedAt = Date.now();
    await ready2.getByRole('button', { name: `Copy ${tag} Ready for pickup` }).click();
    await plainToast(page, 'Template copied');
    const copiedButton = ready2.getByRole('button', { name: `Copied ${tag} Ready for pickup` });
    expect(await copiedButton.innerText()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `Subject: Your [Vehicle] is ready\n\n${longBody}`,
    );
    await expectAccessible(page);
    await screenshot(page, 'email-templates-technician-copied');
    await ready2.getByRole('button', { name: `Copy ${tag} Ready for pickup` }).waitFor({ timeout: 5000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2000);
    expect(await ready2.getByRole('button', { name: `Copy ${tag} Ready for pickup` }).innerText()).toBe('Copy');
  });

  it('shows Copy failed when the clipboard refuses', async () => {
    const { page, context } = await openTemplates(tech.cookie, TABLET_LANDSCAPE, false);
    await refuseClipboard(context);
    await goTo(page);
    await card(page, `${tag} Ready for pickup`)
      .getByRole('button', { name: `Copy ${tag} Ready for pickup` })
      .click();
    expect(await toastTitled(page, 'Copy failed')).toEqual({
      description: 'Failed to copy template to clipboard',
      variant: 'destructive',
    });
    expect(
      await card(page, `${tag} Ready for pickup`)
        .getByRole('button', { name: /^Copied / })
        .count(),
    ).toBe(0);
  });

  it('fits a 360 px wide screen, and says when it is offline', async () => {
    const { page, context, ready } = await openTemplates(tech.cookie, SMALL_PHONE);
    await ready();
    expect(await overflowsHorizontally(page)).toBe(false);
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: "You're offline. Email templates need a connection" }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'email-templates-360');
  });
});

async function refuseClipboard(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
    });
  });
}

/** A success toast that has a title only. */
async function plainToast(page: Page, title: string): Promise<void> {
  const toast = page
    .locator('li[data-variant]')
    .filter({ has: page.locator('[data-toast-title]').getByText(title, { exact: true }) });
  await toast.last().waitFor();
  expect(await toast.last().getAttribute('data-variant')).toBe('default');
}
