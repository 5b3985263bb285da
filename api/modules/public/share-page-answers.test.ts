import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildMissingDocuments } from '@api/modules/inspections/inspection-documents';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createPhoto, createVehicle } from '@api/test/factories';

// Each view of a share page is read and written from the database; a client that asks again with
// the answer's ETag gets a 304.
const t = await useTestApp();
const admin = await t.signIn('admin', { companyName: 'Bay Auto', phone: '555-0100' });
const advisor = await t.signIn('service_advisor');

const technician = await t.signIn('technician', { username: 'wrench_rita' });
const customer = await createCustomer(t.db, { name: 'Dana Whitfield', email: 'dana@mail.test', phone: '555-0142' });
const vehicle = await createVehicle(t.db, customer.id, { make: 'Subaru', model: 'Outback' });
const inspection = await createInspection(
  t.db,
  { customerId: customer.id, vehicleId: vehicle.id, technicianId: technician.user.id, status: 'completed' },
  [
    { description: 'Front brake pads', laborCostCents: 12000, partsCostCents: 4599 },
    { description: 'Cabin filter', laborCostCents: 1500 },
  ],
);
const created = await advisor.inject({
  method: 'POST',
  url: '/api/invoices',
  payload: { inspectionId: inspection.id, status: 'sent', lineItems: [{ description: 'Shop supplies', amount: '7.07' }] },
});
expect(created.statusCode, created.body).toBe(201);
const invoice = created.json() as { id: string; shareToken: string };

const pages = {
  report: { url: `/api/public/inspections/${inspection.shareToken}` },
  receipt: { url: `/api/public/invoices/${invoice.shareToken}` },
};
type Page = keyof typeof pages;

