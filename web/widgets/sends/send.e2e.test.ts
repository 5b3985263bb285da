import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '@test/smtp-server';
import { waitForFirstPull } from '@web/test/e2e/offline';
import { screenshot } from '@web/test/e2e/screenshot';
import { registerAdmin, StaffApi } from '@web/test/e2e/staff-api';
import { waitInDialog } from '@web/test/e2e/screen-checks';
import { addSession, searchList, toastTitled, useFreshServer } from '@web/test/e2e/staff';
import { expectAccessible, useE2E } from '@web/test/e2e/use-e2e';

const LANDSCAPE = { width: 1024, height: 768 };
const TEMPLATE = {
  name: 'Report ready',
  subject: 'Your [Vehicle] report',
  body: 'Hi [Customer Name],\n\nYour report from [Date] is here: [Inspection Link]\n',
  status: 'active',
};

interface Seeded {
  customerId: string;
  inspectionId: string;
  shareToken: string;
}

async function seed(api: StaffApi, name: string, customer: Record<string, unknown> = {}): Promise<Seeded> {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '.');
  const made = await api.call<{ id: string }>('POST', '/api/customers', {
    name,
    email: `${slug}@mail.test`,
    phone: '555-0142',
    ...customer,
  });
  const car = await api.call<{ id: string }>('POST', '/api/vehicles', {
    customerId: made.id,
    year: 2019,
    make: 'Mazda',
    model: 'CX-5',
  });
  const inspection = await api.call<{ id: string; shareToken: string }>('POST', '/api/inspections', {
    customerId: made.id,
    vehicleId: car.id,
    status: 'completed',
    services: [{ description: 'Brake pads', laborCost: '120.00', status: 'recommended' }],
  });
  return { customerId: made.id, inspectionId: inspection.id, shareToken: inspection.shareToken };
}

