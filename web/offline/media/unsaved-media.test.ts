import { describe, expect, it } from 'vitest';
import type { LocalDb } from '../local-db';
import { enqueue } from '../outbox';
import { captureMedia, deleteMedia, retryUpload } from './capture';
import { pendingUploads, readInspectionMedia, toLocalMedia } from './local-media';
import { creations, photo, useMediaDevices } from '@web/test/offline/media-sync-kit';
import { discardUnsavedMedia } from './unsaved-media';

// Photos taken in an inspection dialog before its first save: they wait for the save (never sent to
// a 404), go up once after it, and go with a dialog closed without saving. A failed upload can be
// tried again or removed.

const { tech, thumb, device, serverMedia } = await useMediaDevices();

type Owner = { itemKey: 'frontLeftTire' } | { serviceId: string };
async function capture(db: LocalDb, inspectionId: string, owner: Owner, seed: number): Promise<string> {
  return captureMedia(db, tech.user.id, {
    inspectionId,
    ...owner,
    kind: 'photo',
    file: await photo(seed, 128),
    thumb,
    contentType: 'image/jpeg',
    width: 128,
    height: 128,
  });
}

/** A customer and vehicle made on the device: what a new inspection's dialog picks. */
async function parents(db: LocalDb, tag: string): Promise<{ customerId: string; vehicleId: string }> {
  const customerId = crypto.randomUUID();
  const vehicleId = crypto.randomUUID();
  await enqueue(
    db,
    tech.user.id,
    {
      kind: 'customer.create',
      id: customerId,
      body: { name: `Bay ${tag}`, email: `${tag}@mail.test`, phone: '555-0102' },
    },
    'Add customer',
  );
  await enqueue(
    db,
    tech.user.id,
    { kind: 'vehicle.create', id: vehicleId, body: { customerId, year: 2015, make: 'Kia', model: 'Rio' } },
    'Add vehicle',
  );
  return { customerId, vehicleId };
}

const service = (id: string) => ({
  id,
  description: 'Rear wiper blade',
  laborCost: '5.00',
  partsCost: '20.00',
  status: 'recommended' as const,
  parts: [],
});

/** What the device keeps of an inspection's media (the pull brings other tests' media too): rows, files, uploads, outbox entries. */
async function kept(db: LocalDb, inspectionId: string): Promise<number[]> {
  const ids = await db.media.where('inspectionId').equals(inspectionId).primaryKeys();
  return [ids.length, await db.mediaBlobs.count(), await db.uploads.count(), await db.outbox.count()];
}

