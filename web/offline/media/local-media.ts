import type { LocalDb } from '../local-db';
import type { LocalMedia, MediaBlobRole, MediaBlobRow, MediaRow, UploadEntry } from './media-types';

// The media of an inspection as the screens show them: local files while kept, else the server's URLs.

export interface MediaSnapshot {
  rows: MediaRow[];
  blobs: MediaBlobRow[];
  uploads: UploadEntry[];
}

/** One read of an inspection's media, their kept files and their queued uploads. */
export async function readInspectionMedia(db: LocalDb, inspectionId: string): Promise<MediaSnapshot> {
  const rows = await db.media.where('inspectionId').equals(inspectionId).toArray();
  const ids = rows.map((r) => r.id);
  const [blobs, uploads] = await Promise.all([
    db.mediaBlobs.where('mediaId').anyOf(ids).toArray(),
    db.uploads.where('mediaId').anyOf(ids).toArray(),
  ]);
  return { rows, blobs, uploads };
}

/** Object URLs for stored Blobs, one per file version, revoked once no screen shows that version. */
export class BlobUrls {
  private readonly urls = new Map<string, string>();

  /** The URLs for these blobs; ones no longer among them are revoked. */
  refresh(snapshot: MediaSnapshot): (mediaId: string, role: MediaBlobRole) => string | null {
    const rows = new Map(snapshot.rows.map((r) => [r.id, r]));
    const next = new Map<string, string>();
    for (const blob of snapshot.blobs) {
      // The marked-up copy can be replaced: its version is its SHA-256.
      const version = blob.role.startsWith('markup') ? (rows.get(blob.mediaId)?.markupSha256 ?? '') : '';
      const key = `${blob.mediaId}:${blob.role}:${version}`;
      next.set(`${blob.mediaId}:${blob.role}`, this.urls.get(key) ?? URL.createObjectURL(blob.blob));
      this.urls.set(key, next.get(`${blob.mediaId}:${blob.role}`) as string);
    }
    const live = new Set(next.values());
    for (const [key, url] of this.urls) {
      if (!live.has(url)) {
        URL.revokeObjectURL(url);
        this.urls.delete(key);
      }
    }
    return (mediaId, role) => next.get(`${mediaId}:${role}`) ?? null;
  }

  private users = 0;

  /** A screen shows these URLs; the returned function lets go of them (revoked once no screen shows them). */
  retain(): () => void {
    this.users += 1;
    return () => {
      this.users -= 1;
      // Later, not now: React's development double mount lets go and takes hold again at once.
      setTimeout(() => {
        if (this.users === 0) this.clear();
      }, 0);
    };
  }

  clear(): void {
    for (const url of this.urls.values()) URL.revokeObjectURL(url);
    this.urls.clear();
  }
}

/** The screens' view of a snapshot, ordered by position then capture time. */
export function toLocalMedia(
  snapshot: MediaSnapshot,
  urlOf: (mediaId: string, role: MediaBlobRole) => string | null,
): LocalMedia[] {
  return [...snapshot.rows]
    .sort((a, b) => a.position - b.position || a.capturedAt.localeCompare(b.capturedAt))
    .map((row) => {
      const local = (role: MediaBlobRole) => urlOf(row.id, role);
      const urls = row.urls;
      const isVideo = row.kind === 'video';
      const originalUrl = local('original') ?? (isVideo ? (urls?.video ?? urls?.original) : urls?.original) ?? '';
      const displayUrl = isVideo ? originalUrl : (local('markup') ?? local('original') ?? urls?.w1920 ?? '');
      const thumbUrl = local('markupThumb') ?? local('thumb') ?? urls?.w320 ?? '';
      const queued = snapshot.uploads.filter((u) => u.mediaId === row.id).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
      const failed = queued.find((u) => u.state === 'failed');
      const first = failed ?? queued[0];
      return {
        id: row.id,
        inspectionId: row.inspectionId,
        itemKey: row.itemKey,
        serviceId: row.serviceId,
        kind: row.kind,
        contentType: row.contentType,
        width: row.width,
        height: row.height,
        durationMs: row.durationMs,
        caption: row.caption,
        position: row.position,
        capturedAt: row.capturedAt,
        hasMarkup: row.markupSha256 !== null,
        thumbUrl,
        displayUrl,
        originalUrl,
        posterUrl: urls?.poster ?? (isVideo ? local('thumb') : null),
        upload: first
          ? {
              state: first.state,
              sent: first.sent,
              total: first.size,
              ...(first.lastError && first.state === 'failed'
                ? { message: first.lastError.message, status: first.lastError.status }
                : {}),
            }
          : null,
      };
    });
}

/** An inspection's media on the device, for the count on its card or row (an indexed count). */
export function mediaCount(db: LocalDb, inspectionId: string): Promise<number> {
  return db.media.where('inspectionId').equals(inspectionId).count();
}

/** Files still to go up for this user (failed ones wait for the user, they are not pending). */
export async function pendingUploads(db: LocalDb, userId: string | null): Promise<number> {
  if (!userId) return 0;
  return db.uploads.filter((u) => u.userId === userId && u.state !== 'failed').count();
}

/** Files of this user still on the device only (failed ones too): what a sign-out would leave behind. */
export async function unsentUploads(db: LocalDb, userId: string | null): Promise<number> {
  if (!userId) return 0;
  return db.uploads.filter((u) => u.userId === userId).count();
}
