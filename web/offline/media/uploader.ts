import { Upload, type DetailedError } from 'tus-js-client';
import { MEDIA_UPLOAD_PATH } from '@shared/constants';
import { mediaResponse, type MediaResponse } from '@shared/schemas/media';
import type { Inspection } from '@shared/schemas/inspection';
import type { LocalDb } from '../local-db';
import { send, type FetchLike } from '../transport';
import type { OutboxEntry } from '../types';
import { mediaTables, pruneMediaFiles, removeMedia, storeServerMedia } from './media-store';
import type { MediaRow, UploadEntry } from './media-types';
import { onMediaSignal } from './signals';
import { blobReader, FetchHttpStack, noUrlStorage } from './tus-http';

// The upload queue: one file at a time, in queue order, each once its inspection (and service)
// is on the server; resumable with tus, the upload URL and the bytes sent kept in Dexie.

export type UploadOutcome = 'done' | 'retry' | 'paused' | 'stopped';
export interface UploadProgress {
  mediaId: string;
  sent: number;
  total: number;
}
type OneOutcome = 'ok' | 'failed' | 'retry' | 'sign-in' | 'stopped';

export interface UploaderOptions {
  db: LocalDb;
  fetch: FetchLike;
  baseUrl: string;
  timeoutMs: number;
  /** Bytes per PATCH: progress and a cut connection resume at this granularity. Default 1 MiB. */
  chunkSize?: number;
  onProgress?: (current: UploadProgress | null) => void;
}

/**
 * Whether the server has this inspection (and service) yet: it is saved on this device (an open
 * dialog's new inspection or just-added service is not, until its save) and no create of it waits
 * in the outbox.
 */
export function uploadReady(
  entry: UploadEntry,
  outbox: readonly OutboxEntry[],
  inspection: Pick<Inspection, 'services'> | undefined,
): boolean {
  if (!inspection) return false;
  if (entry.serviceId !== null && !inspection.services.some((s) => s.id === entry.serviceId)) return false;
  return !outbox.some((e) => {
    if (e.entityId !== entry.inspectionId) return false;
    if (e.write.kind === 'inspection.create') return true;
    if (!entry.serviceId || e.write.kind !== 'inspection.update') return false;
    return (e.write.changes.services ?? []).some((s) => s.id === entry.serviceId);
  });
}

const messageOf = (body: string, fallback: string): string => {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // Not JSON: the text itself, if any.
  }
  return body.trim() || fallback;
};

function answerRow(text: string): MediaResponse | null {
  try {
    const row = mediaResponse.safeParse(JSON.parse(text));
    return row.success ? row.data : null;
  } catch {
    return null;
  }
}

export class MediaUploader {
  private current: { entry: UploadEntry; cancel: (terminate: boolean) => void } | null = null;
  private readonly chunkSize: number;

  constructor(private readonly options: UploaderOptions) {
    this.chunkSize = options.chunkSize ?? 1024 * 1024;
    onMediaSignal(options.db, (signal) => {
      if (signal.type === 'dropped' && this.current?.entry.mediaId === signal.mediaId) this.current.cancel(true);
    });
  }

  /** Stops the upload under way (it continues from its offset next time). */
  stop(): void {
    this.current?.cancel(false);
  }

  /** Sends the user's queued files until none is ready; stops at the first one that must wait for the network. */
  async run(userId: string, stopped: () => boolean): Promise<UploadOutcome> {
    const { db } = this.options;
    const tried = new Set<number>();
    for (;;) {
      if (stopped()) return 'stopped';
      const queue = await db.uploads.orderBy('seq').toArray();
      // Most passes have nothing to send: no outbox read then.
      if (!queue.some((u) => u.userId === userId && u.state !== 'failed')) return 'done';
      const waitingOriginals = new Set(queue.filter((u) => u.role === 'original').map((u) => u.mediaId));
      const owners = [...new Set(queue.map((u) => u.inspectionId))];
      // Only the queued media's inspections' entries can hold a file back (uploadReady).
      const outbox = await db.outbox.where('entityId').anyOf(owners).toArray();
      const saved = new Map((await db.inspections.bulkGet(owners)).flatMap((i) => (i ? [[i.id, i] as const] : [])));
      const entry = queue.find(
        (u) =>
          u.userId === userId &&
          u.state !== 'failed' &&
          !tried.has(u.seq as number) &&
          (u.role === 'original' || !waitingOriginals.has(u.mediaId)) &&
          uploadReady(u, outbox, saved.get(u.inspectionId)),
      );
      if (!entry) return 'done';
      tried.add(entry.seq as number);
      const outcome = await this.uploadOne(entry);
      this.options.onProgress?.(null);
      if (outcome === 'retry') return 'retry';
      if (outcome === 'sign-in') return 'paused';
      if (outcome === 'stopped' && stopped()) return 'stopped';
    }
  }

