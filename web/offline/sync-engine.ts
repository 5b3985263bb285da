import { liveQuery } from 'dexie';
import type { SyncEntity } from '@shared/schemas/sync';
import { discardEntry, retryEntry } from './attention';
import type { LocalDb } from './local-db';
import { onMediaSignal } from './media/signals';
import { forgetUnkeptMedia, loadServerMedia } from './media/server-media';
import { MediaUploader, type UploadProgress } from './media/uploader';
import type { SyncNotice } from './notices';
import { onEnqueued, withDependents } from './outbox';
import type { Outcome, PassContext } from './pass';
import { FeedPuller } from './pull-feed';
import { pushOutbox } from './push';
import { SyncSchedule } from './schedule';
import { navigatorOnline, SyncEvents } from './sync-events';
import { send, type FetchLike, type Reply } from './transport';
import type { LocalWrite, OutboxEntry, SyncStatus } from './types';

export { USERS_REFRESH_MS } from './pull-feed';

export interface SyncEngineOptions {
  db: LocalDb;
  /** Defaults to window.fetch; the chaos test passes one that calls app.inject with faults. Requests are same-origin, credentials included. */
  fetch?: FetchLike;
  /** '' in the browser. */
  baseUrl?: string;
  /** Entries of another user are never sent. */
  currentUserId: () => string | null;
  /** Web Locks name; default 'baywise-sync'. */
  lockName?: string;
  /** Default 30 000. */
  intervalMs?: number;
  /** A request with no answer after this long counts as a network failure. Default 20 000. */
  timeoutMs?: number;
  /** Rows per change-feed page. */
  pageSize?: number;
  now?: () => number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Bytes per tus PATCH of a photo or video; default 1 MiB. */
  uploadChunkSize?: number;
}

/**
 * The one sync loop of a page: sends the outbox in order under the signed-in user's session
 * (push.ts), uploads the files, then pulls the change feed (pull-feed.ts). When it runs is
 * schedule.ts; what it tells the page is sync-events.ts. Only one tab sends at a time (Web Locks).
 */
export class SyncEngine {
  private readonly db: LocalDb;
  private readonly fetchFn: FetchLike;
  private readonly baseUrl: string;
  private readonly currentUserId: () => string | null;
  private readonly timeoutMs: number;

  private readonly events = new SyncEvents();
  private readonly schedule: SyncSchedule;
  private readonly puller: FeedPuller;
  private readonly uploader: MediaUploader;
  private readonly teardown: (() => void)[] = [];

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.fetchFn = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.baseUrl = options.baseUrl ?? '';
    this.currentUserId = options.currentUserId;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.puller = new FeedPuller(options.pageSize ?? 500, options.now ?? Date.now);
    this.schedule = new SyncSchedule({
      pass: (stopped) => this.runOnce(stopped),
      lockName: options.lockName ?? 'baywise-sync',
      intervalMs: options.intervalMs ?? 30_000,
      random: options.random ?? Math.random,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      afterRun: async () => {
        this.events.setStatus({ syncing: false });
        await this.refreshCounts();
      },
    });

