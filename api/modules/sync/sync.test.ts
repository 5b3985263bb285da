import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SyncChangesResponse } from '@shared/schemas/sync';
import { useTestApp } from '@api/test/app';
import { emptyChangePage, RESYNC_PAGE } from '@api/test/sync-pages';
import { createInspection } from '@api/test/factories';
import { pruneTombstones } from '@api/lib/change-log';

const t = await useTestApp();
const tech = await t.signIn('technician');

const DAY_MS = 24 * 60 * 60 * 1000;

async function pull(since?: string, limit?: number): Promise<SyncChangesResponse> {
  const query = new URLSearchParams();
  if (since !== undefined) query.set('since', since);
  if (limit !== undefined) query.set('limit', String(limit));
  const res = await tech.inject({ method: 'GET', url: `/api/sync/changes?${query.toString()}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SyncChangesResponse;
}

/** The cursor after everything so far: later pulls from it see only what a test does. */
async function latestCursor(): Promise<string> {
  let page = await pull('0', 1000);
  while (page.hasMore) page = await pull(page.cursor, 1000);
  return page.cursor;
}

async function call(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await tech.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : (res.json() as { id: string } & Record<string, unknown>);
}

const customerBody = (name: string) => ({
  name,
  email: `${name.toLowerCase().replaceAll(' ', '.')}@mail.test`,
  phone: '555-0100',
});

/** A customer, vehicle and in-progress inspection (with one service) made through the API. */
async function workOrder(name: string) {
  const customer = (await call('POST', '/api/customers', customerBody(name)))!;
  const vehicle = (await call('POST', '/api/vehicles', {
    customerId: customer.id,
    year: 2017,
    make: 'Kia',
    model: 'Soul',
  }))!;
  const inspection = (await call('POST', '/api/inspections', {
    customerId: customer.id,
    vehicleId: vehicle.id,
    services: [{ description: 'Wipers', laborCost: '10.00' }],
  })) as { id: string; shareToken: string; services: { id: string }[] };
  return { customer, vehicle, inspection };
}

describe('GET /api/sync/changes', () => {
  it('sends creates, updates and deletes in the order they happened, each row once', async () => {
    const start = await latestCursor();
    const ann = (await call('POST', '/api/customers', customerBody('Ann')))!;
    const bob = (await call('POST', '/api/customers', customerBody('Bob')))!;
    await call('PUT', `/api/customers/${ann.id}`, { phone: '555-0199' });

    const page = await pull(start);
    expect(page).toMatchObject({ resync: false, hasMore: false, vehicles: [], inspections: [], deleted: [] });
    expect(page.customers.map((c) => [c.name, c.phone])).toEqual([
      ['Bob', '555-0100'],
      ['Ann', '555-0199'],
    ]);
    expect(page.customers[1]).toEqual((await tech.inject({ method: 'GET', url: `/api/customers/${ann.id}` })).json());
    expect(Number(page.cursor)).toBeGreaterThan(Number(start));

    await call('DELETE', `/api/customers/${bob.id}`);
    const after = await pull(page.cursor);
    expect(after.customers).toEqual([]);
    expect(after.deleted).toEqual([{ entity: 'customer', id: bob.id }]);

    const nothing = await pull(after.cursor);
    expect(nothing).toEqual(emptyChangePage({ resync: false, cursor: after.cursor, hasMore: false }));
  });

  it('pages with limit: every change exactly once across pages, in order', async () => {
    const start = await latestCursor();
    const names = ['Pa', 'Pb', 'Pc', 'Pd', 'Pe', 'Pf', 'Pg'];
    for (const name of names) await call('POST', '/api/customers', customerBody(name));

    const seen: string[] = [];
    const pages: boolean[] = [];
    let cursor = start;
    for (;;) {
      const page = await pull(cursor, 3);
      seen.push(...page.customers.map((c) => c.name));
      pages.push(page.hasMore);
      expect(Number(page.cursor)).toBeGreaterThan(Number(cursor));
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(seen).toEqual(names);
    expect(pages).toEqual([true, true, false]);
  });

  it('sends text exactly as stored, whatever its characters (the page is written by the database, checked byte for byte in check mode)', async () => {
    const start = await latestCursor();
    const name = 'Zoë "Zed" O\'Neil \\ 東京 😀 \u2028\t\u0001/';
    const customer = (await call('POST', '/api/customers', {
      ...customerBody('Odd Chars'),
      name,
      address: 'Line 1\nLine 2',
    }))!;
    const vehicle = (await call('POST', '/api/vehicles', {
      customerId: customer.id,
      year: 2011,
      make: 'Citroën',
      model: 'C4 "Picasso"',
      vin: null,
      mileage: 123456,
    }))!;

    const page = await pull(start);
    expect(page.customers).toEqual([
      (await tech.inject({ method: 'GET', url: `/api/customers/${customer.id}` })).json(),
    ]);
    expect(page.customers[0]).toMatchObject({ name, address: 'Line 1\nLine 2', textConsentAt: null });
    expect(page.vehicles).toEqual([(await tech.inject({ method: 'GET', url: `/api/vehicles/${vehicle.id}` })).json()]);
    expect(page.vehicles[0]).toMatchObject({ customerName: name, make: 'Citroën', vin: null, mileage: 123456 });
  });

  it('sends vehicles and inspections in their REST shapes, inspections with services, parts and notes', async () => {
    const start = await latestCursor();
    const { customer, vehicle, inspection } = await workOrder('Shapes');
    await call('POST', `/api/inspections/${inspection.id}/notes`, { note: 'Left key at desk' });

    const page = await pull(start);
    expect(page.customers.map((c) => c.id)).toEqual([customer.id]);
    expect(page.vehicles).toEqual([(await tech.inject({ method: 'GET', url: `/api/vehicles/${vehicle.id}` })).json()]);
    const rest = (await tech.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` })).json();
    expect(page.inspections).toEqual([rest]);
    expect(page.inspections[0]!.inspectionNotes.map((n) => n.note)).toEqual(['Left key at desk']);
    expect(page.inspections[0]!.services.map((s) => s.description)).toEqual(['Wipers']);
  });

  it('sends the inspection again when a service, part or note of it changes', async () => {
    const { inspection } = await workOrder('Children');
    const serviceId = inspection.services[0]!.id;
    const steps: [string, () => Promise<unknown>][] = [
      ['service edit', () => call('PUT', `/api/services/${serviceId}`, { laborCost: '12.00' })],
      ['part added', () => call('POST', `/api/services/${serviceId}/parts`, { partName: 'Blade', partCost: '9.00' })],
      ['service added', () => call('POST', '/api/services', { inspectionId: inspection.id, description: 'Bulb' })],
      ['note added', () => call('POST', `/api/inspections/${inspection.id}/notes`, { note: 'n' })],
      ['service deleted', () => call('DELETE', `/api/services/${serviceId}`)],
    ];
    for (const [what, step] of steps) {
      const before = await latestCursor();
      await step();
      const page = await pull(before);
      expect(
        page.inspections.map((i) => i.id),
        what,
      ).toEqual([inspection.id]);
      expect(page.deleted, what).toEqual([]);
    }
  });

  it("sends a customer's vehicles and inspections again when the customer changes (they nest it)", async () => {
    const { customer, vehicle, inspection } = await workOrder('Nested');
    const before = await latestCursor();
    await call('PUT', `/api/customers/${customer.id}`, { name: 'Nested Renamed' });
    const page = await pull(before);
    expect(page.customers.map((c) => c.name)).toEqual(['Nested Renamed']);
    expect(page.vehicles.map((v) => [v.id, v.customerName])).toEqual([[vehicle.id, 'Nested Renamed']]);
    expect(page.inspections.map((i) => [i.id, i.customer.name])).toEqual([[inspection.id, 'Nested Renamed']]);
  });

  it("sends a customer's deferred work lines again when the customer or the vehicle changes (they show them)", async () => {
    const { customer, vehicle, inspection } = await workOrder('Deferring');
    await call('PUT', `/api/services/${inspection.services[0]!.id}`, { status: 'declined' });
    await call('PATCH', `/api/inspections/${inspection.id}`, { status: 'completed' });
    const before = await latestCursor();
    await call('PUT', `/api/customers/${customer.id}`, { name: 'Deferring Renamed', phone: '555-0199' });
    const afterCustomer = await pull(before);
    expect(afterCustomer.deferred.map((d) => [d.customerName, d.customerPhone])).toEqual([
      ['Deferring Renamed', '555-0199'],
    ]);
    await call('PUT', `/api/vehicles/${vehicle.id}`, { model: 'Seltos' });
    const afterVehicle = await pull(afterCustomer.cursor);
    expect(afterVehicle.deferred.map((d) => d.vehicleLabel)).toEqual(['2017 Kia Seltos']);
  });

  it("records a customer's approval on the share page as a change of the inspection", async () => {
    const { inspection } = await workOrder('Approver');
    const before = await latestCursor();
    const serviceId = inspection.services[0]!.id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${serviceId}/approve`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await pull(before);
    expect(page.inspections.map((i) => i.id)).toEqual([inspection.id]);
    expect(page.inspections[0]!.services[0]!.status).toBe('approved');
  });

  it('sends deletions that came by cascade as tombstones, and never a deleted row', async () => {
    const one = await workOrder('Cascade');
    const extraVehicle = (await call('POST', '/api/vehicles', {
      customerId: one.customer.id,
      year: 2001,
      make: 'Saab',
      model: '9-3',
    }))!;
    const before = await latestCursor();
    await call('DELETE', `/api/customers/${one.customer.id}`);
    const page = await pull(before);
    expect(page.customers).toEqual([]);
    expect(page.vehicles).toEqual([]);
    expect(page.inspections).toEqual([]);
    expect(page.deleted).toEqual(
      expect.arrayContaining([
        { entity: 'customer', id: one.customer.id },
        { entity: 'vehicle', id: one.vehicle.id },
        { entity: 'vehicle', id: extraVehicle.id },
        { entity: 'inspection', id: one.inspection.id },
      ]),
    );
    // Services are not rows of the feed; they travel inside their inspection.
    expect(page.deleted).toHaveLength(4);

    const two = await workOrder('Vehicle Cascade');
    const mid = await latestCursor();
    await call('DELETE', `/api/vehicles/${two.vehicle.id}`);
    const vehiclePage = await pull(mid);
    expect(vehiclePage.deleted).toEqual([
      { entity: 'vehicle', id: two.vehicle.id },
      { entity: 'inspection', id: two.inspection.id },
    ]);
    expect(vehiclePage.customers).toEqual([]);
  });

  it('leaves out inspections outside the offline window but moves the cursor past them', async () => {
    const customer = (await call('POST', '/api/customers', customerBody('Window')))!;
    const old = new Date(Date.now() - 20 * DAY_MS).toISOString();
    const recent = new Date(Date.now() - 2 * DAY_MS).toISOString();
    const completedOld = await createInspection(t.db, { customerId: customer.id, status: 'completed', updatedAt: old });
    const inProgressOld = await createInspection(t.db, {
      customerId: customer.id,
      status: 'in_progress',
      updatedAt: old,
    });
    const completedRecent = await createInspection(t.db, {
      customerId: customer.id,
      status: 'completed',
      updatedAt: recent,
    });
    const before = await latestCursor();
    // A note does not move updatedAt, so each stays as old as it was.
    for (const inspection of [completedOld, inProgressOld, completedRecent]) {
      await call('POST', `/api/inspections/${inspection.id}/notes`, { note: 'seen' });
    }
    const page = await pull(before);
    expect(page.inspections.map((i) => i.id)).toEqual([inProgressOld.id, completedRecent.id]);
    expect(page.hasMore).toBe(false);
    expect(page.cursor).toBe(await latestCursor());

    // A page holding only a left-out inspection still moves the cursor.
    const beforeOne = page.cursor;
    await call('POST', `/api/inspections/${completedOld.id}/notes`, { note: 'again' });
    const skipped = await pull(beforeOne);
    expect(skipped.inspections).toEqual([]);
    expect(Number(skipped.cursor)).toBe(Number(beforeOne) + 1);
  });

  it('records nothing for a replayed write', async () => {
    const before = await latestCursor();
    const key = randomUUID();
    const send = () =>
      tech.inject({
        method: 'POST',
        url: '/api/customers',
        headers: { 'idempotency-key': key },
        payload: customerBody('Once'),
      });
    expect((await send()).statusCode).toBe(201);
    const once = await latestCursor();
    expect((await send()).headers['idempotent-replayed']).toBe('true');
    expect(await latestCursor()).toBe(once);
    expect((await pull(before)).customers.map((c) => c.name)).toEqual(['Once']);
  });

  it('refuses a malformed cursor or limit with 400', async () => {
    const cases: [string, string][] = [
      ['since=abc', 'Invalid query string: since must be a cursor returned by this call'],
      ['since=-1', 'Invalid query string: since must be a cursor returned by this call'],
      ['since=1234567890123456789', 'Invalid query string: since must be a cursor returned by this call'],
      ['limit=0', 'Invalid query string: limit must be at least 1'],
      ['limit=1001', 'Invalid query string: limit must be at most 1000'],
      ['limit=2.5', 'Invalid query string: limit must be a whole number'],
      ['limit=1e2', 'Invalid query string: limit must be a number'],
      ['limit=0x10', 'Invalid query string: limit must be a number'],
      ['limit=', 'Invalid query string: limit must be a number'],
    ];
    for (const [query, message] of cases) {
      const res = await tech.inject({ method: 'GET', url: `/api/sync/changes?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: 'validation_error', message });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sync/changes' })).statusCode).toBe(401);
  });

  it('tells a client ahead of the server (a restored backup) to resync', async () => {
    const ahead = String(Number(await latestCursor()) + 1000);
    expect(await pull(ahead)).toEqual(RESYNC_PAGE);
  });

  // Last: pruning forgets every deletion made in this file.
  it('tells a client whose cursor is older than the remembered deletions to resync', async () => {
    const gone = (await call('POST', '/api/customers', customerBody('Pruned')))!;
    const beforeDelete = await latestCursor();
    await call('DELETE', `/api/customers/${gone.id}`);
    const afterDelete = await latestCursor();

    expect(await pruneTombstones(t.db, new Date(Date.now() + 89 * DAY_MS))).toBe(0);
    expect((await pull(beforeDelete)).deleted).toEqual([{ entity: 'customer', id: gone.id }]);

    expect(await pruneTombstones(t.db, new Date(Date.now() + 91 * DAY_MS))).toBeGreaterThan(0);
    expect(await pull(beforeDelete)).toEqual(RESYNC_PAGE);
    // A client that had seen the deletion, or one starting from scratch, carries on.
    expect((await pull(afterDelete)).resync).toBe(false);
    const fresh = await pull('0', 1000);
    expect(fresh.resync).toBe(false);
    expect(fresh.deleted).toEqual([]);
    expect(fresh.customers.map((c) => c.id)).not.toContain(gone.id);
  });
});
