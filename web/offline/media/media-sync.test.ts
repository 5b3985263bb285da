import { describe, expect, it } from 'vitest';
import { enqueue } from '../outbox';
import { captureMedia, deleteMedia, saveMarkup, updateMedia } from './capture';
import { pendingUploads, readInspectionMedia, toLocalMedia } from './local-media';
import { CHUNK, creations, photo, sha, thumbOf, useMediaDevices } from '@web/test/offline/media-sync-kit';
import type { LocalDb } from '../local-db';
// Photos and videos from a device with a bad signal reach the server exactly once, in order, after
// their inspection, and resume where a cut left them; other devices learn of them from the feed.

const { tech, thumb, newName, device, offlineInspection, capture, serverMedia } = await useMediaDevices();
const roles = async (db: LocalDb, mediaId: string) =>
  (await db.mediaBlobs.where('mediaId').equals(mediaId).toArray()).map((b) => b.role).sort();

describe('the upload queue', () => {
  it('waits for the inspection’s create, then sends the files in capture order, one each, and keeps only the thumbnails', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'order');
    const first = await photo(1);
    const second = await photo(2);
    const a = await capture(db, inspectionId, first);
    const b = await capture(db, inspectionId, second, 'oil');
    // The inspection's create is lost on the way: nothing may go up before it is on the server.
    net.dropNext = '/api/inspections';
    await engine.syncNow();
    expect(creations(net)).toEqual([]);
    expect(await pendingUploads(db, tech.user.id)).toBe(2);

    await engine.syncNow();
    const order = net.calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(order).toEqual(['/api/customers', '/api/vehicles', '/api/inspections', '/api/uploads', '/api/uploads']);
    const stored = await serverMedia(inspectionId);
    // Should a file be missing, its upload entry says why (its state and last error).
    const left = (await db.uploads.toArray()).map(({ mediaId, state, attempts, lastError }) => ({
      mediaId,
      state,
      attempts,
      lastError,
    }));
    expect(
      stored.map((m) => [m.id, m.sha256, m.itemKey]),
      `uploads left: ${JSON.stringify(left)}`,
    ).toEqual([
      [a, await sha(first), 'frontLeftTire'],
      [b, await sha(second), 'oil'],
    ]);
    expect(await pendingUploads(db, tech.user.id)).toBe(0);
    // The last PATCH answers with the medium: no second call to learn it.
    expect(net.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/media/'))).toEqual([]);
    // Confirmed, in an inspection in progress: the thumbnail stays, the full file goes.
    expect(await roles(db, a)).toEqual(['thumb']);
    const shown = toLocalMedia(await readInspectionMedia(db, inspectionId), () => null);
    expect(shown.map((m) => [m.id, m.upload, m.displayUrl])).toEqual([
      [a, null, stored[0]?.urls.w1920],
      [b, null, stored[1]?.urls.w1920],
    ]);
  });

  it('sends a service’s photo only once the save that added the service is on the server, even while that save waits for the user', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'service');
    await engine.syncNow();
    const serviceId = crypto.randomUUID();
    const services = [
      {
        id: serviceId,
        description: 'Front brake pads',
        laborCost: '120.00',
        partsCost: '80.00',
        status: 'recommended' as const,
        parts: [],
      },
    ];
    await enqueue(
      db,
      tech.user.id,
      { kind: 'inspection.update', id: inspectionId, changes: { services } },
      'Edit inspection',
    );
    const file = await photo(11);
    const id = await captureMedia(db, tech.user.id, {
      inspectionId,
      serviceId,
      kind: 'photo',
      file,
      thumb,
      contentType: 'image/jpeg',
      width: 256,
      height: 256,
    });
    // The save is refused and waits for the user: the loop goes on, but the photo must not go up.
    net.refuseNext = `/api/inspections/${inspectionId}`;
    await engine.syncNow();
    const [refused] = await db.outbox.toArray();
    expect(refused?.state).toBe('attention');
    expect(creations(net)).toEqual([]);
    await engine.retry(refused?.id as string);
    const [stored] = await serverMedia(inspectionId);
    expect([stored?.id, stored?.serviceId, stored?.itemKey]).toEqual([id, serviceId, null]);
  });

  it('continues a cut upload from where it stopped after a reload, sending no byte twice', async () => {
    const name = newName();
    const first = device(name);
    const inspectionId = await offlineInspection(first.db, 'cut');
    const file = await photo(3, 640);
    expect(file.size).toBeGreaterThan(6 * CHUNK);
    const id = await capture(first.db, inspectionId, file);
    first.net.cutAtOffset = Math.floor(file.size * 0.6);
    await first.engine.syncNow();
    const queued = await first.db.uploads.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.uploadUrl).toMatch(/\/api\/uploads\//);
    const sentBeforeCut = first.net.patchBytes.reduce((sum, bytes) => sum + bytes, 0);
    expect(sentBeforeCut).toBeGreaterThanOrEqual(file.size * 0.6);
    expect(sentBeforeCut).toBeLessThan(file.size);
    expect(queued[0]?.sent).toBe(sentBeforeCut);
    // The app is killed: a new page opens the same database.
    first.engine.stop();
    first.db.close();
    const again = device(name);
    await again.engine.syncNow();
    const sentAfter = again.net.patchBytes.reduce((sum, bytes) => sum + bytes, 0);
    expect(sentBeforeCut + sentAfter).toBe(file.size);
    expect(again.net.calls.filter((c) => c.method === 'HEAD')).toHaveLength(1);
    expect(creations(again.net)).toEqual([]);
    expect((await serverMedia(inspectionId)).map((m) => [m.id, m.sha256])).toEqual([[id, await sha(file)]]);
  });

  it('loses nothing when the app is killed while a chunk is on its way', async () => {
    const name = newName();
    const first = device(name);
    const inspectionId = await offlineInspection(first.db, 'killed');
    const file = await photo(10, 640);
    const id = await capture(first.db, inspectionId, file);
    let killed = false;
    first.engine.onUploadProgress((progress) => {
      if (killed || !progress || progress.sent < file.size / 2) return;
      killed = true;
      first.engine.stop();
    });
    await first.engine.syncNow();
    expect(killed).toBe(true);
    const [entry] = await first.db.uploads.toArray();
    expect([entry?.state, entry?.sent]).toEqual([
      'waiting',
      first.net.patchBytes.reduce((sum, bytes) => sum + bytes, 0),
    ]);
    first.db.close();
    const again = device(name);
    await again.engine.syncNow();
    expect([...first.net.patchBytes, ...again.net.patchBytes].reduce((sum, bytes) => sum + bytes, 0)).toBe(file.size);
    expect((await serverMedia(inspectionId)).map((m) => [m.id, m.sha256])).toEqual([[id, await sha(file)]]);
    expect(await again.db.uploads.count()).toBe(0);
  });

  it('never makes a second copy when the answer to the last chunk is lost', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'lost');
    const file = await photo(4);
    const id = await capture(db, inspectionId, file);
    net.loseAnswerAtOffset = file.size;
    await engine.syncNow();
    expect(await db.uploads.count()).toBe(1);
    await engine.syncNow();
    expect(await db.uploads.count()).toBe(0);
    expect(creations(net)).toHaveLength(1);
    expect(net.patchBytes.reduce((sum, bytes) => sum + bytes, 0)).toBe(file.size);
    expect((await serverMedia(inspectionId)).map((m) => m.id)).toEqual([id]);
  });

  it('marks a refused file failed with the server’s message and does not send it again', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'refused');
    const page = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
      type: 'image/jpeg',
    });
    await capture(db, inspectionId, page);
    const good = await capture(db, inspectionId, await photo(5), 'oil');
    await engine.syncNow();
    await engine.syncNow();
    expect(creations(net)).toHaveLength(2);
    const [entry] = await db.uploads.toArray();
    expect(entry?.state).toBe('failed');
    expect(entry?.lastError?.status).toBe(415);
    expect(entry?.lastError?.message).toBe(
      'Only photos (JPEG, PNG, WebP, HEIC, AVIF) and videos (MP4, WebM, MOV) can be uploaded; this file is neither',
    );
    const shown = toLocalMedia(await readInspectionMedia(db, inspectionId), () => null);
    expect(shown.map((m) => m.upload?.state ?? 'on the server')).toEqual(['failed', 'on the server']);
    expect(await pendingUploads(db, tech.user.id)).toBe(0);
    expect((await serverMedia(inspectionId)).map((m) => m.id)).toEqual([good]);
  });

  it('sends a caption and a mark-up made before the file went up, after it', async () => {
    const { db, engine } = device();
    const inspectionId = await offlineInspection(db, 'markup');
    const id = await capture(db, inspectionId, await photo(6));
    const markup = await photo(7);
    await saveMarkup(db, tech.user.id, id, markup, await thumbOf(markup));
    await updateMedia(db, tech.user.id, id, { caption: '  Pad at 2 mm ' });
    await engine.syncNow();
    const [stored] = await serverMedia(inspectionId);
    expect([stored?.caption, stored?.markupSha256]).toEqual(['Pad at 2 mm', await sha(markup)]);
    expect(await db.outbox.count()).toBe(0);
    expect(await roles(db, id)).toEqual(['markup', 'markupThumb', 'thumb']);
  });

  it('drops a medium deleted before its upload began without asking the server', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'dropped');
    const id = await capture(db, inspectionId, await photo(8));
    await deleteMedia(db, tech.user.id, id);
    expect([await db.media.count(), await db.mediaBlobs.count(), await db.uploads.count()]).toEqual([0, 0, 0]);
    await engine.syncNow();
    expect(net.calls.filter((c) => c.path.includes('/media') || c.path.startsWith('/api/uploads'))).toEqual([]);
  });

  it('tries no file while the browser says it is offline (it waits, never "uploading"), and sends it once online', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'offline');
    const id = await capture(db, inspectionId, await photo(9));
    const before = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
    try {
      await engine.syncNow();
    } finally {
      if (before) Object.defineProperty(globalThis, 'navigator', before);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
    expect(net.calls.filter((c) => c.path.startsWith('/api/uploads'))).toEqual([]);
    expect((await db.uploads.toArray()).map((u) => [u.mediaId, u.state, u.attempts])).toEqual([[id, 'waiting', 0]]);
    await engine.syncNow();
    expect((await serverMedia(inspectionId)).map((m) => m.id)).toEqual([id]);
    expect(await pendingUploads(db, tech.user.id)).toBe(0);
  });
});