  private async getMedium(mediaId: string): Promise<{ status: number; row: MediaResponse | null } | null> {
    const reply = await send(this.options.fetch, `${this.options.baseUrl}/api/media/${mediaId}`, {
      method: 'GET',
      timeoutMs: this.options.timeoutMs,
    });
    if (reply.kind !== 'http') return null;
    const row = reply.status === 200 ? mediaResponse.safeParse(reply.body) : null;
    return { status: reply.status, row: row?.success ? row.data : null };
  }

  /** The server's copy of the medium if it already holds this file (same SHA-256). */
  private holds(entry: UploadEntry, row: MediaResponse | null): boolean {
    if (!row) return false;
    return entry.role === 'original' ? row.sha256 === entry.sha256 : row.markupSha256 === entry.sha256;
  }

  private async uploadOne(entry: UploadEntry): Promise<OneOutcome> {
    const { db } = this.options;
    const seq = entry.seq as number;
    // Tried before: the last answer may have been lost after the server stored the file.
    if (entry.uploadUrl !== null || entry.attempts > 0) {
      const known = await this.getMedium(entry.mediaId);
      if (!known) return this.note(entry, 'retry', 0, 'No connection to the server');
      if (known.status === 401) return 'sign-in';
      if (this.holds(entry, known.row)) return this.confirm(entry, known.row as MediaResponse);
    }
    const blob = (await db.mediaBlobs.get([entry.mediaId, entry.role]))?.blob;
    if (!blob) {
      // Its medium went meanwhile (deleted here or on another device).
      await db.uploads.delete(seq);
      return 'stopped';
    }
    await db.uploads.update(seq, { state: 'uploading' });
    const result = await this.tus(entry, blob);
    if (result === 'stopped') {
      await db.uploads.where('seq').equals(seq).modify({ state: 'waiting' });
      return 'stopped';
    }
    if (!('answer' in result)) {
      const status = result.originalResponse?.getStatus() ?? 0;
      const message = messageOf(
        result.originalResponse?.getBody() ?? '',
        status ? `The server refused the file (${status})` : 'No connection to the server',
      );
      if (status === 401) {
        await db.uploads.where('seq').equals(seq).modify({ state: 'waiting' });
        return 'sign-in';
      }
      if (status === 410) {
        // The medium or its inspection was deleted on another device: deletes win.
        await db.transaction('rw', mediaTables(db), () => removeMedia(db, [entry.mediaId]));
        return 'stopped';
      }
      const method = result.originalRequest?.getMethod();
      if (status === 404 && method === 'PATCH') {
        // The server no longer knows the upload (it expired, or its staging was lost): start anew.
        // (A 404 to the HEAD that resumes makes tus-js-client create a new upload itself.)
        await db.uploads
          .where('seq')
          .equals(seq)
          .modify((u) => {
            u.uploadUrl = null;
            u.sent = 0;
            u.state = 'waiting';
            u.attempts += 1;
            u.lastError = { status, message };
          });
        return 'retry';
      }
      // A 409 to a PATCH is tus's offset mismatch (HEAD again); to a creation it is a real conflict.
      const offsetMismatch = status === 409 && method === 'PATCH';
      const retry =
        status === 0 ||
        offsetMismatch ||
        status === 408 ||
        status === 423 ||
        status === 425 ||
        status === 429 ||
        status >= 500;
      return this.note(entry, retry ? 'retry' : 'failed', status, message);
    }
    // The last PATCH answers with the medium; else (a HEAD found it complete) it is read.
    const answered = answerRow(result.answer);
    if (answered && this.holds(entry, answered)) return this.confirm(entry, answered);
    const stored = await this.getMedium(entry.mediaId);
    if (!stored?.row || !this.holds(entry, stored.row)) {
      // Confirmed next time: the HEAD says complete, or the GET shows the file.
      return this.note(entry, 'retry', stored?.status ?? 0, 'The upload is waiting for the server to confirm it');
    }
    return this.confirm(entry, stored.row);
  }

