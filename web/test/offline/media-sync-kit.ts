import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, afterEach, expect } from 'vitest';

import { useTestApp, type Client } from '@api/test/app';
import type { MediaResponse } from '@shared/schemas/media';
import { LocalDb } from '@web/offline/local-db';
import { enqueue } from '@web/offline/outbox';
import { SyncEngine } from '@web/offline/sync-engine';
import { captureMedia } from '@web/offline/media/capture';
import { apiFetch, testNetwork, type TestNetwork } from './media-test-network';

// What the media sync tests share: the real API in-process, devices (Dexie + sync engine over a
// faulty network), camera-like photos, and an inspection made offline.

export const CHUNK = 16 * 1024;

/** A camera-like JPEG: noise, so it does not compress to nothing. */
export async function photo(seed: number, edge = 256): Promise<Blob> {
  const bytes = await sharp({
    create: {
      width: edge,
      height: edge,
      channels: 3,
      background: { r: seed % 255, g: 90, b: 40 },
      noise: { type: 'gaussian', mean: 120, sigma: 60 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}
export const thumbOf = async (file: Blob) =>
  new Blob(
    [
      new Uint8Array(
        await sharp(Buffer.from(await file.arrayBuffer()))
          .resize(64)
          .jpeg()
          .toBuffer(),
      ),
    ],
    { type: 'image/jpeg' },
  );
export const sha = async (blob: Blob) =>
  createHash('sha256')
    .update(Buffer.from(await blob.arrayBuffer()))
    .digest('hex');
export const creations = (net: TestNetwork) =>
  net.calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/uploads'));

/** The test API, its technician, and devices that are stopped and deleted after each test / the file. */
export async function useMediaDevices() {
  const server = await useTestApp();
  const tech = await server.signIn('technician');
  const dbs: LocalDb[] = [];
  let engines: SyncEngine[] = [];
  let n = 0;

  afterEach(async () => {
    for (const engine of engines) engine.stop();
    await Promise.all(engines.map((e) => Promise.race([e.settled(), new Promise((r) => setTimeout(r, 1000))])));
    engines = [];
  });
  afterAll(async () => {
    for (const db of dbs) await db.delete();
  });

  const newName = () => `media-sync-${++n}-${crypto.randomUUID().slice(0, 8)}`;

  function device(name = newName(), client: Client = tech): { db: LocalDb; net: TestNetwork; engine: SyncEngine } {
    const db = new LocalDb(name);
    dbs.push(db);
    const net = testNetwork(apiFetch(() => client));
    const engine = new SyncEngine({
      db,
      fetch: net.fetch,
      currentUserId: () => client.user.id,
      lockName: name,
      uploadChunkSize: CHUNK,
    });
    engines.push(engine);
    return { db, net, engine };
  }

  /** A customer, vehicle and inspection made on the device (waiting in its outbox). */
  async function offlineInspection(db: LocalDb, tag: string): Promise<string> {
    const customerId = crypto.randomUUID();
    const vehicleId = crypto.randomUUID();
    const inspectionId = crypto.randomUUID();
    await enqueue(
      db,
      tech.user.id,
      {
        kind: 'customer.create',
        id: customerId,
        body: { name: `Bay ${tag}`, email: `${tag}@mail.test`, phone: '555-0101' },
      },
      'Add customer',
    );
    await enqueue(
      db,
      tech.user.id,
      { kind: 'vehicle.create', id: vehicleId, body: { customerId, year: 2017, make: 'Ford', model: 'Focus' } },
      'Add vehicle',
    );
    await enqueue(
      db,
      tech.user.id,
      { kind: 'inspection.create', id: inspectionId, body: { customerId, vehicleId } },
      'Add inspection',
    );
    return inspectionId;
  }

  const thumb = await thumbOf(await photo(0));

  async function capture(
    db: LocalDb,
    inspectionId: string,
    file: Blob,
    itemKey: 'frontLeftTire' | 'oil' = 'frontLeftTire',
  ) {
    return captureMedia(db, tech.user.id, {
      inspectionId,
      itemKey,
      kind: 'photo',
      file,
      thumb,
      contentType: 'image/jpeg',
      width: 256,
      height: 256,
    });
  }

  const api = apiFetch(() => tech);

  async function serverMedia(inspectionId: string): Promise<MediaResponse[]> {
    const res = await api(`/api/inspections/${inspectionId}/media`, { method: 'GET' });
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: MediaResponse[] }).items;
  }

  return { server, tech, thumb, newName, device, offlineInspection, capture, serverMedia };
}