    onEnqueued(this.db, (_entry, changed) => {
      this.events.emitData(changed);
      void this.refreshCounts();
      this.schedule.nudge();
    });
    this.uploader = new MediaUploader({
      db: this.db,
      fetch: this.fetchFn,
      baseUrl: this.baseUrl,
      timeoutMs: this.timeoutMs,
      chunkSize: options.uploadChunkSize,
      onProgress: (progress) => this.events.setUploadProgress(progress),
    });
    onMediaSignal(this.db, (signal) => {
      if (signal.type === 'queued') this.schedule.nudge();
    });
    void this.refreshCounts();
    void this.db.meta
      .get('lastPulledAt')
      .then((row) => {
        if (typeof row?.value === 'string' && this.events.getStatus().lastPulledAt === null)
          this.events.setStatus({ lastPulledAt: row.value });
      })
      .catch(() => undefined);
  }

  // ---- Lifecycle ----

  start(): void {
    if (this.schedule.started) return;
    // Media read for a screen last time the app ran, of inspections the device does not keep.
    void forgetUnkeptMedia(this.db).catch(() => undefined);
    if (typeof window !== 'undefined') {
      const online = () => {
        this.events.setStatus({ online: true });
        this.schedule.kick();
      };
      const offline = () => this.events.setStatus({ online: false });
      const wake = () => this.schedule.kick();
      const visible = () => {
        if (document.visibilityState === 'visible') this.schedule.kick();
      };
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      window.addEventListener('focus', wake);
      document.addEventListener('visibilitychange', visible);
      this.teardown.push(() => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
        window.removeEventListener('focus', wake);
        document.removeEventListener('visibilitychange', visible);
      });
    }
    // Counts also change in other tabs (their enqueues, this loop's sends seen from there).
    const counts = liveQuery(() => this.unsentCounts()).subscribe({
      next: (value) => this.events.setStatus(value),
      error: () => undefined,
    });
    this.teardown.push(() => counts.unsubscribe());
    this.schedule.start();
  }

  stop(): void {
    this.schedule.stop();
    // A cut upload continues from its offset when the loop runs again (its URL is in Dexie).
    this.uploader.stop();
    for (const undo of this.teardown.splice(0)) undo();
  }

  /** Resolves once the pass under way, if any, has ended (it may still write to the local database). */
  settled(): Promise<void> {
    return this.schedule.settled();
  }

  /** Push the whole outbox in order, then pull until hasMore is false. Never throws for network/HTTP failures. */
  syncNow(): Promise<void> {
    return this.schedule.syncNow();
  }

  resumeAfterSignIn(): void {
    this.events.setStatus({ needsSignIn: false });
    this.schedule.kick();
  }

  // ---- Status and events ----

  getStatus(): SyncStatus {
    return this.events.getStatus();
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    return this.events.subscribe(listener);
  }

  onDataChange(listener: (entities: SyncEntity[]) => void): () => void {
    return this.events.onDataChange(listener);
  }

  /** Notices for the user (a change the server refused for good); the app words and shows them. */
  onNotice(listener: (notice: SyncNotice) => void): () => void {
    return this.events.onNotice(listener);
  }

  /** The file going up right now and its bytes sent (null between uploads). */
  getUploadProgress(): UploadProgress | null {
    return this.events.getUploadProgress();
  }

  onUploadProgress(listener: (progress: UploadProgress | null) => void): () => void {
    return this.events.onUploadProgress(listener);
  }

  // ---- The sync panel ----

  /** Needs-attention entries, oldest first. */
  async attentionEntries(): Promise<OutboxEntry[]> {
    return (await this.ownEntries()).filter((entry) => entry.state === 'attention');
  }

  /** The signed-in user's unsent changes: what the header counts and a sign-out would leave behind. */
  async unsentCounts(): Promise<Pick<SyncStatus, 'pending' | 'attention'>> {
    const entries = await this.ownEntries();
    const attention = entries.filter((entry) => entry.state === 'attention').length;
    return { pending: entries.length - attention, attention };
  }

  /** What discard(entryId) would drop: the entry and the later entries that need it. */
  async discardPreview(entryId: string): Promise<OutboxEntry[]> {
    return withDependents(await this.db.outbox.orderBy('seq').toArray(), entryId);
  }

  /**
   * Puts an entry back to pending (optionally with an edited write of the same kind and row) and
   * syncs. It gets a new id (Idempotency-Key): the server keeps its refusal of the old one for good.
   */
  async retry(entryId: string, editedWrite?: LocalWrite): Promise<void> {
    const changed = await retryEntry(this.db, entryId, editedWrite);
    if (!changed) return;
    this.events.emitData(changed);
    await this.refreshCounts();
    this.schedule.cancelBackoff();
    await this.syncNow();
  }

  /**
   * The user's explicit choice: drops the entry and the entries that depend on it, removes rows
   * that only those entries made, and pulls everything again so the other rows show the server's
   * copy. Returns how many entries were dropped, the entry included.
   */
  async discard(entryId: string): Promise<number> {
    const { dropped, changed } = await discardEntry(this.db, entryId);
    this.events.emitData(changed);
    await this.refreshCounts();
    if (dropped > 0) {
      this.schedule.cancelBackoff();
      void this.syncNow();
    }
    return dropped;
  }

  /** An inspection's media from the server, for one the device does not keep (see server-media.ts). */
  loadInspectionMedia(inspectionId: string): Promise<boolean> {
    return loadServerMedia(this.db, inspectionId, this.fetchFn, this.baseUrl, this.timeoutMs);
  }

  // ---- One pass ----

  private async runOnce(stopped: () => boolean): Promise<Outcome> {
    const userId = this.currentUserId();
    if (!userId || this.events.getStatus().needsSignIn) return 'paused';
    this.events.setStatus({ syncing: true });
    const ctx = this.passContext(stopped);
    const pushed = await pushOutbox(ctx, userId);
    if (pushed !== 'done') return pushed;
    // With the browser offline no file is tried: it would show as uploading until the request
    // failed. The 'online' event starts the next pass.
    if (!navigatorOnline()) return 'retry';
    // Files once their inspection is on the server (the push above sent its create), then the
    // caption, order and delete changes that waited for their file.
    const uploaded = await this.uploader.run(userId, stopped);
    if (uploaded === 'paused') this.events.setStatus({ needsSignIn: true });
    if (uploaded === 'paused' || uploaded === 'stopped') return uploaded;
    const pushedAgain = await pushOutbox(ctx, userId);
    if (pushedAgain !== 'done') return pushedAgain;
    // A file that must wait (a cut connection, the server not confirming yet) holds back neither the
    // other devices' changes nor the edits behind it; it is tried again after the backoff.
    const pulled = await this.puller.pull(ctx);
    return pulled === 'done' ? uploaded : pulled;
  }

  private passContext(stopped: () => boolean): PassContext {
    return {
      db: this.db,
      events: this.events,
      request: (...args) => this.request(...args),
      refreshCounts: () => this.refreshCounts(),
      stopped,
    };
  }

  private async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<Reply> {
    const reply = await send(this.fetchFn, `${this.baseUrl}${url}`, {
      method,
      body,
      idempotencyKey,
      timeoutMs: this.timeoutMs,
    });
    this.events.setStatus({ online: reply.kind === 'http' });
    return reply;
  }

  // ---- Plumbing ----

  /** The signed-in user's entries, oldest first; another user's wait for that user's sign-in. */
  private async ownEntries(): Promise<OutboxEntry[]> {
    const userId = this.currentUserId();
    if (!userId) return [];
    return (await this.db.outbox.orderBy('seq').toArray()).filter((entry) => entry.userId === userId);
  }

  private async refreshCounts(): Promise<void> {
    try {
      this.events.setStatus(await this.unsentCounts());
    } catch {
      // The database is closing (sign-out, tests): the counts are not needed any more.
    }
  }
}
