import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createInspection, type ServiceSeed } from '@api/test/factories';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');

const UNKNOWN_ID = '3f0c7a52-9d1e-4b8a-a6f2-5c4d3e2b1a00';

async function newInvoice(services: ServiceSeed[] = [], payload: Record<string, unknown> = {}) {
  const inspection = await createInspection(t.db, {}, services);
  const res = await advisor.inject({
    method: 'POST',
    url: '/api/invoices',
    payload: { inspectionId: inspection.id, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { inspection, invoice: res.json() };
}

async function addItem(invoiceId: string, payload: Record<string, unknown>) {
  return advisor.inject({ method: 'POST', url: `/api/invoices/${invoiceId}/line-items`, payload });
}

async function totals(invoiceId: string) {
  const res = await advisor.inject({ method: 'GET', url: `/api/invoices/${invoiceId}` });
  const { subtotal, tax, total } = res.json();
  return [subtotal, tax, total];
}

describe('totals: approved services plus line items, 8% tax rounded half up', () => {
  it.each([
    ['0.06', ['0.06', '0.00', '0.06']], // 0.48 cents rounds down
    ['0.07', ['0.07', '0.01', '0.08']], // 0.56 cents rounds up
    ['0.19', ['0.19', '0.02', '0.21']], // 1.52 cents
    ['0.25', ['0.25', '0.02', '0.27']], // exactly 2.00 cents
    ['0.31', ['0.31', '0.02', '0.33']], // 2.48 cents
    ['1.00', ['1.00', '0.08', '1.08']],
    ['6.25', ['6.25', '0.50', '6.75']], // exactly 50 cents
    ['0.00', ['0.00', '0.00', '0.00']],
  ])('a single line item of %s', async (amount, expected) => {
    const { invoice } = await newInvoice([], { lineItems: [{ description: 'Item', amount }] });
    expect([invoice.subtotal, invoice.tax, invoice.total]).toEqual(expected);
  });

  it.each([
    ['0.69', '0.06'], // 5.52 cents rounds up
    ['0.81', '0.06'], // 6.48 cents rounds down
    ['1056.25', '84.50'], // exact
    ['12.43', '0.99'], // 99.44 cents
    ['12.44', '1.00'], // 99.52 cents
  ])('8%% of %s is %s (an exact half cent cannot occur at 8%%)', async (amount, tax) => {
    const { invoice } = await newInvoice([], { lineItems: [{ description: 'Item', amount }] });
    expect(invoice.tax).toBe(tax);
  });

  it('counts approved services only: labor plus part costs, or the service partsCost without parts', async () => {
    const { invoice } = await newInvoice(
      [
        {
          laborCostCents: 8999,
          status: 'approved',
          partsCostCents: 99999,
          parts: [{ partCostCents: 1001 }, { partCostCents: 2002 }],
        },
        { laborCostCents: 5000, partsCostCents: 1234, status: 'approved' },
        { laborCostCents: 70000, partsCostCents: 5000, status: 'recommended' },
        { laborCostCents: 60000, partsCostCents: 5000, status: 'declined' },
      ],
      { lineItems: [{ description: 'Shop supplies', amount: '0.33' }] },
    );
    // 89.99 + 10.01 + 20.02 + 50.00 + 12.34 + 0.33 = 182.69; 8% is 14.6152 → 14.62.
    expect([invoice.subtotal, invoice.tax, invoice.total]).toEqual(['182.69', '14.62', '197.31']);
  });

  it('adds up many awkward line items exactly (no floating-point drift)', async () => {
    const items = Array.from({ length: 150 }, (_, i) => ({ description: `Item ${i + 1}`, amount: '0.10' }));
    items.push({ description: 'Odd', amount: '0.07' }, { description: 'Big', amount: '99999.99' });
    const { invoice } = await newInvoice([{ laborCostCents: 1, status: 'approved' }], { lineItems: items });
    // 150 × 0.10 = 15.00; + 0.07 + 99999.99 + 0.01 = 100015.07; 8% = 8001.2056 → 8001.21.
    expect([invoice.subtotal, invoice.tax, invoice.total]).toEqual(['100015.07', '8001.21', '108016.28']);
    expect(invoice.lineItems).toHaveLength(152);
    expect(invoice.lineItems.slice(0, 3).map((i: { description: string }) => i.description)).toEqual([
      'Item 1',
      'Item 2',
      'Item 3',
    ]);
    expect(invoice.lineItems.at(-1).description).toBe('Big');
  });

  it('refuses totals past what DECIMAL(10,2) holds (99,999,999.99)', async () => {
    const res = await advisor.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: {
        inspectionId: (await createInspection(t.db)).id,
        lineItems: [
          { description: 'A', amount: '50000000.00' },
          { description: 'B', amount: '50000000.00' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'The invoice total is too large' });
    // 90,000,000.00 + 8% = 97,200,000.00 still fits; anything that pushes the total over does not.
    const { invoice } = await newInvoice([], { lineItems: [{ description: 'A', amount: '90000000.00' }] });
    for (const amount of ['99999999.99', '5000000.00']) {
      const add = await addItem(invoice.id, { description: 'Too much', amount });
      expect(add.statusCode, amount).toBe(400);
      expect(add.json().message).toBe('The invoice total is too large');
    }
    expect(await totals(invoice.id)).toEqual(['90000000.00', '7200000.00', '97200000.00']);
    const fits = await addItem(invoice.id, { description: 'Fits', amount: '2000000.00' });
    expect(fits.statusCode).toBe(201);
    expect(await totals(invoice.id)).toEqual(['92000000.00', '7360000.00', '99360000.00']);
  });
});

describe('POST /api/invoices/:id/line-items', () => {
  it('adds an item (201 with the item) and updates the stored totals', async () => {
    const { invoice } = await newInvoice([{ laborCostCents: 10000, status: 'approved' }]);
    expect(await totals(invoice.id)).toEqual(['100.00', '8.00', '108.00']);
    const res = await addItem(invoice.id, { description: '  Cabin filter  ', amount: '45.5' });
    expect(res.statusCode).toBe(201);
    const item = res.json();
    expect(item).toEqual({
      id: expect.any(String),
      invoiceId: invoice.id,
      description: 'Cabin filter',
      amount: '45.50',
      createdAt: expect.any(String),
    });
    expect(await totals(invoice.id)).toEqual(['145.50', '11.64', '157.14']);
    await addItem(invoice.id, { description: 'Disposal', amount: 0.07 });
    expect(await totals(invoice.id)).toEqual(['145.57', '11.65', '157.22']);
    const row = await t.db.selectFrom('invoices').selectAll().where('id', '=', invoice.id).executeTakeFirstOrThrow();
    expect([row.subtotalCents, row.taxCents, row.totalCents]).toEqual([14557, 1165, 15722]);
  });

  it('keeps the entry order, oldest first, even within one millisecond', async () => {
    const { invoice } = await newInvoice([], { lineItems: [{ description: 'First', amount: 1 }] });
    for (const description of ['Second', 'Third', 'Fourth']) {
      expect((await addItem(invoice.id, { description, amount: 1 })).statusCode).toBe(201);
    }
    const res = await advisor.inject({ method: 'GET', url: `/api/invoices/${invoice.id}` });
    expect(res.json().lineItems.map((i: { description: string }) => i.description)).toEqual([
      'First',
      'Second',
      'Third',
      'Fourth',
    ]);
  });

  it('accepts a client id once; a repeat is 409 and changes nothing', async () => {
    const { invoice } = await newInvoice();
    const id = randomUUID();
    expect((await addItem(invoice.id, { id, description: 'Fee', amount: '5' })).json().id).toBe(id);
    const again = await addItem(invoice.id, { id, description: 'Fee', amount: '5' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: 'Line item already exists' });
    expect(await totals(invoice.id)).toEqual(['5.00', '0.40', '5.40']);
  });

  it('needs both description and amount, with a valid amount', async () => {
    const { invoice } = await newInvoice();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {},
        { description: 'Please enter both description and amount', amount: 'Please enter both description and amount' },
      ],
      [{ description: 'Fee' }, { amount: 'Please enter both description and amount' }],
      [{ description: 'Fee', amount: '' }, { amount: 'Please enter both description and amount' }],
      [{ description: '   ', amount: '5' }, { description: 'Please enter both description and amount' }],
      [{ description: 'Fee', amount: null }, { amount: 'Please enter both description and amount' }],
      [{ description: 'Fee', amount: '45.001' }, { amount: 'Please enter a valid amount (e.g., 45.00)' }],
      [{ description: 'Fee', amount: '-5' }, { amount: 'Please enter a valid amount (e.g., 45.00)' }],
      [{ description: 'Fee', amount: '$5' }, { amount: 'Please enter a valid amount (e.g., 45.00)' }],
      [{ description: 'Fee', amount: '1,000' }, { amount: 'Please enter a valid amount (e.g., 45.00)' }],
      [{ description: 'Fee', amount: '.5' }, { amount: 'Please enter a valid amount (e.g., 45.00)' }],
      [{ description: 'Fee', amount: 4.999 }, { amount: 'Please enter a valid amount (e.g., 45.00)' }],
      [{ description: 'Fee', amount: -1 }, { amount: 'Please enter a valid amount (e.g., 45.00)' }],
      [{ description: 'Fee', amount: true }, { amount: 'Please enter a valid amount (e.g., 45.00)' }],
      [{ description: 'Fee', amount: '1e3' }, { amount: 'Please enter a valid amount (e.g., 45.00)' }],
      [{ description: 'x'.repeat(501), amount: '1' }, { description: 'Description must be at most 500 characters' }],
    ];
    for (const [payload, expected] of cases) {
      const res = await addItem(invoice.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const byPath = Object.fromEntries(
        (res.json().issues as { path: string; message: string }[]).map((i) => [i.path, i.message]),
      );
      expect(byPath, JSON.stringify(payload)).toEqual(expected);
    }
    expect(await totals(invoice.id)).toEqual(['0.00', '0.00', '0.00']);
  });

  it('is 404 for an unknown invoice, 400 for a malformed id, 401 signed out', async () => {
    const unknown = await addItem(UNKNOWN_ID, { description: 'Fee', amount: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Invoice not found' });
    expect((await addItem('bad-id', { description: 'Fee', amount: 1 })).statusCode).toBe(400);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: `/api/invoices/${UNKNOWN_ID}/line-items`,
      payload: { description: 'Fee', amount: 1 },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('DELETE /api/invoices/:id/line-items/:itemId', () => {
  it('removes the item (204) and lowers the totals', async () => {
    const { invoice } = await newInvoice([{ laborCostCents: 700, status: 'approved' }], {
      lineItems: [
        { description: 'Keep', amount: '0.06' },
        { description: 'Drop', amount: '0.01' },
      ],
    });
    // 7.00 + 0.06 + 0.01 = 7.07 → tax 0.5656 → 0.57.
    expect([invoice.subtotal, invoice.tax, invoice.total]).toEqual(['7.07', '0.57', '7.64']);
    const drop = invoice.lineItems.find((i: { description: string }) => i.description === 'Drop');
    const res = await advisor.inject({ method: 'DELETE', url: `/api/invoices/${invoice.id}/line-items/${drop.id}` });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    // 7.06 → tax 0.5648 → 0.56.
    expect(await totals(invoice.id)).toEqual(['7.06', '0.56', '7.62']);
    const again = await advisor.inject({ method: 'DELETE', url: `/api/invoices/${invoice.id}/line-items/${drop.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Line item not found');
  });

  it('only reaches items of that invoice', async () => {
    const { invoice: a } = await newInvoice([], { lineItems: [{ description: 'A', amount: 1 }] });
    const { invoice: b } = await newInvoice();
    const res = await advisor.inject({
      method: 'DELETE',
      url: `/api/invoices/${b.id}/line-items/${a.lineItems[0].id}`,
    });
    expect(res.statusCode).toBe(404);
    expect(await totals(a.id)).toEqual(['1.00', '0.08', '1.08']);
  });

  it('is 404 for an unknown invoice, 400 for malformed ids, 401 signed out', async () => {
    const unknown = await advisor.inject({
      method: 'DELETE',
      url: `/api/invoices/${UNKNOWN_ID}/line-items/${UNKNOWN_ID}`,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Invoice not found');
    expect(
      (await advisor.inject({ method: 'DELETE', url: `/api/invoices/${UNKNOWN_ID}/line-items/zzz` })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/invoices/${UNKNOWN_ID}/line-items/${UNKNOWN_ID}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('totals follow service changes', () => {
  it('updates unpaid invoices when a staff approval changes, and keeps paid amounts', async () => {
    const { inspection, invoice } = await newInvoice([{ laborCostCents: 1000, status: 'recommended' }]);
    const paid = await advisor.inject({
      method: 'POST',
      url: '/api/invoices',
      payload: { inspectionId: inspection.id, status: 'paid' },
    });
    expect(invoice.total).toBe('0.00');
    const serviceId = inspection.services[0]!.id;
    const res = await advisor.inject({
      method: 'PUT',
      url: `/api/services/${serviceId}`,
      payload: { status: 'approved' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await totals(invoice.id)).toEqual(['10.00', '0.80', '10.80']);
    expect(await totals(paid.json().id)).toEqual(['0.00', '0.00', '0.00']);
    // Reopening the paid invoice brings its totals up to date.
    await advisor.inject({ method: 'PATCH', url: `/api/invoices/${paid.json().id}`, payload: { status: 'sent' } });
    expect(await totals(paid.json().id)).toEqual(['10.00', '0.80', '10.80']);
  });
});
