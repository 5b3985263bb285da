import { afterAll, describe, expect, it } from 'vitest';

import { useTestApp } from '@api/test/app';
import { injectFetch } from '@web/test/offline/inject-fetch';
import type { DeferredWork } from '@shared/schemas/deferred';
import { listLocalDeferred } from './local-deferred';
import { LocalDb } from './local-db';
import { enqueue } from './outbox';
import { SyncEngine } from './sync-engine';

// Deferred work on a device: pulled from the change feed, listed as the server lists it, and
// carried onto an inspection made offline exactly once, however often the answers get lost.

const server = await useTestApp();
const advisor = await server.signIn('service_advisor');
const db = new LocalDb('deferred-sync');
afterAll(() => db.delete());

/** The network: `offline` fails every request; `loseAnswers` lets that many writes commit, then fails them. */
const network = { offline: false, loseAnswers: 0, writes: 0 };
const engine = new SyncEngine({
  db,
  currentUserId: () => advisor.user.id,
  lockName: 'deferred-sync',
  fetch: injectFetch(advisor, network),
});
afterAll(() => engine.stop());

async function call<T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object): Promise<T> {
  const res = await advisor.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

/** A customer with a vehicle whose finished inspection declined `services`. */
async function finishedVisit(
  name: string,
  phone: string,
  services: { description: string; laborCost: string }[],
  daysAgo: number,
) {
  const customer = await call<{ id: string }>('POST', '/api/customers', { name, email: `${phone}@mail.test`, phone });
  const vehicle = await call<{ id: string }>('POST', '/api/vehicles', {
    customerId: customer.id,
    year: 2015,
    make: 'Mazda',
    model: 'CX-5',
  });
  const inspection = await call<{ id: string }>('POST', '/api/inspections', {
    customerId: customer.id,
    vehicleId: vehicle.id,
    services: services.map((s) => ({ ...s, status: 'declined' })),
  });
  // Backdated, so the lines differ in age; then finished, which carries them forward.
  await server.db
    .updateTable('inspections')
    .set({ createdAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString() })
    .where('id', '=', inspection.id)
    .execute();
  await call('PATCH', `/api/inspections/${inspection.id}`, { status: 'completed' });
  return { customerId: customer.id, vehicleId: vehicle.id, inspectionId: inspection.id };
}

const first = await finishedVisit(
  'Iris Novak',
  '555-0301',
  [
    { description: 'Spark plugs', laborCost: '180.00' },
    { description: 'Serpentine belt', laborCost: '95.25' },
  ],
  30,
);
await finishedVisit('hal Moreno', '555-0302', [{ description: 'Brake fluid flush', laborCost: '120.00' }], 5);

const withoutStamp = ({ updatedAt: _u, ...line }: DeferredWork) => line;

async function serverList(query: string): Promise<DeferredWork[]> {
  return call<DeferredWork[]>('GET', `/api/deferred-work?${query}`);
}

describe('deferred work on a device', () => {
  it('pulls the open lines and lists them exactly as the server does', async () => {
    await engine.syncNow();
    const queries: [string, Parameters<typeof listLocalDeferred>[1]][] = [
      ['', {}],
      ['sort=value', { sort: 'value' }],
      ['sort=customer', { sort: 'customer' }],
      ['q=mazda&sort=value', { q: 'mazda', sort: 'value' }],
      ['q=0302', { q: '0302' }],
      ['minAmountCents=12000', { minAmountCents: 12_000 }],
      [`vehicleId=${first.vehicleId}`, { vehicleId: first.vehicleId }],
      ['limit=2&offset=1', { limit: 2, offset: 1 }],
    ];
    for (const [query, local] of queries) {
      const mine = await listLocalDeferred(db, local);
      expect(mine.items, query).toEqual(await serverList(query));
    }
    // Oldest first: the two lines of the month-old visit (in id order), then last week's.
    expect((await listLocalDeferred(db, {})).items.map((l) => l.description).slice(2)).toEqual(['Brake fluid flush']);
  });

  it('carries a line onto an inspection made offline, once, though the answers are lost', async () => {
    const plugs = (await listLocalDeferred(db, { vehicleId: first.vehicleId })).items.find(
      (l) => l.description === 'Spark plugs',
    );
    expect(plugs).toBeDefined();
    network.offline = true;
    const inspectionId = crypto.randomUUID();
    const serviceId = crypto.randomUUID();
    const userId = advisor.user.id;
    await db.meta.put({
      key: 'currentUser',
      value: { id: userId, username: advisor.user.username, email: advisor.user.email, role: 'service_advisor' },
    });
    await enqueue(
      db,
      userId,
      {
        kind: 'inspection.create',
        id: inspectionId,
        body: {
          customerId: first.customerId,
          vehicleId: first.vehicleId,
          services: [{ id: serviceId, description: 'Spark plugs', laborCost: '180.00' }],
        },
      },
      'Create inspection',
    );
    await enqueue(
      db,
      userId,
      { kind: 'deferred.update', id: plugs!.id, changes: { status: 'added', addedToInspectionId: inspectionId } },
      'Add deferred Spark plugs',
    );
    // At once on the device: the line is no longer offered, and the outbox waits for the inspection first.
    expect((await listLocalDeferred(db, { vehicleId: first.vehicleId })).items.map((l) => l.description)).toEqual([
      'Serpentine belt',
    ]);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.write.kind, e.dependsOn])).toEqual([
      ['inspection.create', [first.customerId, first.vehicleId]],
      ['deferred.update', [inspectionId]],
    ]);

    network.offline = false;
    network.loseAnswers = 2;
    for (let pass = 0; pass < 6 && (await db.outbox.count()) > 0; pass++) await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    expect(network.writes).toBeGreaterThanOrEqual(4);

    const made = await call<{ services: { id: string; description: string; laborCost: string }[] }>(
      'GET',
      `/api/inspections/${inspectionId}`,
    );
    expect(made.services.map((s) => [s.id, s.description, s.laborCost])).toEqual([
      [serviceId, 'Spark plugs', '180.00'],
    ]);
    const [onServer] = await serverList(`status=added&vehicleId=${first.vehicleId}`);
    expect(onServer).toMatchObject({ id: plugs!.id, status: 'added', addedToInspectionId: inspectionId });
    expect(withoutStamp((await db.deferred.get(plugs!.id))!)).toEqual(withoutStamp(onServer!));
  });

  it('sends a dismissal and a follow-up made offline, and the device ends as the server', async () => {
    const local = await listLocalDeferred(db, {});
    const belt = local.items.find((l) => l.description === 'Serpentine belt')!;
    const flush = local.items.find((l) => l.description === 'Brake fluid flush')!;
    network.offline = true;
    const userId = advisor.user.id;
    await enqueue(
      db,
      userId,
      { kind: 'deferred.update', id: belt.id, changes: { status: 'dismissed', dismissReason: 'Replaced elsewhere' } },
      'Dismiss',
    );
    await enqueue(
      db,
      userId,
      {
        kind: 'deferred.update',
        id: flush.id,
        changes: { followUpDate: '2026-12-02', followUpOutcome: 'left_message' },
      },
      'Follow up',
    );
    expect(
      (await listLocalDeferred(db, {})).items.map((l) => [l.description, l.followUpDate, l.followUpOutcome]),
    ).toEqual([['Brake fluid flush', '2026-12-02', 'left_message']]);
    expect((await listLocalDeferred(db, { followUpDueBy: '2026-12-01' })).items).toEqual([]);
    await expect(
      enqueue(
        db,
        userId,
        { kind: 'deferred.update', id: flush.id, changes: { status: 'dismissed' } },
        'Dismiss without a reason',
      ),
    ).rejects.toThrow('A reason is required to dismiss this line');

    network.offline = false;
    for (let pass = 0; pass < 4 && (await db.outbox.count()) > 0; pass++) await engine.syncNow();
    expect(await db.outbox.count()).toBe(0);
    await engine.syncNow();
    const all = await serverList('status=all');
    expect(all.map((l) => [l.description, l.status, l.dismissReason, l.followUpOutcome]).sort()).toEqual([
      ['Brake fluid flush', 'open', null, 'left_message'],
      ['Serpentine belt', 'dismissed', 'Replaced elsewhere', null],
      ['Spark plugs', 'added', null, null],
    ]);
    expect((await listLocalDeferred(db, { status: 'all' })).items.map(withoutStamp)).toEqual(all.map(withoutStamp));
  });
});