describe('media of a never-saved inspection', () => {
  it('wait while the inspection is only in its dialog, then go up once after the save', async () => {
    const { db, net, engine } = device();
    const { customerId, vehicleId } = await parents(db, 'new-dialog');
    // The dialog made both ids when it opened and when the service was added.
    const inspectionId = crypto.randomUUID();
    const serviceId = crypto.randomUUID();
    const tire = await capture(db, inspectionId, { itemKey: 'frontLeftTire' }, 1);
    const wiper = await capture(db, inspectionId, { serviceId }, 2);
    await engine.syncNow();
    // Nothing is sent to an inspection the server cannot know: no 404, no failure.
    expect(creations(net)).toEqual([]);
    expect((await db.uploads.toArray()).map((u) => [u.state, u.attempts, u.lastError])).toEqual([
      ['waiting', 0, null],
      ['waiting', 0, null],
    ]);

    await enqueue(
      db,
      tech.user.id,
      { kind: 'inspection.create', id: inspectionId, body: { customerId, vehicleId, services: [service(serviceId)] } },
      'Create inspection',
    );
    await engine.syncNow();
    await engine.syncNow();
    expect(creations(net)).toHaveLength(2);
    expect((await serverMedia(inspectionId)).map((m) => [m.id, m.itemKey, m.serviceId])).toEqual([
      [tire, 'frontLeftTire', null],
      [wiper, null, serviceId],
    ]);
    expect(await pendingUploads(db, tech.user.id)).toBe(0);
  });

  it('waits for a service added in this edit until the edit that saves it is on the server', async () => {
    const { db, net, engine } = device();
    const { customerId, vehicleId } = await parents(db, 'new-service');
    const inspectionId = crypto.randomUUID();
    await enqueue(
      db,
      tech.user.id,
      { kind: 'inspection.create', id: inspectionId, body: { customerId, vehicleId } },
      'Create inspection',
    );
    await engine.syncNow();
    const serviceId = crypto.randomUUID();
    const id = await capture(db, inspectionId, { serviceId }, 3);
    await engine.syncNow();
    expect(creations(net)).toEqual([]);
    expect((await db.uploads.toArray()).map((u) => u.state)).toEqual(['waiting']);

    await enqueue(
      db,
      tech.user.id,
      { kind: 'inspection.update', id: inspectionId, changes: { services: [service(serviceId)] } },
      'Edit inspection',
    );
    await engine.syncNow();
    expect(creations(net)).toHaveLength(1);
    expect((await serverMedia(inspectionId)).map((m) => [m.id, m.serviceId])).toEqual([[id, serviceId]]);
  });

  it('go with a dialog closed without saving, leaving nothing on the device and asking the server nothing', async () => {
    const { db, net, engine } = device();
    await parents(db, 'discard');
    await engine.syncNow();
    const inspectionId = crypto.randomUUID();
    const tire = await capture(db, inspectionId, { itemKey: 'frontLeftTire' }, 4);
    await capture(db, inspectionId, { serviceId: crypto.randomUUID() }, 5);
    const before = net.calls.length;
    expect(await discardUnsavedMedia(db, tech.user.id, inspectionId)).toBe(2);
    expect(await kept(db, inspectionId)).toEqual([0, 0, 0, 0]);
    expect(await db.media.get(tire)).toBeUndefined();
    await engine.syncNow();
    expect(net.calls.slice(before).filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('of a service never saved go, and the saved inspection’s own stay and go up', async () => {
    const { db, net, engine } = device();
    const { customerId, vehicleId } = await parents(db, 'removed-service');
    const inspectionId = crypto.randomUUID();
    await enqueue(
      db,
      tech.user.id,
      { kind: 'inspection.create', id: inspectionId, body: { customerId, vehicleId } },
      'Create inspection',
    );
    const tire = await capture(db, inspectionId, { itemKey: 'frontLeftTire' }, 6);
    const removed = crypto.randomUUID();
    await capture(db, inspectionId, { serviceId: removed }, 7);
    await capture(db, inspectionId, { serviceId: removed }, 8);
    expect(await discardUnsavedMedia(db, tech.user.id, inspectionId, [removed])).toBe(2);
    expect(await db.media.where('inspectionId').equals(inspectionId).primaryKeys()).toEqual([tire]);
    expect(await db.uploads.count()).toBe(1);
    await engine.syncNow();
    expect(creations(net)).toHaveLength(1);
    expect((await serverMedia(inspectionId)).map((m) => m.id)).toEqual([tire]);
  });
});

describe('a failed upload', () => {
  async function failed(tag: string) {
    const { db, net, engine } = device();
    const { customerId, vehicleId } = await parents(db, tag);
    const inspectionId = crypto.randomUUID();
    await enqueue(
      db,
      tech.user.id,
      { kind: 'inspection.create', id: inspectionId, body: { customerId, vehicleId } },
      'Create inspection',
    );
    await engine.syncNow();
    const id = await capture(db, inspectionId, { itemKey: 'frontLeftTire' }, 9);
    net.refuseNext = '/api/uploads';
    await engine.syncNow();
    const shown = toLocalMedia(await readInspectionMedia(db, inspectionId), () => null);
    expect(shown.map((m) => m.upload)).toEqual([
      {
        state: 'failed',
        sent: 0,
        total: (await db.media.get(id))?.bytes,
        message: 'Refused for the test',
        status: 422,
      },
    ]);
    return { db, net, engine, inspectionId, id };
  }

  it('goes up once when tried again', async () => {
    const { db, net, engine, inspectionId, id } = await failed('retry');
    await engine.syncNow();
    expect(creations(net)).toHaveLength(0);
    await retryUpload(db, id);
    expect((await db.uploads.toArray()).map((u) => [u.state, u.lastError])).toEqual([['waiting', null]]);
    await engine.syncNow();
    await engine.syncNow();
    expect(creations(net)).toHaveLength(1);
    expect((await serverMedia(inspectionId)).map((m) => m.id)).toEqual([id]);
    expect(await db.uploads.count()).toBe(0);
  });

  it('is removed with its files, and the server is not asked', async () => {
    const { db, net, engine, inspectionId, id } = await failed('remove');
    const before = net.calls.length;
    await deleteMedia(db, tech.user.id, id);
    expect(await kept(db, inspectionId)).toEqual([0, 0, 0, 0]);
    await engine.syncNow();
    expect(net.calls.slice(before).filter((c) => c.method !== 'GET')).toEqual([]);
    expect(await serverMedia(inspectionId)).toEqual([]);
  });
});