  /** A retry keeps the entry waiting (with its upload URL); a refusal marks it failed, never looping. */
  private async note(
    entry: UploadEntry,
    outcome: 'retry' | 'failed',
    status: number,
    message: string,
  ): Promise<OneOutcome> {
    await this.options.db.uploads
      .where('seq')
      .equals(entry.seq as number)
      .modify((u) => {
        u.state = outcome === 'failed' ? 'failed' : 'waiting';
        u.attempts += 1;
        u.lastError = { status, message };
      });
    return outcome;
  }

  /** The server has the file: the entry goes, the row becomes the server's, files the device no longer needs go. */
  private async confirm(entry: UploadEntry, row: MediaResponse): Promise<OneOutcome> {
    const { db } = this.options;
    await db.transaction('rw', mediaTables(db), async () => {
      await db.uploads.delete(entry.seq as number);
      if (await db.media.get(entry.mediaId)) await storeServerMedia(db, [row]);
      await pruneMediaFiles(db, [entry.mediaId]);
    });
    return 'ok';
  }

  /** Resolves with the last answer's body when the upload is complete, 'stopped', or the error. */
  private async tus(entry: UploadEntry, blob: Blob): Promise<{ answer: string } | 'stopped' | DetailedError> {
    const { db, baseUrl, fetch, timeoutMs } = this.options;
    const seq = entry.seq as number;
    const metadata = uploadMetadata(entry, await db.media.get(entry.mediaId));
    return new Promise((resolve) => {
      const upload = new Upload(blob, {
        endpoint: `${baseUrl}${MEDIA_UPLOAD_PATH}`,
        uploadUrl: entry.uploadUrl,
        metadata,
        chunkSize: this.chunkSize,
        // The sync loop backs off and tries again; tus-js-client's own retries would hide a cut.
        retryDelays: null,
        storeFingerprintForResuming: false,
        fingerprint: async () => `baywise-media-${entry.mediaId}-${entry.role}`,
        urlStorage: noUrlStorage,
        fileReader: blobReader,
        httpStack: new FetchHttpStack(fetch, timeoutMs),
        onUploadUrlAvailable: () => {
          void db.uploads.update(seq, { uploadUrl: upload.url });
        },
        onProgress: (sent, total) => this.options.onProgress?.({ mediaId: entry.mediaId, sent, total }),
        onChunkComplete: (_chunk, accepted) => {
          void db.uploads.update(seq, { sent: accepted });
        },
        onSuccess: ({ lastResponse }) => finish({ answer: lastResponse.getBody() ?? '' }),
        onError: (error) => finish(error as DetailedError),
      });
      let done = false;
      const finish = (result: { answer: string } | 'stopped' | DetailedError) => {
        if (done) return;
        done = true;
        this.current = null;
        resolve(result);
      };
      this.current = {
        entry,
        cancel: (terminate) => {
          void upload.abort(terminate).catch(() => undefined);
          finish('stopped');
        },
      };
      upload.start();
    });
  }
}

/** `Upload-Metadata` for an entry (mediaUploadMetadata); the original's creation carries the medium's fields. */
export function uploadMetadata(entry: UploadEntry, row: MediaRow | undefined): Record<string, string> {
  const metadata: Record<string, string> = {
    mediaId: entry.mediaId,
    role: entry.role,
    sha256: entry.sha256,
    filetype: entry.contentType,
  };
  if (entry.role !== 'original' || !row) return metadata;
  const fields: Record<string, string | null> = {
    inspectionId: row.inspectionId,
    itemKey: row.itemKey,
    serviceId: row.serviceId,
    kind: row.kind,
    caption: row.caption,
    position: String(row.position),
    capturedAt: row.capturedAt,
    durationMs: row.durationMs === null ? null : String(row.durationMs),
  };
  for (const [key, value] of Object.entries(fields)) if (value) metadata[key] = value;
  return metadata;
}
