import { afterAll, describe, expect, it } from 'vitest';

import { useTestApp } from '@api/test/app';
import { injectFetch } from '@web/test/offline/inject-fetch';
import { LocalDb } from './local-db';
import { enqueue } from './outbox';
import { SyncEngine } from './sync-engine';

// A report link renewed on a tablet without signal: queued, sent once however often the answer is
// lost, and the device's cached inspection (and another device's) follows the new link.

const server = await useTestApp();
const advisor = await server.signIn('service_advisor');

/** The network: `offline` fails every request; `loseAnswers` lets that many writes commit, then fails them. */
const network = { offline: false, loseAnswers: 0, writes: 0 };

function device(name: string) {
  const db = new LocalDb(name);
  const engine = new SyncEngine({
    db,
    currentUserId: () => advisor.user.id,
    lockName: name,
    fetch: injectFetch(advisor, network),
  });
  afterAll(async () => {
    engine.stop();
    await db.delete();
  });
  return { db, engine };
}

async function call<T>(method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const res = await advisor.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

const customer = await call<{ id: string }>('POST', '/api/customers', {
  name: 'Tess Ortega',
  email: 'tess@mail.test',
  phone: '555-0311',
});
const vehicle = await call<{ id: string }>('POST', '/api/vehicles', {
  customerId: customer.id,
  year: 2014,
  make: 'Kia',
  model: 'Soul',
});
const inspection = await call<{ id: string; shareToken: string }>('POST', '/api/inspections', {
  customerId: customer.id,
  vehicleId: vehicle.id,
});

const tablet = device('renew-link-tablet');
const desk = device('renew-link-desk');

describe('renewing a report link offline', () => {
  it('queues the renewal, sends it once when the answer is lost, and both devices get the new link', async () => {
    await tablet.engine.syncNow();
    await desk.engine.syncNow();
    expect((await tablet.db.inspections.get(inspection.id))?.shareToken).toBe(inspection.shareToken);

    network.offline = true;
    await enqueue(tablet.db, advisor.user.id, { kind: 'inspection.renewLink', id: inspection.id }, 'Renew link');
    // No local effect: only the server makes a link; the old one shows until the answer comes.
    expect((await tablet.db.inspections.get(inspection.id))?.shareToken).toBe(inspection.shareToken);
    expect(await tablet.db.outbox.count()).toBe(1);

    network.offline = false;
    network.loseAnswers = 1;
    network.writes = 0;
    await tablet.engine.syncNow().catch(() => undefined);
    await tablet.engine.syncNow();
    // Sent twice (the first answer was lost), renewed once: the second got the stored answer.
    expect(network.writes).toBe(2);
    expect(await tablet.db.outbox.count()).toBe(0);

    const onServer = await call<{ shareToken: string }>('GET', `/api/inspections/${inspection.id}`);
    expect(onServer.shareToken).not.toBe(inspection.shareToken);
    expect((await tablet.db.inspections.get(inspection.id))?.shareToken).toBe(onServer.shareToken);

    await desk.engine.syncNow();
    expect((await desk.db.inspections.get(inspection.id))?.shareToken).toBe(onServer.shareToken);

    const old = await server.app.inject({ method: 'GET', url: `/api/public/inspections/${inspection.shareToken}` });
    expect(old.statusCode).toBe(404);
    const renewed = await server.app.inject({ method: 'GET', url: `/api/public/inspections/${onServer.shareToken}` });
    expect(renewed.statusCode).toBe(200);
  });
});
