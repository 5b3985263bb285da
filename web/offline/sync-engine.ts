import { liveQuery } from 'dexie';
import { syncChangesResponse, type SyncEntity } from '../../shared/schemas/sync';
import { userListResponse } from '../../shared/schemas/user';
import { toRequest } from './apply-write';
import { acknowledgeEntry, dropGoneEntry, rowUrl, serverRowOf, storeServerRow } from './entry-outcomes';
import type { LocalDb } from './local-db';
import { withLock } from './lock';
import type { SyncNotice } from './notices';
import { mustWait, onEnqueued, withDependents } from './outbox';
import { dropGoneMedia, isMediaWrite, mediaWaitsForUpload, storeMediaReply } from './media/media-writes';
import { onMediaSignal } from './media/signals';
import { forgetUnkeptMedia, loadServerMedia } from './media/server-media';
import { MediaUploader, type UploadProgress } from './media/uploader';
import { applyPage, pruneInspections, readCursor, replaceUsers, resetLocalCopy } from './pull';
import { discardEntry, retryEntry } from './attention';
import { backoffDelay, send, verdictOf, type FetchLike, type Reply } from './transport';
import type { LocalWrite, OutboxEntry, SyncStatus } from './types';

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

/** How a pass of the loop ended: 'retry' backs off, 'paused' waits for a sign-in. */
type Outcome = 'done' | 'retry' | 'paused' | 'stopped';

const USERS_URL = '/api/users?limit=500';
/**
 * The technician list changes seldom and is not in the change feed: asked for at the first pull of
 * a page and then at most this often, not at every 30-second pass (which showed as the users list
 * reloading every 30 seconds while nothing had changed).
 */
export const USERS_REFRESH_MS = 15 * 60_000;
const MAX_RESYNCS_PER_PULL = 2;

const navigatorOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/**
 * The one sync loop of a page: sends the outbox in order under the signed-in user's session, then
 * pulls the change feed. Only one tab sends at a time (Web Locks).
 */
export class SyncEngine {
  private readonly db: LocalDb;
  private readonly fetchFn: FetchLike;
  private readonly baseUrl: string;
  private readonly currentUserId: () => string | null;
  private readonly lockName: string;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private readonly pageSize: number;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  private status: SyncStatus;
  private readonly statusListeners = new Set<(status: SyncStatus) => void>();
  private readonly dataListeners = new Set<(entities: SyncEntity[]) => void>();
  private readonly noticeListeners = new Set<(notice: SyncNotice) => void>();
  private readonly progressListeners = new Set<(progress: UploadProgress | null) => void>();
  private uploadProgress: UploadProgress | null = null;
  private readonly uploader: MediaUploader;

  private running: Promise<void> | null = null;
  private again = false;
  /** Bumped by stop(): a pass that started before stops between two requests. */
  private generation = 0;
  private started = false;
  private failures = 0;
  private backoffToken = 0;
  private backoffPending = false;
  /** When the technician list was last asked for (this page); null before the first time. */
  private usersAskedAt: number | null = null;
  private readonly teardown: (() => void)[] = [];

  constructor(options: SyncEngineOptions) {
    this.db = options.db;
    this.fetchFn = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
    this.baseUrl = options.baseUrl ?? '';
    this.currentUserId = options.currentUserId;
    this.lockName = options.lockName ?? 'baywise-sync';
    this.intervalMs = options.intervalMs ?? 30_000;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.pageSize = options.pageSize ?? 500;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.status = { online: navigatorOnline(), pending: 0, attention: 0, syncing: false, needsSignIn: false, lastPulledAt: null };

    onEnqueued(this.db, (_entry, changed) => {
      this.emitData(changed);
      void this.refreshCounts();
      if (this.started && !this.backoffPending) this.kick();
    });
    this.uploader = new MediaUploader({
      db: this.db,
      fetch: this.fetchFn,
      baseUrl: this.baseUrl,
      timeoutMs: this.timeoutMs,
      chunkSize: options.uploadChunkSize,
      onProgress: (progress) => {
        this.uploadProgress = progress;
        for (const listener of this.progressListeners) listener(progress);
      },
    });
    onMediaSignal(this.db, (signal) => {
      if (signal.type === 'queued' && this.started && !this.backoffPending) this.kick();
    });
    void this.refreshCounts();
    void this.db.meta
      .get('lastPulledAt')
      .then((row) => {
        if (typeof row?.value === 'string' && this.status.lastPulledAt === null) this.setStatus({ lastPulledAt: row.value });
      })
      .catch(() => undefined);
  }

