import type { SyncEntity } from '@shared/schemas/sync';
import type { UploadProgress } from './media/uploader';
import type { SyncNotice } from './notices';
import type { SyncStatus } from './types';

/** False only when the browser knows it has no network (no navigator, as in Node: true). */
export const navigatorOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/**
 * What the sync loop tells the page: its status (told only when it changes), the entities whose
 * local rows changed, notices for the user and the file going up.
 */
export class SyncEvents {
  private status: SyncStatus = {
    online: navigatorOnline(),
    pending: 0,
    attention: 0,
    syncing: false,
    needsSignIn: false,
    lastPulledAt: null,
  };
  private readonly statusListeners = new Set<(status: SyncStatus) => void>();
  private readonly dataListeners = new Set<(entities: SyncEntity[]) => void>();
  private readonly noticeListeners = new Set<(notice: SyncNotice) => void>();
  private readonly progressListeners = new Set<(progress: UploadProgress | null) => void>();
  private uploadProgress: UploadProgress | null = null;

  getStatus(): SyncStatus {
    return { ...this.status };
  }

  setStatus(changes: Partial<SyncStatus>): void {
    const next = { ...this.status, ...changes };
    const keys = Object.keys(next) as (keyof SyncStatus)[];
    if (keys.every((k) => next[k] === this.status[k])) return;
    this.status = next;
    for (const listener of this.statusListeners) listener({ ...next });
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    return listen(this.statusListeners, listener);
  }

  onDataChange(listener: (entities: SyncEntity[]) => void): () => void {
    return listen(this.dataListeners, listener);
  }

  emitData(entities: readonly SyncEntity[]): void {
    if (entities.length === 0) return;
    const unique = [...new Set(entities)];
    for (const listener of this.dataListeners) listener(unique);
  }

  onNotice(listener: (notice: SyncNotice) => void): () => void {
    return listen(this.noticeListeners, listener);
  }

  emitNotice(notice: SyncNotice): void {
    for (const listener of this.noticeListeners) listener(notice);
  }

  getUploadProgress(): UploadProgress | null {
    return this.uploadProgress;
  }

  setUploadProgress(progress: UploadProgress | null): void {
    this.uploadProgress = progress;
    for (const listener of this.progressListeners) listener(progress);
  }

  onUploadProgress(listener: (progress: UploadProgress | null) => void): () => void {
    return listen(this.progressListeners, listener);
  }
}

function listen<T>(listeners: Set<T>, listener: T): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
