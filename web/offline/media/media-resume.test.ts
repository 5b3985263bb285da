import { describe, expect, it } from 'vitest';
import { CHUNK, creations, photo, sha, useMediaDevices } from '@web/test/offline/media-sync-kit';

// An upload that cannot go on right now neither loses its photo nor holds back the rest of sync.

const { device, offlineInspection, capture, serverMedia } = await useMediaDevices();

describe('an upload that cannot continue', () => {
  it('starts again when the server no longer knows its upload URL (expired), keeping the photo, and the server keeps one copy', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'expired');
    const file = await photo(21, 640);
    expect(file.size).toBeGreaterThan(4 * CHUNK);
    const id = await capture(db, inspectionId, file);
    net.cutAtOffset = CHUNK * 2;
    await engine.syncNow();
    const [cut] = await db.uploads.toArray();
    expect(cut?.uploadUrl).toMatch(/\/api\/uploads\//);

    net.cutAtOffset = null;
    net.expireNextPatch = true;
    await engine.syncNow();
    // Not taken for "deleted elsewhere": the photo stays, and waits to start anew.
    expect(await db.media.get(id)).toBeDefined();
    const [restart] = await db.uploads.toArray();
    expect([restart?.uploadUrl, restart?.sent, restart?.state]).toEqual([null, 0, 'waiting']);

    await engine.syncNow();
    expect(await db.uploads.count()).toBe(0);
    expect(creations(net)).toHaveLength(2);
    expect((await serverMedia(inspectionId)).map((m) => [m.id, m.sha256])).toEqual([[id, await sha(file)]]);
  });

  it('does not hold back the changes of other devices while it waits for the connection', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'waiting');
    await capture(db, inspectionId, await photo(22, 640));
    // Uploads cannot get through (a proxy that cuts large bodies), the rest of the API can.
    net.cutAtOffset = 0;
    const res = await net.api('/api/customers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Desk customer', email: 'desk@mail.test', phone: '555-0102' }),
    });
    expect(res.status).toBe(201);
    const { id: deskCustomer } = (await res.json()) as { id: string };
    await engine.syncNow();
    expect(await db.uploads.count()).toBe(1);
    expect((await db.customers.get(deskCustomer))?.name).toBe('Desk customer');
  });
});