async function open(page: Page) {
  const res = await t.app.inject({ method: 'GET', url: pages[page].url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Each page's last answer and its ETag: a new tag exactly when the answer changed. */
const last: Partial<Record<Page, { body: string; etag: string }>> = {};

/**
 * The page as a customer opens it once its inspection's document is stored (the server stores it in
 * the background after a change), and asked for again with its ETag: a 304 without a body.
 */
async function openAgain(page: Page) {
  await buildMissingDocuments(t.db);
  const res = await t.app.inject({ method: 'GET', url: pages[page].url });
  expect(res.statusCode, res.body).toBe(200);
  const etag = res.headers.etag as string;
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  const before = last[page];
  if (before) expect(etag === before.etag, page).toBe(res.body === before.body);
  last[page] = { body: res.body, etag };
  const again = await t.app.inject({ method: 'GET', url: pages[page].url, headers: { 'if-none-match': etag } });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe('');
  expect(again.headers.etag).toBe(etag);
  return res.json();
}

/** Both pages as the next view after a change shows them, each with a tag of its own. */
async function both() {
  const [report, receipt] = [await open('report'), await open('receipt')];
  expect(await openAgain('report')).toEqual(report);
  expect(await openAgain('receipt')).toEqual(receipt);
  return { report, receipt };
}

describe('share pages asked for again', () => {
  it('sends every change on the next view, with a new ETag, and a 304 for the answer the client holds', async () => {
    const first = await both();
    expect(first.report.customer).toEqual({ name: 'Dana Whitfield' });
    expect(first.receipt.lineItems).toHaveLength(1);

    await t.db.updateTable('customers').set({ name: 'Dana W. Reyes' }).where('id', '=', customer.id).execute();
    let next = await both();
    expect(next.report.customer.name).toBe('Dana W. Reyes');
    expect(next.receipt.customer.name).toBe('Dana W. Reyes');

    await t.db.updateTable('vehicles').set({ model: 'Forester' }).where('id', '=', vehicle.id).execute();
    next = await both();
    expect(next.report.vehicle.model).toBe('Forester');
    expect(next.receipt.vehicle.model).toBe('Forester');

    await t.db
      .updateTable('services')
      .set({ description: 'Wheel alignment' })
      .where('id', '=', inspection.services[1]!.id)
      .execute();
    next = await both();
    expect(next.report.services[1].description).toBe('Wheel alignment');
    expect(next.receipt.inspection.services[1].description).toBe('Wheel alignment');

    const note = await technician.inject({
      method: 'POST',
      url: `/api/inspections/${inspection.id}/notes`,
      payload: { note: 'Rear tires soon' },
    });
    expect(note.statusCode, note.body).toBe(201);
    await t.db.updateTable('users').set({ username: 'rita_m' }).where('id', '=', technician.user.id).execute();
    next = await both();
    expect(next.report.inspectionNotes.map((n: { note: string }) => n.note)).toEqual(['Rear tires soon']);
    expect(next.report.technician).toEqual({ username: 'rita_m' });
    expect(next.receipt.inspection.technician).toEqual({ username: 'rita_m' });

    const item = await advisor.inject({
      method: 'POST',
      url: `/api/invoices/${invoice.id}/line-items`,
      payload: { description: 'Disposal fee', amount: '3.00' },
    });
    expect(item.statusCode, item.body).toBe(201);
    next = await both();
    expect(next.receipt.lineItems.map((line: { description: string }) => line.description)).toEqual([
      'Shop supplies',
      'Disposal fee',
    ]);
    expect(next.receipt.total).not.toBe(first.receipt.total);

    await t.db.updateTable('users').set({ companyName: 'Bay Auto & Tires' }).where('id', '=', admin.user.id).execute();
    next = await both();
    expect(next.report.shop.companyName).toBe('Bay Auto & Tires');
    expect(next.receipt.shop.companyName).toBe('Bay Auto & Tires');

    const settings = await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { approvalSignature: 'always' } });
    expect(settings.statusCode, settings.body).toBe(200);
    next = await both();
    expect(next.report.signatureRequired).toBe(true);
    expect(next.receipt.signatureRequired).toBe(true);
    await admin.inject({ method: 'PUT', url: '/api/shop-settings', payload: { approvalSignature: 'never' } });
    next = await both();
    expect(next.report.signatureRequired).toBe(false);

    const medium = await createPhoto(t.db, inspection.id, { sha256: 'b'.repeat(64), caption: 'Worn pads' });
    next = await both();
    expect(next.report.media).toMatchObject([{ id: medium, caption: 'Worn pads' }]);
    expect(next.receipt.media).toMatchObject([{ id: medium, caption: 'Worn pads' }]);
    // A medium's own change, which moves nothing but its row, is on the next view too.
    await t.db.updateTable('media').set({ caption: 'Pads at 2 mm' }).where('id', '=', medium).execute();
    next = await both();
    expect(next.report.media[0].caption).toBe('Pads at 2 mm');
    expect(next.receipt.media[0].caption).toBe('Pads at 2 mm');

    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${inspection.services[0]!.id}/approve`,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    next = await both();
    expect(next.report.services[0].status).toBe('approved');
    expect(next.receipt.inspection.services[0].status).toBe('approved');
    expect(next.report.estimate.total).not.toBe(first.report.estimate.total);
  }, 60_000);

  it('answers 404 once a page is gone: its invoice deleted, its inspection deleted', async () => {
    const other = await createInspection(t.db, { status: 'completed' }, [{ description: 'Wipers', laborCostCents: 900 }]);
    const res = await advisor.inject({ method: 'POST', url: '/api/invoices', payload: { inspectionId: other.id, lineItems: [] } });
    expect(res.statusCode, res.body).toBe(201);
    const bill = res.json() as { id: string; shareToken: string };
    await buildMissingDocuments(t.db);
    const urls = { report: `/api/public/inspections/${other.shareToken}`, receipt: `/api/public/invoices/${bill.shareToken}` };
    for (const url of Object.values(urls)) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const etag = (await t.app.inject({ method: 'GET', url: urls.receipt })).headers.etag as string;
    expect((await advisor.inject({ method: 'DELETE', url: `/api/invoices/${bill.id}` })).statusCode).toBe(204);
    // The tag the client holds does not bring back a page that is gone.
    const gone = await t.app.inject({ method: 'GET', url: urls.receipt, headers: { 'if-none-match': etag } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().shop.phone).toBe('555-0100');
    await t.db.deleteFrom('inspections').where('id', '=', other.id).execute();
    expect((await t.app.inject({ method: 'GET', url: urls.report })).statusCode).toBe(404);
  });

  it('shows a receipt without a vehicle, and the vehicle once it has one', async () => {
    const res = await advisor.inject({ method: 'POST', url: '/api/invoices', payload: { inspectionId: inspection.id, lineItems: [] } });
    expect(res.statusCode, res.body).toBe(201);
    const { shareToken } = res.json() as { shareToken: string };
    await t.db.updateTable('invoices').set({ vehicleId: null }).where('shareToken', '=', shareToken).execute();
    await buildMissingDocuments(t.db);
    const url = `/api/public/invoices/${shareToken}`;
    expect((await t.app.inject({ method: 'GET', url })).json().vehicle).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).json().vehicle).toBeNull();
    await t.db.updateTable('invoices').set({ vehicleId: vehicle.id }).where('shareToken', '=', shareToken).execute();
    expect((await t.app.inject({ method: 'GET', url })).json().vehicle.model).toBe('Forester');
  });

  it('sends a page compressed to a browser that asks, with its JSON type and the same ETag', async () => {
    await buildMissingDocuments(t.db);
    const plain = await t.app.inject({ method: 'GET', url: pages.receipt.url });
    const res = await t.app.inject({ method: 'GET', url: pages.receipt.url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-length']).toBe(String(plain.rawPayload.length));
    expect(res.headers.etag).toBe(plain.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: pages.receipt.url,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': `"x", ${plain.headers.etag as string}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it("shows a receipt whose customer is not its inspection's, and that customer's changes", async () => {
    const payer = await createCustomer(t.db, { name: 'Fleet Co', email: 'fleet@mail.test', phone: '555-0300' });
    const res = await advisor.inject({ method: 'POST', url: '/api/invoices', payload: { inspectionId: inspection.id, lineItems: [] } });
    expect(res.statusCode, res.body).toBe(201);
    const { shareToken } = res.json() as { shareToken: string };
    await t.db.updateTable('invoices').set({ customerId: payer.id }).where('shareToken', '=', shareToken).execute();
    await buildMissingDocuments(t.db);
    const url = `/api/public/invoices/${shareToken}`;
    expect((await t.app.inject({ method: 'GET', url })).json().customer.name).toBe('Fleet Co');

    await t.db.updateTable('customers').set({ name: 'Fleet Co West' }).where('id', '=', payer.id).execute();
    expect((await t.app.inject({ method: 'GET', url })).json().customer.name).toBe('Fleet Co West');
  });
});