describe('deleting', () => {
  it('stops an upload in flight and leaves the server without the medium', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'abort');
    const file = await photo(12, 640);
    const id = await capture(db, inspectionId, file);
    let deleting: Promise<void> | null = null;
    engine.onUploadProgress((progress) => {
      if (!deleting && progress && progress.sent >= file.size / 2) deleting = deleteMedia(db, tech.user.id, id);
    });
    await engine.syncNow();
    expect(deleting).not.toBeNull();
    await deleting;
    await engine.syncNow();
    expect(net.patchBytes.reduce((sum, bytes) => sum + bytes, 0)).toBeLessThan(file.size);
    expect(net.calls.filter((c) => c.method === 'DELETE').map((c) => c.path.split('/').slice(0, 3).join('/'))).toEqual([
      '/api/uploads',
      '/api/media',
    ]);
    expect(await serverMedia(inspectionId)).toEqual([]);
    expect([
      await db.media.get(id),
      await db.mediaBlobs.count(),
      await db.uploads.count(),
      await db.outbox.count(),
    ]).toEqual([undefined, 0, 0, 0]);
  });

  it('lets a photo go when its inspection was deleted on another device before it went up', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'gone');
    await engine.syncNow();
    const customerId = (await db.inspections.get(inspectionId))?.customerId as string;
    const res = await tech.inject({ method: 'DELETE', url: `/api/customers/${customerId}` });
    expect(res.statusCode, res.body).toBe(204);
    const id = await capture(db, inspectionId, await photo(13));
    await engine.syncNow();
    expect(creations(net)).toHaveLength(1);
    expect([
      await db.media.get(id),
      await db.mediaBlobs.where('mediaId').equals(id).count(),
      await db.uploads.count(),
    ]).toEqual([undefined, 0, 0]);
    expect(await db.inspections.get(inspectionId)).toBeUndefined();
  });
});

describe('other devices', () => {
  it('pull the new media without files, and their deletions', async () => {
    const phone = device();
    const inspectionId = await offlineInspection(phone.db, 'feed');
    const id = await capture(phone.db, inspectionId, await photo(9));
    await phone.engine.syncNow();
    const tablet = device();
    await tablet.engine.syncNow();
    const row = await tablet.db.media.get(id);
    expect(row?.urls?.w320).toMatch(/./);
    expect(await tablet.db.mediaBlobs.count()).toBe(0);
    await deleteMedia(phone.db, tech.user.id, id);
    await phone.engine.syncNow();
    expect(await serverMedia(inspectionId)).toEqual([]);
    await tablet.engine.syncNow();
    expect(await tablet.db.media.get(id)).toBeUndefined();
  });
});
