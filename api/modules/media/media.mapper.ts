import type { MediaItemKey, MediaKind } from '@shared/constants';
import type { MediaResponse, MediaUrls, PublicMedia } from '@shared/schemas/media';
import type { MediaView } from './media.repository';

// A file URL names its content's version (from the SHA-256 of what it serves), so it never
// changes meaning and may be cached for good; a URL with an old version answers 404.

export const MEDIA_FILE_NAMES = ['original', 'markup', 'w320', 'w960', 'w1920', 'poster', 'video'] as const;
export type MediaFileName = (typeof MEDIA_FILE_NAMES)[number];

type Versioned = Pick<MediaView, 'sha256' | 'markupSha256' | 'kind' | 'playable'>;

const short = (sha: string) => sha.slice(0, 16);

/** The version a file's URL carries, or null when the medium has no such file. */
export function fileVersion(media: Versioned, name: MediaFileName): string | null {
  const video = media.kind === 'video';
  switch (name) {
    case 'original':
      return short(media.sha256);
    case 'markup':
      return media.markupSha256 ? short(media.markupSha256) : null;
    case 'w320':
    case 'w960':
    case 'w1920':
      return short(!video && media.markupSha256 ? media.markupSha256 : media.sha256);
    case 'poster':
      return video ? short(media.sha256) : null;
    case 'video':
      return video ? `${short(media.sha256)}${media.playable ? `-${media.playable}` : ''}` : null;
  }
}

export function mediaUrlsOf(media: Versioned & { id: string }, base: string): MediaUrls {
  const url = (name: MediaFileName) => {
    const version = fileVersion(media, name);
    return version === null ? null : `${base}/${media.id}/files/${version}/${name}`;
  };
  return {
    w320: url('w320') ?? '',
    w960: url('w960') ?? '',
    w1920: url('w1920') ?? '',
    original: url('original') ?? '',
    markup: url('markup'),
    poster: url('poster'),
    video: url('video'),
  };
}

export const STAFF_MEDIA_BASE = '/api/media';
export const publicMediaBase = (token: string) => `/api/public/inspections/${encodeURIComponent(token)}/media`;

export function toMedia(row: MediaView): MediaResponse {
  return {
    id: row.id,
    inspectionId: row.inspectionId,
    itemKey: row.itemKey as MediaItemKey | null,
    serviceId: row.serviceId,
    kind: row.kind as MediaKind,
    contentType: row.contentType,
    bytes: Number(row.bytes),
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    sha256: row.sha256,
    markupSha256: row.markupSha256,
    caption: row.caption,
    position: row.position,
    capturedAt: row.capturedAt,
    takenBy: row.takenBy ? { id: row.takenBy, name: row.takenByName ?? '' } : null,
    processing: row.processing === 1,
    urls: mediaUrlsOf(row, STAFF_MEDIA_BASE),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toPublicMedia(row: MediaView, token: string): PublicMedia {
  return {
    id: row.id,
    itemKey: row.itemKey as MediaItemKey | null,
    serviceId: row.serviceId,
    kind: row.kind as MediaKind,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    caption: row.caption,
    position: row.position,
    urls: mediaUrlsOf(row, publicMediaBase(token)),
  };
}
