import { z } from 'zod';
import { mediaResponse } from '@shared/schemas/media';
import type { LocalDb } from '../local-db';
import { send, type FetchLike } from '../transport';
import { mediaTables, removeMedia, storeServerMedia } from './media-store';

// Media of an inspection older than the device keeps: the feed brought them once, and pruning took
// them with the inspection. Opening such an inspection reads them from the server, to show them.

const mediaList = z.object({ items: z.array(mediaResponse) });

/**
 * Reads an inspection's media from the server into the device when the device does not keep the
 * inspection; does nothing for one it keeps (the feed keeps those current). False when offline or
 * refused: the screen then shows what the device has.
 */
export async function loadServerMedia(
  db: LocalDb,
  inspectionId: string,
  fetchFn: FetchLike,
  baseUrl: string,
  timeoutMs: number,
): Promise<boolean> {
  if (await db.inspections.get(inspectionId)) return true;
  const reply = await send(fetchFn, `${baseUrl}/api/inspections/${inspectionId}/media`, { method: 'GET', timeoutMs });
  if (reply.kind !== 'http' || reply.status !== 200) return false;
  const parsed = mediaList.safeParse(reply.body);
  if (!parsed.success) return false;
  await db.transaction('rw', mediaTables(db), async () => {
    // Gone on the server meanwhile: not kept here either (unless it still waits to go up).
    const waiting = new Set(
      (await db.uploads.filter((u) => u.inspectionId === inspectionId).toArray()).map((u) => u.mediaId),
    );
    const current = new Set(parsed.data.items.map((m) => m.id));
    const stale = (await db.media.where('inspectionId').equals(inspectionId).primaryKeys()).filter(
      (id) => !current.has(id) && !waiting.has(id),
    );
    await removeMedia(db, stale);
    await storeServerMedia(db, parsed.data.items);
  });
  return true;
}

/** Media rows of inspections the device does not keep, with nothing waiting to go up: read for a screen, no longer needed. */
export function forgetUnkeptMedia(db: LocalDb): Promise<void> {
  return db.transaction('rw', mediaTables(db), async () => {
    const waiting = new Set((await db.uploads.toArray()).map((u) => u.mediaId));
    const rows = await db.media.toArray();
    const owners = [...new Set(rows.map((m) => m.inspectionId))];
    const kept = new Set((await db.inspections.bulkGet(owners)).flatMap((i) => (i ? [i.id] : [])));
    await removeMedia(
      db,
      rows.filter((m) => !kept.has(m.inspectionId) && !waiting.has(m.id)).map((m) => m.id),
    );
  });
}
