import { describe, expect, it } from 'vitest';
import type { DecisionList } from '@shared/schemas/decision';
import { TABLET_LANDSCAPE } from '@web/test/e2e/browser';
import { screenshot } from '@web/test/e2e/screenshot';
import { expectAccessible, useE2E } from '@web/test/e2e/use-e2e';
import { searchList } from '@web/test/e2e/staff';

const { api, openCustomerCard } = useE2E();
const tag = `Dc${Date.now().toString(36)}`;

const openCard = (name: string) => openCustomerCard(TABLET_LANDSCAPE, name);

describe('decisions recorded by staff', () => {
  it('approves with how it was given, approves a changed service again, and shows the history in the inspection', async () => {
    const name = `Rosa Lind ${tag}`;
    const customer = await api.call<{ id: string }>('POST', '/api/customers', {
      name,
      email: `rosa${tag}@mail.test`,
      phone: '555-0161',
    });
    const vehicle = await api.call<{ id: string }>('POST', '/api/vehicles', {
      customerId: customer.id,
      year: 2019,
      make: 'Honda',
      model: 'Fit',
    });
    const inspection = await api.call<{ id: string; services: { id: string }[] }>('POST', '/api/inspections', {
      customerId: customer.id,
      vehicleId: vehicle.id,
      status: 'completed',
      services: [{ description: 'Cabin air filter', laborCost: '15.00', partsCost: '22.99' }],
    });
    const filterId = inspection.services[0]!.id;

    const { page, card } = await openCard(name);
    await card.getByRole('button', { name: /^Inspections/ }).click();
    const pending = card.getByTestId('pending-approvals');
    await pending.getByRole('combobox', { name: 'How the customer approved Cabin air filter' }).click();
    await page.getByRole('option', { name: 'Phone', exact: true }).click();
    await pending.getByRole('button', { name: 'Approve Cabin air filter' }).click();
    const approvedRow = card
      .getByTestId('approved-services')
      .getByTestId('service-row')
      .filter({ hasText: 'Cabin air filter' });
    await approvedRow.waitFor();

    // The price changes after the approval: the row asks again, with both amounts.
    await expect
      .poll(
        async () =>
          (await api.call<DecisionList>('GET', `/api/inspections/${inspection.id}/decisions`)).decisions.length,
      )
      .toBe(1);
    await api.call('PUT', `/api/services/${filterId}`, { laborCost: '20.00' });
    await page.reload();
    await searchList(page, name);
    await card.getByRole('button', { name: /^Inspections/ }).click();
    const marked = approvedRow.getByTestId('needs-reapproval');
    await marked.waitFor();
    expect((await marked.textContent())?.replace(/\s+/g, ' ')).toBe('Needs re-approval Approved $37.99, now $42.99');
    await expectAccessible(page);
    await screenshot(page, 'staff-needs-reapproval');
    await approvedRow.getByRole('button', { name: 'Approve again Cabin air filter' }).click();
    await marked.waitFor({ state: 'detached' });

    await card
      .getByTestId('inspection-row')
      .first()
      .getByRole('button', { name: /^Edit inspection/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Inspection' });
    const history = dialog.getByTestId('decision-history');
    await history.getByTestId('decision').nth(1).waitFor();
    const entries = (await history.getByTestId('decision').allTextContents()).map((t) => t.replace(/\s+/g, ' '));
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('Approved Cabin air filter · $42.99');
    expect(entries[0]).toContain('bayside_owner for the customer · In person');
    expect(entries[1]).toContain('Approved Cabin air filter · $37.99');
    expect(entries[1]).toContain('bayside_owner for the customer · Phone');
    await screenshot(page, 'staff-decision-history');
  });
});
