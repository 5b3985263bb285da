import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SyncChangesResponse } from '@shared/schemas/sync';
import { useTestApp } from '@api/test/app';
import { changed, recordChanges } from '@api/lib/change-log';
import { inTransaction } from '@api/db/transaction';
import { ITEM_SHAPE } from './feed-items';
import { buildMissingDocuments } from '@api/modules/inspections/inspection-documents';
import { changesSince } from './sync.service';

// The app runs as the production server does (no checks), so that what it sends is what the feed's
// items hold: an item changed behind the server's back shows in the page. Pages stay small, so
// none is kept in a file (kept-pages.test.ts).
const t = await useTestApp({}, { checked: false });
const tech = await t.signIn('technician');

const DAY_MS = 24 * 60 * 60 * 1000;

async function call(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await tech.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : (res.json() as { id: string } & Record<string, unknown>);
}

async function pull(since = '0'): Promise<SyncChangesResponse> {
  const res = await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${since}&limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SyncChangesResponse;
}

/** The feed's row of one entity: its item and the inspection's time in the window. */
async function itemOf(entity: string, id: string) {
  return t.db
    .selectFrom('syncChanges')
    .select(['seq', 'item', 'itemChangedAt'])
    .where('entity', '=', entity)
    .where('entityId', '=', id)
    .executeTakeFirstOrThrow();
}

/** Writes another item for the row behind the server's back. */
async function setItem(entity: string, id: string, item: string) {
  await t.db.updateTable('syncChanges').set({ item }).where('entity', '=', entity).where('entityId', '=', id).execute();
}

const customer = (await call('POST', '/api/customers', {
  name: 'Ada Lovelace',
  email: 'ada@mail.test',
  phone: '555-0100',
}))!;
const vehicle = (await call('POST', '/api/vehicles', {
  customerId: customer.id,
  year: 2019,
  make: 'Honda',
  model: 'Fit',
}))!;
const inspection = (await call('POST', '/api/inspections', {
  customerId: customer.id,
  vehicleId: vehicle.id,
  services: [{ description: 'Wipers', laborCost: '10.00' }],
})) as { id: string; updatedAt: string };

