import type { LocalDb } from '../local-db';
import { deleteMedia } from './capture';

// Media taken in an inspection dialog before its first save (a new inspection, or a service added
// in this edit) belong to ids only the dialog knows: closing it without saving lets them go.

/** What a close without saving would drop: every medium of the inspection, or only the services'. */
export async function unsavedMediaIds(
  db: LocalDb,
  inspectionId: string,
  serviceIds?: readonly string[],
): Promise<string[]> {
  const services = serviceIds ? new Set(serviceIds) : null;
  return db.media
    .where('inspectionId')
    .equals(inspectionId)
    .filter((m) => !services || (m.serviceId !== null && services.has(m.serviceId)))
    .primaryKeys();
}

/**
 * Deletes those media with their files and queued uploads; returns how many went. Their uploads
 * never began (the queue waits for a saved owner), so the server is not asked.
 */
export async function discardUnsavedMedia(
  db: LocalDb,
  userId: string,
  inspectionId: string,
  serviceIds?: readonly string[],
): Promise<number> {
  if (serviceIds?.length === 0) return 0;
  const ids = await unsavedMediaIds(db, inspectionId, serviceIds);
  for (const id of ids) await deleteMedia(db, userId, id);
  return ids.length;
}
