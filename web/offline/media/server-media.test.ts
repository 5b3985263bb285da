import { describe, expect, it } from 'vitest';
import { mediaTables, removeMedia } from './media-store';
import { photo, useMediaDevices } from '@web/test/offline/media-sync-kit';
import { forgetUnkeptMedia } from './server-media';

// An inspection older than the device keeps (pruned after its window) still shows its photos when
// opened: they are read from the server, and forgotten again at the next start.

const { device, offlineInspection, capture } = await useMediaDevices();

describe('media of an inspection the device does not keep', () => {
  it('are read from the server when it is opened, and forgotten at the next start', async () => {
    const phone = device();
    const inspectionId = await offlineInspection(phone.db, 'old');
    const id = await capture(phone.db, inspectionId, await photo(31));
    await phone.engine.syncNow();

    const tablet = device();
    await tablet.engine.syncNow();
    expect(await tablet.db.media.get(id)).toBeDefined();
    // The window passed: the device pruned the inspection and its media.
    await tablet.db.transaction('rw', mediaTables(tablet.db), async () => {
      await tablet.db.inspections.delete(inspectionId);
      await removeMedia(tablet.db, [id]);
    });

    const before = tablet.net.calls.length;
    expect(await tablet.engine.loadInspectionMedia(inspectionId)).toBe(true);
    expect(tablet.net.calls.slice(before)).toEqual([{ method: 'GET', path: `/api/inspections/${inspectionId}/media` }]);
    const row = await tablet.db.media.get(id);
    expect(row?.urls?.w320).toMatch(new RegExp(`^/api/media/${id}/files/`));
    expect(await tablet.db.mediaBlobs.count()).toBe(0);

    await forgetUnkeptMedia(tablet.db);
    expect(await tablet.db.media.get(id)).toBeUndefined();
  });

  it('asks the server nothing for an inspection the device keeps, and says so when offline', async () => {
    const { db, net, engine } = device();
    const inspectionId = await offlineInspection(db, 'kept');
    await engine.syncNow();
    const before = net.calls.length;
    expect(await engine.loadInspectionMedia(inspectionId)).toBe(true);
    expect(net.calls.length).toBe(before);

    net.offline = true;
    expect(await engine.loadInspectionMedia(crypto.randomUUID())).toBe(false);
  });

  it('keeps, at start, the media still waiting to go up even when their inspection is not saved yet', async () => {
    const { db } = device();
    const unsavedInspection = crypto.randomUUID();
    const id = await capture(db, unsavedInspection, await photo(32));
    await forgetUnkeptMedia(db);
    expect(await db.media.get(id)).toBeDefined();
    expect(await db.uploads.where('mediaId').equals(id).count()).toBe(1);
  });
});
