import type { MediaItemKey, MediaKind, MediaUploadRole } from '@shared/constants';
import type { MediaResponse, MediaUrls } from '@shared/schemas/media';

/**
 * A medium as this device keeps it: the server's shape, with `urls` null until the server has the
 * original (the screens then show the local blobs).
 */
export type MediaRow = Omit<MediaResponse, 'urls'> & { urls: MediaUrls | null };

/** Which stored file of a medium a blob row holds. */
export type MediaBlobRole = 'original' | 'thumb' | 'markup' | 'markupThumb';

export interface MediaBlobRow {
  mediaId: string;
  role: MediaBlobRole;
  blob: Blob;
}

export type UploadState = 'waiting' | 'uploading' | 'failed';

/** One file waiting to go up (the medium's original, or its marked-up copy). */
export interface UploadEntry {
  /** Auto-increment: the upload order. */
  seq?: number;
  mediaId: string;
  inspectionId: string;
  serviceId: string | null;
  role: MediaUploadRole;
  /** Sent only under the session of the user who captured it, like outbox entries. */
  userId: string;
  sha256: string;
  size: number;
  contentType: string;
  /** The tus upload's URL once the server made it: a later try (or a reload) continues there. */
  uploadUrl: string | null;
  /** Bytes the server has confirmed. */
  sent: number;
  state: UploadState;
  attempts: number;
  lastError: { status: number; message: string } | null;
  createdAt: string;
}

/** What `captureMedia` takes: the prepared file, its thumbnail and what is known about it. */
export interface CaptureInput {
  inspectionId: string;
  itemKey?: MediaItemKey;
  serviceId?: string;
  kind: MediaKind;
  file: Blob;
  thumb: Blob;
  contentType: string;
  width: number | null;
  height: number | null;
  durationMs?: number | null;
  caption?: string | null;
}

/** One medium as the screens show it. */
export interface LocalMedia {
  id: string;
  inspectionId: string;
  itemKey: MediaItemKey | null;
  serviceId: string | null;
  kind: MediaKind;
  contentType: string;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  caption: string | null;
  position: number;
  capturedAt: string;
  hasMarkup: boolean;
  /** The local thumbnail (object URL) while kept, else the server's w320. */
  thumbUrl: string;
  /** The marked-up image if any, else the photo (local blob or server w1920); a video's file. */
  displayUrl: string;
  /** The unmarked photo / the video file. */
  originalUrl: string;
  posterUrl: string | null;
  /** null: on the server. */
  upload: { state: UploadState; sent: number; total: number; message?: string; status?: number } | null;
}

export interface UploadStatus {
  pending: number;
  current: { mediaId: string; sent: number; total: number } | null;
  storageWarning: string | null;
}