describe("the change feed's items", () => {
  it('are written the first time a page holds their rows, and the page is sent from them', async () => {
    expect((await itemOf('customer', customer.id)).item).toBeNull();
    const page = await pull();
    const sent = page.customers.find((c) => c.id === customer.id);
    expect(sent?.name).toBe('Ada Lovelace');
    // The customer's answer as the page sent it; an inspection's is read from its document.
    expect(JSON.parse((await itemOf('customer', customer.id)).item!)).toEqual(sent);
    const { item: vehicleItem } = await itemOf('vehicle', vehicle.id);
    expect(JSON.parse(vehicleItem!)).toEqual(page.vehicles.find((v) => v.id === vehicle.id));
    expect(await itemOf('inspection', inspection.id)).toMatchObject({ item: '', itemChangedAt: null });

    await setItem('customer', customer.id, JSON.stringify({ ...sent, name: 'Read From The Item' }));
    const again = await pull();
    expect(again.customers.find((c) => c.id === customer.id)?.name).toBe('Read From The Item');
    expect(again.inspections.map((i) => i.id)).toEqual([inspection.id]);
  });

  it('are forgotten when their row is recorded again: a change, and the changes it brings to rows that show it', async () => {
    const before = await itemOf('customer', customer.id);
    await call('PUT', `/api/customers/${customer.id}`, { name: 'Ada King' });
    // Recorded again with a later sequence, its item forgotten; so is the vehicle's, which shows the name.
    const after = await itemOf('customer', customer.id);
    expect(after.item).toBeNull();
    expect(Number(after.seq)).toBeGreaterThan(Number(before.seq));
    expect((await itemOf('vehicle', vehicle.id)).item).toBeNull();

    const page = await pull();
    expect(page.customers.find((c) => c.id === customer.id)?.name).toBe('Ada King');
    expect(page.vehicles.find((v) => v.id === vehicle.id)?.customerName).toBe('Ada King');
    expect(JSON.parse((await itemOf('customer', customer.id)).item!).name).toBe('Ada King');
  });

  it('keep an inspection shown by its date until it leaves the offline window, and one in progress always', async () => {
    await call('PUT', `/api/inspections/${inspection.id}`, { status: 'completed' });
    expect((await itemOf('inspection', inspection.id)).item).toBeNull();
    expect((await pull()).inspections.map((i) => i.id)).toEqual([inspection.id]);
    const { itemChangedAt } = await itemOf('inspection', inspection.id);
    const { updatedAt } = await t.db
      .selectFrom('inspections')
      .select('updatedAt')
      .where('id', '=', inspection.id)
      .executeTakeFirstOrThrow();
    expect(itemChangedAt).toBe(updatedAt);

    const read = async (at: number) => {
      const page = await changesSince(t.db, { since: '0', limit: 100 }, new Date(at));
      const text = 'giveBack' in page ? page.bytes.toString() : page.text;
      if ('giveBack' in page) page.giveBack();
      return (JSON.parse(text) as SyncChangesResponse).inspections.map((i) => i.id);
    };
    const changedAt = Date.parse(updatedAt);
    expect(await read(changedAt + 14 * DAY_MS)).toEqual([inspection.id]);
    expect(await read(changedAt + 14 * DAY_MS + 1)).toEqual([]);
  });

  it("send the kept inspections' stored documents as they are, and build the one not stored", async () => {
    await buildMissingDocuments(t.db);
    const stored = await t.db
      .selectFrom('inspectionDocuments')
      .select('body')
      .where('inspectionId', '=', inspection.id)
      .executeTakeFirstOrThrow();
    const sent = JSON.parse(stored.body!) as Record<string, unknown>;
    const tampered = JSON.stringify({ ...sent, notes: 'Read from the stored document' });
    await t.db
      .updateTable('inspectionDocuments')
      .set({ body: tampered })
      .where('inspectionId', '=', inspection.id)
      .execute();
    expect((await pull()).inspections).toEqual([JSON.parse(tampered)]);
    // Not stored (a change cleared it): built from the rows, with the page's other rows from the feed.
    await t.db
      .updateTable('inspectionDocuments')
      .set({ body: null, shape: null })
      .where('inspectionId', '=', inspection.id)
      .execute();
    const page = await pull();
    expect(page.inspections).toEqual([sent]);
    expect(page.customers.map((c) => c.id)).toContain(customer.id);
  });

  it('written in another format are all forgotten before a page reads any', async () => {
    await pull();
    await setItem('customer', customer.id, JSON.stringify({ id: customer.id, name: 'Old Format' }));
    await t.db.updateTable('syncState').set({ itemShape: 'an older format' }).execute();
    const page = await pull();
    expect(page.customers.find((c) => c.id === customer.id)?.name).toBe('Ada King');
    const { itemShape } = await t.db.selectFrom('syncState').select('itemShape').executeTakeFirstOrThrow();
    expect(itemShape).toBe(ITEM_SHAPE);
  });

  it('of a row that is gone are empty and leave it out, written once', async () => {
    const ghost = randomUUID();
    await inTransaction(t.db, (trx) => recordChanges(trx, changed('customer', [ghost])));
    const page = await pull();
    expect(page.customers.map((c) => c.id)).not.toContain(ghost);
    expect((await itemOf('customer', ghost)).item).toBe('');
    // A page with every item written writes nothing.
    const { seq } = await t.db.selectFrom('syncState').select('seq').executeTakeFirstOrThrow();
    expect(await pull()).toEqual(page);
    expect((await t.db.selectFrom('syncState').select('seq').executeTakeFirstOrThrow()).seq).toBe(seq);
    expect(
      await t.db
        .selectFrom('syncChanges')
        .select('entityId')
        .where('item', 'is', null)
        .where('entity', 'in', ['customer', 'vehicle', 'inspection'])
        .execute(),
    ).toEqual([]);
  });
});
