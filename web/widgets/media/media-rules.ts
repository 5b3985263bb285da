import { countOf, plural } from '@shared/plural';
import type { LocalMedia } from '@web/offline/media';

// Texts and order rules of the media strip, apart from React so they can be tested in Node.

/** One file's upload on the device, as the device store gives it. */
export type UploadState = NonNullable<LocalMedia['upload']>;

/** One file's upload as the strip says it; null once it is on the server. */
export function uploadLabel(upload: UploadState | null): string | null {
  if (!upload) return null;
  if (upload.state === 'waiting') return 'Waiting to upload';
  if (upload.state === 'failed') return `Upload failed: ${upload.message || 'unknown reason'}`;
  const percent = upload.total > 0 ? Math.min(100, Math.floor((upload.sent / upload.total) * 100)) : 0;
  return `Uploading ${percent}%`;
}

/** Refusals of the file itself (bad request, too large, not a photo or video): sending it again cannot pass. */
const FINAL_REFUSALS = new Set([400, 413, 415]);

/** Whether a failed upload may pass when tried again (its inspection was missing, the server erred). */
export const canRetryUpload = (upload: UploadState | null): boolean =>
  upload?.state === 'failed' && !FINAL_REFUSALS.has(upload.status ?? 0);

/**
 * The confirmation before an inspection dialog closes without saving, when photos taken in it would
 * go (videos count as photos, as on the cards); null when none would.
 */
export function unsavedMediaWarning(
  count: number,
  newInspection: boolean,
): { title: string; description: string } | null {
  if (count === 0) return null;
  const photos = countOf(count, 'photo', 'photos');
  const where = newInspection
    ? 'this inspection'
    : plural(count, 'a service added since the last save', 'services added since the last save');
  return {
    title: `Close without saving?`,
    description: `The ${photos} taken for ${where} ${plural(count, 'is', 'are')} deleted from this device.`,
  };
}

/** '3 photos', '1 photo' (videos count as photos for the cards: they are pictures of the car). */
export const photoCount = (count: number) => countOf(count, 'photo', 'photos');

/** The header's words for uploads not yet on the server, or null when none. */
export const pendingUploadsLabel = (count: number) =>
  count > 0 ? `${countOf(count, 'upload', 'uploads')} pending` : null;

/**
 * Positions after moving the medium at `index` one step (`-1` earlier, `+1` later): the changes to
 * send, as `{ id, position }` for the two media that swap. Empty when it cannot move.
 */
export function moveBy(
  items: readonly { id: string; position: number }[],
  index: number,
  step: -1 | 1,
): { id: string; position: number }[] {
  const other = index + step;
  const a = items[index];
  const b = items[other];
  if (!a || !b) return [];
  // Equal positions (two captured at once) would swap to the same order: spread them by index.
  const pa = a.position === b.position ? index : a.position;
  const pb = a.position === b.position ? other : b.position;
  return [
    { id: a.id, position: pb },
    { id: b.id, position: pa },
  ];
}