/** The customer's card, its inspections, the Edit Inspection dialog, then Send to customer. */
async function openSendDialog(page: Page, name: string) {
  await page.goto('/?section=customers');
  await searchList(page, name);
  const card = page.getByTestId('customer-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await card.getByRole('button', { name: /^Inspections/ }).click();
  await card
    .getByTestId('inspection-row')
    .first()
    .getByRole('button', { name: /^Edit inspection/ })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Inspection' });
  await waitInDialog(page, 'Edit Inspection', edit.getByTestId('inspection-form'));
  await edit.getByRole('button', { name: 'Send to customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to customer' });
  await dialog.getByTestId('send-dialog').waitFor();
  return { edit, dialog };
}

describe('sending the report by email through the shop’s SMTP server', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp?.close());
  const server = useFreshServer(() => ({ SMTP_URL: smtp.url, SMTP_FROM: 'Bayside Auto <service@bayside-auto.test>' }));
  const { open } = useE2E();

  it('fills the template for the customer, sends it, shows Sent and Viewed, and sends a queued offline email once', async () => {
    const baseUrl = server.baseUrl();
    const cookie = await registerAdmin(baseUrl, server.setupCode());
    const api = new StaffApi(baseUrl, cookie);
    await api.call('POST', '/api/email-templates', TEMPLATE);
    const seeded = await seed(api, 'Rosa Diaz');
    const { context, page } = await open(LANDSCAPE, { url: baseUrl, touch: false });
    await addSession(context, baseUrl, cookie);

    const { edit, dialog } = await openSendDialog(page, 'Rosa Diaz');
    const link = `${baseUrl}/mpi/${seeded.shareToken}`;
    // The address on the customer's record, not a field: sending elsewhere starts with editing the customer.
    const recipient = dialog.getByTestId('send-recipient');
    expect(await recipient.innerText()).toBe(
      'To: rosa.diaz@mail.test\n\nThe email on Rosa Diaz’s record. To send it elsewhere, edit the customer’s email first (Customers, then Edit); the change is saved like any other edit.',
    );
    expect(await dialog.getByRole('textbox', { name: /^(To|Phone)$/ }).count()).toBe(0);
    expect(await dialog.getByLabel('Subject', { exact: true }).inputValue()).toBe('Your 2019 Mazda CX-5 report');
    const body = await dialog.getByLabel('Message', { exact: true }).inputValue();
    expect(body).toMatch(
      new RegExp(
        `^Hi Rosa Diaz,\\n\\nYour report from \\w+ \\d+, \\d{4} is here: ${link.replace(/[.?]/g, '\\$&')}\\n$`,
      ),
    );
    // Texting needs consent this customer never gave.
    const text = dialog.getByRole('radio', { name: 'Text (No consent to texts recorded)' });
    expect(await text.isDisabled()).toBe(true);
    await dialog.getByLabel('Message', { exact: true }).fill(`${body}See you soon.`);
    await expectAccessible(page);
    await screenshot(page, 'send-dialog');
    await dialog.getByRole('button', { name: 'Send email' }).click();
    expect(await toastTitled(page, 'Email sent')).toMatchObject({ description: 'To rosa.diaz@mail.test' });

    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Your 2019 Mazda CX-5 report');
    // Email text always ends its last line; the words are the advisor's, as edited.
    expect(mail!.text).toBe(`${body}See you soon.\n`);
    expect(mail!.from?.text).toBe('"Bayside Auto" <service@bayside-auto.test>');
    const activity = edit.getByTestId('share-activity');
    await expect.poll(() => activity.textContent()).toMatch(/^Sent \d{1,2}:\d\d [AP]M$/);

    // The customer opens the link on their phone: the line says Viewed.
    const phone = await open(undefined, { url: baseUrl });
    await phone.page.goto(`/mpi/${seeded.shareToken}`);
    await phone.page.getByText('Brake pads').first().waitFor();
    await page.reload();
    const again = await openSendDialog(page, 'Rosa Diaz');
    await again.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() => again.edit.getByTestId('share-activity').textContent())
      .toMatch(/^Sent \d{1,2}:\d\d [AP]M· Viewed \d{1,2}:\d\d [AP]M$/);

    // Offline: the email waits in the outbox and goes, once, when the connection returns.
    await waitForFirstPull(page);
    const reopened = await openSendDialog(page, 'Rosa Diaz');
    await reopened.dialog.getByLabel('Subject', { exact: true }).fill('Sent when back online');
    await context.setOffline(true);
    await reopened.dialog.getByRole('button', { name: 'Send email' }).click();
    expect(await toastTitled(page, 'Email queued')).toMatchObject({
      description: 'It is sent when the connection returns.',
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages).toHaveLength(1);
    await context.setOffline(false);
    await smtp.waitFor(2, 20_000);
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Your 2019 Mazda CX-5 report', 'Sent when back online']);
    const activityAfter = await api.call<{ sends: { channel: string; status: string }[] }>(
      'GET',
      `/api/inspections/${seeded.inspectionId}/sends`,
    );
    expect(activityAfter.sends.map((s) => [s.channel, s.status])).toEqual([
      ['email', 'sent'],
      ['email', 'sent'],
    ]);
    // Another sync pass must not send it again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages).toHaveLength(2);
  });
});

