import { describe, expect, it } from 'vitest';
import { BlobUrls, toLocalMedia, type MediaSnapshot } from './local-media';
import type { MediaRow, UploadEntry } from './media-types';

// What the screens get for a medium: local files while the device keeps them, else the server's URLs.

const blob = (text: string) => new Blob([text], { type: 'image/jpeg' });
const urls = {
  w320: '/s/w320',
  w960: '/s/w960',
  w1920: '/s/w1920',
  original: '/s/original',
  markup: '/s/markup',
  poster: null,
  video: null,
};

function row(id: string, fields: Partial<MediaRow> = {}): MediaRow {
  return {
    id,
    inspectionId: 'i1',
    itemKey: 'oil',
    serviceId: null,
    kind: 'photo',
    contentType: 'image/jpeg',
    bytes: 5,
    width: 10,
    height: 10,
    durationMs: null,
    sha256: 'a'.repeat(64),
    markupSha256: null,
    caption: null,
    position: 0,
    capturedAt: '2026-03-01T09:00:00.000Z',
    takenBy: null,
    processing: false,
    urls: null,
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...fields,
  };
}

const upload = (mediaId: string, fields: Partial<UploadEntry> = {}): UploadEntry => ({
  seq: 1,
  mediaId,
  inspectionId: 'i1',
  serviceId: null,
  role: 'original',
  userId: 'u1',
  sha256: 'a'.repeat(64),
  size: 5,
  contentType: 'image/jpeg',
  uploadUrl: null,
  sent: 0,
  state: 'waiting',
  attempts: 0,
  lastError: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  ...fields,
});

describe('a medium as the screens show it', () => {
  it('uses the local files and upload state until the server has it, then the server’s URLs', () => {
    const snapshot: MediaSnapshot = {
      rows: [row('m2', { position: 1, markupSha256: 'b'.repeat(64), urls }), row('m1', { position: 0 })],
      blobs: [
        { mediaId: 'm1', role: 'original', blob: blob('o1') },
        { mediaId: 'm1', role: 'thumb', blob: blob('t1') },
        { mediaId: 'm2', role: 'markup', blob: blob('k2') },
        { mediaId: 'm2', role: 'markupThumb', blob: blob('kt2') },
      ],
      uploads: [
        upload('m1', { state: 'failed', sent: 0, lastError: { status: 415, message: 'Only photos and videos' } }),
      ],
    };
    const local = (id: string, role: string) => `blob:${id}/${role}`;
    const shown = toLocalMedia(snapshot, (id, role) =>
      snapshot.blobs.some((b) => b.mediaId === id && b.role === role) ? local(id, role) : null,
    );
    expect(shown.map((m) => [m.id, m.thumbUrl, m.displayUrl, m.originalUrl, m.hasMarkup, m.upload])).toEqual([
      [
        'm1',
        'blob:m1/thumb',
        'blob:m1/original',
        'blob:m1/original',
        false,
        { state: 'failed', sent: 0, total: 5, message: 'Only photos and videos', status: 415 },
      ],
      ['m2', 'blob:m2/markupThumb', 'blob:m2/markup', '/s/original', true, null],
    ]);
  });

  it('makes one object URL per file version and revokes those no longer shown', () => {
    const urlsOf = new BlobUrls();
    const first: MediaSnapshot = {
      rows: [row('m1')],
      blobs: [{ mediaId: 'm1', role: 'thumb', blob: blob('t') }],
      uploads: [],
    };
    const a = urlsOf.refresh(first)('m1', 'thumb');
    const b = urlsOf.refresh({ ...first, blobs: [{ mediaId: 'm1', role: 'thumb', blob: blob('t') }] })('m1', 'thumb');
    expect(a).toMatch(/^blob:/);
    expect(b).toBe(a);
    expect(urlsOf.refresh({ ...first, blobs: [] })('m1', 'thumb')).toBeNull();
  });
});