  // ---- Lifecycle ----

  start(): void {
    if (this.started) return;
    this.started = true;
    // Media read for a screen last time the app ran, of inspections the device does not keep.
    void forgetUnkeptMedia(this.db).catch(() => undefined);
    if (typeof window !== 'undefined') {
      const online = () => {
        this.setStatus({ online: true });
        this.kick();
      };
      const offline = () => this.setStatus({ online: false });
      const wake = () => this.kick();
      const visible = () => {
        if (document.visibilityState === 'visible') this.kick();
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
    const interval = setInterval(() => {
      if (!this.backoffPending) void this.syncNow();
    }, this.intervalMs);
    this.teardown.push(() => clearInterval(interval));
    // Counts also change in other tabs (their enqueues, this loop's sends seen from there).
    const counts = liveQuery(() => this.unsentCounts()).subscribe({
      next: (value) => this.setStatus(value),
      error: () => undefined,
    });
    this.teardown.push(() => counts.unsubscribe());
    this.kick();
  }

  stop(): void {
    this.started = false;
    this.generation += 1;
    // A cut upload continues from its offset when the loop runs again (its URL is in Dexie).
    this.uploader.stop();
    this.cancelBackoff();
    for (const undo of this.teardown.splice(0)) undo();
  }

  /** Resolves once the pass under way, if any, has ended (it may still write to the local database). */
  settled(): Promise<void> {
    return this.running ? this.running.catch(() => undefined) : Promise.resolve();
  }

  /** Push the whole outbox in order, then pull until hasMore is false. Never throws for network/HTTP failures. */
  syncNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      let outcome: Outcome = 'done';
      try {
        do {
          this.again = false;
          outcome = await withLock(this.lockName, () => this.runOnce());
          // Asked again meanwhile (a new change, a restart, a sign-in): once more, unless backing off.
        } while (this.again && outcome !== 'retry');
      } finally {
        this.running = null;
        this.setStatus({ syncing: false });
        await this.refreshCounts();
      }
      this.afterRun(outcome);
    })();
    this.running = run;
    return run;
  }

  resumeAfterSignIn(): void {
    this.setStatus({ needsSignIn: false });
    this.kick();
  }

  // ---- Status and events ----

  getStatus(): SyncStatus {
    return { ...this.status };
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onDataChange(listener: (entities: SyncEntity[]) => void): () => void {
    this.dataListeners.add(listener);
    return () => this.dataListeners.delete(listener);
  }

  /** Notices for the user (a change the server refused for good); the app words and shows them. */
  onNotice(listener: (notice: SyncNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /** The file going up right now and its bytes sent (null between uploads). */
  getUploadProgress(): UploadProgress | null {
    return this.uploadProgress;
  }

  onUploadProgress(listener: (progress: UploadProgress | null) => void): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
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
    this.emitData(changed);
    await this.refreshCounts();
    this.cancelBackoff();
    await this.syncNow();
  }

  /**
   * The user's explicit choice: drops the entry and the entries that depend on it, removes rows
   * that only those entries made, and pulls everything again so the other rows show the server's
   * copy. Returns how many entries were dropped, the entry included.
   */
  async discard(entryId: string): Promise<number> {
    const { dropped, changed } = await discardEntry(this.db, entryId);
    this.emitData(changed);
    await this.refreshCounts();
    if (dropped > 0) {
      this.cancelBackoff();
      void this.syncNow();
    }
    return dropped;
  }

  // ---- One pass ----

  private async runOnce(): Promise<Outcome> {
    const generation = this.generation;
    const userId = this.currentUserId();
    if (!userId || this.status.needsSignIn) return 'paused';
    this.setStatus({ syncing: true });
    const pushed = await this.push(userId, generation);
    if (pushed !== 'done') return pushed;
    // Files once their inspection is on the server (the push above sent its create), then the
    // caption, order and delete changes that waited for their file.
    const uploaded = await this.uploader.run(userId, () => generation !== this.generation);
    if (uploaded === 'paused') this.setStatus({ needsSignIn: true });
    if (uploaded === 'paused' || uploaded === 'stopped') return uploaded;
    const pushedAgain = await this.push(userId, generation);
    if (pushedAgain !== 'done') return pushedAgain;
    // A file that must wait (a cut connection, the server not confirming yet) holds back neither the
    // other devices' changes nor the edits behind it; it is tried again after the backoff.
    const pulled = await this.pull(generation);
    return pulled === 'done' ? uploaded : pulled;
  }

  private afterRun(outcome: Outcome): void {
    if (outcome === 'done') this.failures = 0;
    if (outcome !== 'retry' || !this.started) return;
    this.failures += 1;
    const token = ++this.backoffToken;
    this.backoffPending = true;
    void this.sleep(backoffDelay(this.failures, this.random)).then(() => {
      if (token !== this.backoffToken || !this.started) return;
      this.backoffPending = false;
      void this.syncNow();
    });
  }

  private cancelBackoff(): void {
    this.backoffToken += 1;
    this.backoffPending = false;
  }

  /** An immediate try (start, online, focus, a new change), cutting any backoff short. */
  private kick(): void {
    this.cancelBackoff();
    // A macrotask away, so a caller's transaction or render is never part of the pass.
    setTimeout(() => void this.syncNow(), 0);
  }

  private async push(userId: string, generation: number): Promise<Outcome> {
    const blocked = new Set<string>();
    let lastSeq = 0;
    for (;;) {
      if (generation !== this.generation) return 'stopped';
      const entry = await this.db.outbox.where('seq').above(lastSeq).first();
      if (!entry?.seq) return 'done';
      lastSeq = entry.seq;
      if (entry.userId !== userId) {
        // Never sent under this session; later changes to its rows wait for its owner.
        blocked.add(entry.entityId);
        continue;
      }
      if (isMediaWrite(entry.write)) {
        // A medium's change waits for its file and its inspection, and holds back nothing else.
        if (entry.state === 'attention' || blocked.has(entry.entityId) || (await mediaWaitsForUpload(this.db, entry.write))) continue;
      } else if (mustWait(entry, blocked)) continue;
      const outcome = await this.pushEntry(entry, blocked);
      if (outcome !== 'done') return outcome;
    }
  }

  /** An inspection's media from the server, for one the device does not keep (see server-media.ts). */
  loadInspectionMedia(inspectionId: string): Promise<boolean> {
    return loadServerMedia(this.db, inspectionId, this.fetchFn, this.baseUrl, this.timeoutMs);
  }

  private async request(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, idempotencyKey?: string): Promise<Reply> {
    const reply = await send(this.fetchFn, `${this.baseUrl}${url}`, { method, body, idempotencyKey, timeoutMs: this.timeoutMs });
    this.setStatus({ online: reply.kind === 'http' });
    return reply;
  }

  private async pushEntry(entry: OutboxEntry, blocked: Set<string>): Promise<Outcome> {
    const call = toRequest(entry.write);
    const reply = await this.request(call.method, call.url, call.body, entry.id);
    // A medium already gone is what a delete wanted.
    const verdict = entry.write.kind === 'media.delete' && reply.kind === 'http' && reply.status === 404 ? 'ok' : verdictOf(reply);
    switch (verdict) {
      case 'ok':
        this.emitData(await acknowledgeEntry(this.db, entry, reply.kind === 'http' ? reply.body : undefined));
        if (reply.kind === 'http') await storeMediaReply(this.db, entry.write, reply.body);
        return 'done';
      case 'gone':
        if (isMediaWrite(entry.write)) await dropGoneMedia(this.db, entry.write);
        else await this.dropGone(entry, reply.kind === 'http' ? reply.body : null);
        return 'done';
      case 'attention':
        blocked.add(entry.entityId);
        await this.note(entry, reply, 'attention');
        return 'done';
      case 'sign-in':
        this.setStatus({ needsSignIn: true });
        return 'paused';
      case 'retry':
        await this.note(entry, reply, 'pending');
        return 'retry';
    }
  }

  private async note(entry: OutboxEntry, reply: Reply, state: OutboxEntry['state']): Promise<void> {
    const lastError = reply.kind === 'http' ? { status: reply.status, message: reply.message } : { status: 0, message: reply.message };
    await this.db.outbox.update(entry.seq as number, { state, attempts: entry.attempts + 1, lastError });
    await this.refreshCounts();
  }

  /** 410: the change is dropped (entry-outcomes.ts); a row it pointed elsewhere is read again. */
  private async dropGone(entry: OutboxEntry, serverBody: unknown): Promise<void> {
    const { notice, changed, reread } = await dropGoneEntry(this.db, entry, serverBody);
    this.emitData(changed);
    if (reread) {
      const reply = await this.request('GET', rowUrl(reread.entity, reread.id));
      const row = reply.kind === 'http' && reply.status === 200 ? serverRowOf(reread.entity, reply.body) : null;
      if (row || (reply.kind === 'http' && (reply.status === 404 || reply.status === 410))) {
        this.emitData(await storeServerRow(this.db, reread.entity, reread.id, row));
      }
    }
    if (notice) for (const listener of this.noticeListeners) listener(notice);
  }

  private async pull(generation: number): Promise<Outcome> {
    let resyncs = 0;
    for (;;) {
      if (generation !== this.generation) return 'stopped';
      const cursor = await readCursor(this.db);
      const reply = await this.request('GET', `/api/sync/changes?since=${encodeURIComponent(cursor)}&limit=${this.pageSize}`);
      if (reply.kind === 'http' && reply.status === 401) {
        this.setStatus({ needsSignIn: true });
        return 'paused';
      }
      const page = reply.kind === 'http' && reply.status === 200 ? syncChangesResponse.safeParse(reply.body) : null;
      if (!page?.success) return 'retry';
      if (page.data.resync) {
        if (++resyncs > MAX_RESYNCS_PER_PULL) return 'retry';
        this.emitData(await resetLocalCopy(this.db));
        continue;
      }
      this.emitData(await applyPage(this.db, page.data));
      // A page that does not move the cursor would repeat forever.
      if (!page.data.hasMore || page.data.cursor === cursor) break;
    }
    const lastPulledAt = new Date(this.now()).toISOString();
    await this.db.meta.put({ key: 'lastPulledAt', value: lastPulledAt });
    this.setStatus({ lastPulledAt });
    if (await pruneInspections(this.db, this.now())) this.emitData(['inspection']);
    await this.refreshUsers();
    return 'done';
  }

  /** The technician picker's users; only admins may list them (403 for others is fine). */
  private async refreshUsers(): Promise<void> {
    const now = this.now();
    if (this.usersAskedAt !== null && now - this.usersAskedAt < USERS_REFRESH_MS) return;
    const reply = await this.request('GET', USERS_URL);
    if (reply.kind === 'http') this.usersAskedAt = now;
    if (reply.kind !== 'http' || reply.status !== 200) return;
    const users = userListResponse.safeParse(reply.body);
    if (users.success) await replaceUsers(this.db, users.data);
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
      this.setStatus(await this.unsentCounts());
    } catch {
      // The database is closing (sign-out, tests): the counts are not needed any more.
    }
  }

  private setStatus(changes: Partial<SyncStatus>): void {
    const next = { ...this.status, ...changes };
    const keys = Object.keys(next) as (keyof SyncStatus)[];
    if (keys.every((k) => next[k] === this.status[k])) return;
    this.status = next;
    for (const listener of this.statusListeners) listener({ ...next });
  }

  private emitData(entities: readonly SyncEntity[]): void {
    if (entities.length === 0) return;
    const unique = [...new Set(entities)];
    for (const listener of this.dataListeners) listener(unique);
  }
}