describe('sending without SMTP: the device’s mail app and share sheet', () => {
  const { baseUrl, api, open } = useE2E();
  const tag = `Sd${Date.now().toString(36)}`;
  const sends = async (inspectionId: string) =>
    (
      await api.call<{ sends: { channel: string; recipient: string | null; status: string }[] }>(
        'GET',
        `/api/inspections/${inspectionId}/sends`,
      )
    ).sends;

  it('opens the mail app with the subject and text, and records the send', async () => {
    const name = `${tag} Mail Person`;
    const seeded = await seed(api, name);
    const { context, page } = await open(LANDSCAPE, { touch: false });
    await addSession(context, baseUrl, api.cookie);
    const { dialog } = await openSendDialog(page, name);
    expect(
      await dialog
        .getByText('Email is not set up on the server: this opens your mail app with the message.')
        .isVisible(),
    ).toBe(true);
    const subject = await dialog.getByLabel('Subject', { exact: true }).inputValue();
    const body = await dialog.getByLabel('Message', { exact: true }).inputValue();
    const mailApp = dialog.getByRole('link', { name: 'Open mail app' });
    const href = (await mailApp.getAttribute('href')) ?? '';
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe(`${tag.toLowerCase()}.mail.person@mail.test`);
    expect(url.searchParams.get('subject')).toBe(subject);
    expect(url.searchParams.get('body')).toBe(body);
    expect(body).toContain(`${baseUrl}/mpi/${seeded.shareToken}`);
    // The browser has no mail app: keep the page where it is and let the app record the send.
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (e) => (e.target as Element).closest('a[href^="mailto:"]') && e.preventDefault(),
        true,
      ),
    );
    await mailApp.click();
    expect(await toastTitled(page, 'Send recorded')).toMatchObject({ description: 'It shows on the inspection.' });
    await expect
      .poll(() => sends(seeded.inspectionId))
      .toEqual(
        [{ channel: 'mail_app', recipient: `${tag.toLowerCase()}.mail.person@mail.test`, status: 'opened' }].map((s) =>
          expect.objectContaining(s),
        ),
      );
  });

  it('texts a customer who consented through the share sheet, and falls back to an sms: link without one', async () => {
    const name = `${tag} Text Person`;
    const seeded = await seed(api, name, { textConsentAt: '2026-11-20', textConsentSource: 'signed_form' });
    const { context, page } = await open();
    await context.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { sharedData: shared });
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => void shared.push(data),
      });
    });
    await addSession(context, baseUrl, api.cookie);
    const { dialog } = await openSendDialog(page, name);
    await dialog.getByRole('radio', { name: 'Text', exact: true }).check();
    expect(await dialog.getByTestId('send-recipient').innerText()).toMatch(
      /^To: 555-0142\n\nThe phone on .+’s record\./,
    );
    const body = await dialog.getByLabel('Message', { exact: true }).inputValue();
    await dialog.getByRole('button', { name: 'Share…' }).click();
    await toastTitled(page, 'Send recorded');
    const shared = await page.evaluate(
      () => (window as unknown as { sharedData: { title: string; text: string }[] }).sharedData,
    );
    expect(shared).toHaveLength(1);
    expect(shared[0]!.text).toBe(body);
    expect(body).toContain(`${baseUrl}/mpi/${seeded.shareToken}`);
    await expect
      .poll(() => sends(seeded.inspectionId))
      .toEqual([expect.objectContaining({ channel: 'share_sheet', recipient: '555-0142', status: 'opened' })]);

    // A browser without the share sheet offers the messages app with the same text.
    const plain = await open();
    await addSession(plain.context, baseUrl, api.cookie);
    const second = await openSendDialog(plain.page, name);
    await second.dialog.getByRole('radio', { name: 'Text', exact: true }).check();
    const sms = await second.dialog.getByRole('link', { name: 'Open messages' }).getAttribute('href');
    expect(sms).toBe(`sms:5550142?&body=${encodeURIComponent(body)}`);
  });

  it('flags a report sent over the alert time ago and never opened on the dashboard, until the customer opens it', async () => {
    const name = `${tag} Quiet Customer`;
    const seeded = await seed(api, name);
    const handedOver = new Date(Date.now() - 45 * 60_000).toISOString();
    await api.call('POST', `/api/inspections/${seeded.inspectionId}/sends`, {
      id: crypto.randomUUID(),
      channel: 'copy_link',
      sentAt: handedOver,
    });
    const { context, page } = await open(LANDSCAPE, { touch: false });
    await addSession(context, baseUrl, api.cookie);
    await page.goto('/');
    const flag = page.getByTestId('unviewed-sends');
    const row = flag.getByTestId('unviewed-send').filter({ hasText: name });
    // The time alone when it was sent today; in the first 45 minutes of a day it was sent yesterday,
    // and the date comes first ("Nov 27, 11:22 PM").
    const sentToday = new Date(handedOver).toDateString() === new Date().toDateString();
    const sentAt = `${sentToday ? '' : '[A-Z][a-z]{2} \\d{1,2}, '}\\d{1,2}:\\d\\d [AP]M`;
    expect(await row.textContent()).toMatch(new RegExp(`^${name} · 2019 Mazda CX-5 · Inspection sent ${sentAt}Open$`));
    expect(await flag.getByText(/^Sent over \d+ minutes ago and not opened yet/).isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Open' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Inspection' });
    await expect.poll(() => edit.getByTestId('share-activity').textContent()).toMatch(new RegExp(`^Sent ${sentAt}$`));
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // The customer opens the report: the flag goes.
    const res = await fetch(`${baseUrl}/api/public/inspections/${seeded.shareToken}`);
    expect(res.status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: /^Welcome back/ }).waitFor();
    const listed = await api.call<{ items: { id: string }[] }>('GET', '/api/dashboard/unviewed-sends');
    expect(listed.items.map((i) => i.id)).not.toContain(seeded.inspectionId);
    expect(await page.getByTestId('unviewed-send').filter({ hasText: name }).count()).toBe(0);
  });

  it('copies a receipt’s invoice link from its card and shows Sent on the card', async () => {
    const name = `${tag} Receipt Person`;
    const seeded = await seed(api, name);
    const invoice = await api.call<{ id: string; shareToken: string }>('POST', '/api/invoices', {
      inspectionId: seeded.inspectionId,
    });
    const { context, page } = await open(LANDSCAPE, { touch: false });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await addSession(context, baseUrl, api.cookie);
    await page.goto('/?section=invoices');
    await searchList(page, name);
    const card = page.locator(`[data-invoice-id="${invoice.id}"]`);
    await card.getByRole('button', { name: 'Send to customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to customer' });
    await dialog.getByRole('radio', { name: 'Copy link', exact: true }).check();
    const link = `${baseUrl}/invoice/${invoice.shareToken}`;
    expect(await dialog.getByTestId('send-link').textContent()).toBe(link);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    expect(await toastTitled(page, 'Link copied')).toMatchObject({ description: link });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect.poll(() => card.getByTestId('share-activity').textContent()).toMatch(/^Sent \d{1,2}:\d\d [AP]M$/);
    const activity = await api.call<{ sends: { channel: string }[] }>('GET', `/api/invoices/${invoice.id}/sends`);
    expect(activity.sends.map((s) => s.channel)).toEqual(['copy_link']);
  });

  it('records consent to texts on the customer form, after which Text is offered', async () => {
    const name = `${tag} Consent Person`;
    const seeded = await seed(api, name);
    const { context, page } = await open(LANDSCAPE, { touch: false });
    await addSession(context, baseUrl, api.cookie);
    await page.goto('/?section=customers');
    await searchList(page, name);
    const card = page.getByTestId('customer-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Customer' });
    await edit.getByRole('checkbox', { name: 'Consents to texts' }).check();
    await edit.getByLabel('Consent given on').fill('2026-11-21');
    await edit.getByRole('combobox', { name: 'How it was given' }).click();
    await page.getByRole('option', { name: 'Signed form', exact: true }).click();
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Update Customer' }).click();
    await page.locator('[data-toast-title]').getByText('Customer updated', { exact: true }).waitFor();
    await expect
      .poll(async () => {
        const customer = await api.call<{ textConsentAt: string | null; textConsentSource: string | null }>(
          'GET',
          `/api/customers/${seeded.customerId}`,
        );
        return [customer.textConsentAt, customer.textConsentSource];
      })
      .toEqual(['2026-11-21', 'signed_form']);
    await page.reload();
    const { dialog } = await openSendDialog(page, name);
    expect(await dialog.getByRole('radio', { name: 'Text', exact: true }).isDisabled()).toBe(false);
  });
});
