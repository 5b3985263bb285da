import type { MediaItemKey } from '@shared/constants';
import type { Inspection } from '@shared/schemas/inspection';
import { getOffline } from '@web/offline';
import { keepRow } from '@web/offline/local-queries-source';
import {
  captureMedia,
  deleteMedia,
  discardUnsavedMedia,
  retryUpload,
  saveMarkup,
  updateMedia,
} from '@web/offline/media';
import { readCachedUser } from '@web/lib/current-user';
import { preparePhoto } from '../prepare-photo';
import { kindOfFile, photoRefusal } from '../prepare-rules';
import { MediaRefusal, prepareVideo } from '../prepare-video';

// Every change to a medium goes through the device's media store (saved here at once, sent by the
// upload queue); the screens never talk to the server about media themselves.

/** Where a captured medium belongs: one inspection item or one saved service. */
export type MediaOwner = { inspectionId: string } & (
  { itemKey: MediaItemKey; serviceId?: undefined } | { serviceId: string; itemKey?: undefined }
);

function device(): { db: ReturnType<typeof getOffline>['db']; userId: string } {
  const userId = readCachedUser()?.id;
  if (!userId) throw new MediaRefusal('Sign in again to add photos.');
  return { db: getOffline().db, userId };
}

/**
 * Prepares one chosen or taken file and keeps it on the device; throws a MediaRefusal saying why
 * not. `onPreview` gets a photo's thumbnail as soon as it exists, for the strip to show meanwhile.
 * A saved inspection read from the server (older than the device keeps) is kept here from now on:
 * the upload queue sends media only of inspections saved on the device.
 */
export async function captureFile(
  owner: MediaOwner,
  saved: Inspection | undefined,
  file: File,
  onPreview?: (thumb: Blob) => void,
): Promise<string> {
  const kind = kindOfFile(file);
  if (!kind) throw new MediaRefusal(`${file.name || 'This file'} is not a photo or a video.`);
  const { db, userId } = device();
  if (saved) await keepRow({ table: 'inspections', row: saved })(db);
  const place = owner.itemKey ? { itemKey: owner.itemKey } : { serviceId: owner.serviceId };
  if (kind === 'video') {
    const video = await prepareVideo(file);
    return captureMedia(db, userId, { inspectionId: owner.inspectionId, ...place, kind, ...video });
  }
  const refusal = photoRefusal(file.size, file.type);
  if (refusal) throw new MediaRefusal(refusal);
  const photo = await preparePhoto(file, onPreview).catch((error: unknown) => {
    throw new MediaRefusal(error instanceof Error ? error.message : 'This photo could not be prepared.');
  });
  return captureMedia(db, userId, { inspectionId: owner.inspectionId, ...place, kind, ...photo });
}

/** Shows a saved inspection's photos even when the device does not keep it (read from the server when online). */
export async function loadMediaOf(inspectionId: string): Promise<void> {
  await getOffline().engine.loadInspectionMedia(inspectionId);
}

export async function changeCaption(mediaId: string, caption: string): Promise<void> {
  const { db, userId } = device();
  await updateMedia(db, userId, mediaId, { caption: caption.trim() === '' ? null : caption.trim() });
}

export async function changePositions(changes: readonly { id: string; position: number }[]): Promise<void> {
  const { db, userId } = device();
  for (const change of changes) await updateMedia(db, userId, change.id, { position: change.position });
}

export async function removeMedia(mediaId: string): Promise<void> {
  const { db, userId } = device();
  await deleteMedia(db, userId, mediaId);
}

export async function keepMarkup(mediaId: string, markup: Blob, thumb: Blob): Promise<void> {
  const { db, userId } = device();
  await saveMarkup(db, userId, mediaId, markup, thumb);
}

/** Sends a failed file again. */
export async function retryMedia(mediaId: string): Promise<void> {
  await retryUpload(getOffline().db, mediaId);
}

/** Drops the media taken before a first save: of the whole inspection, or of these services. */
export async function discardUnsaved(inspectionId: string, serviceIds?: readonly string[]): Promise<number> {
  const { db, userId } = device();
  return discardUnsavedMedia(db, userId, inspectionId, serviceIds);
}
