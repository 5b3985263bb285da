import { mkdtempSync, readdirSync, readSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '@api/db/database';
import { LentBuffers, type Lent } from '@api/lib/lent-buffers';
import { isProcessRunning } from '@api/db/server-lock';
import { LruMap } from '@api/lib/lru-map';

/**
 * Pages of the change feed kept as the bytes they were sent as, in files, so that the next device
 * asking for the same page gets them without the page being read and written again (a device's
 * first sync, or every device's after a restore, reads the same pages from `0` onwards).
 *
 * A page after `since` holds the feed's rows up to its last `seq`, each answered as its row is now.
 * Every change to what an item's answer shows moves that item's feed row to a new `seq` past the end
 * of the feed (a customer's update moves its vehicles, inspections and deferred lines too), so a row
 * only ever leaves a page's range, and then the page's last `seq` moves on. The same last `seq` means
 * the same rows, unchanged: a kept page is good while its page's last `seq` and `hasMore` are what the
 * feed says now, in the same epoch and with the same deletions remembered (a prune forgets some
 * without moving anything: the key holds the horizon). The one thing that changes without the feed is time: an inspection
 * changed within the window drops out of the page when it gets older than that, so a page is kept
 * until its first such inspection would (`until`).
 *
 * A page is kept the second time it is read (`askedBefore`): most pages are read once.
 *
 * In files rather than in memory: a page is ~170 KB and a first sync of a large shop reads hundreds
 * of them, which the server's memory budget has no room for; read back, a file comes from the
 * system's file cache. The folder is the process's own (made private, named after the process,
 * removed on close or exit, and by the next server to start should the process be killed); what it
 * holds weighs at most `KEPT_PAGE_BYTES` in at most `KEPT_PAGES` files, each held open, the least
 * recently used page out first.
 */

/** How many bytes of pages a database's server keeps in files at most. */
export const KEPT_PAGE_BYTES = 64 * 1024 * 1024;
/**
 * Pages smaller than this are not kept: they cost little to read and write again. The tests' apps
 * (`checkReads`) keep every page, and check each kept one they send against the page read again.
 */
export const KEPT_PAGE_MIN_BYTES = 32 * 1024;

/** How many pages a database's server keeps at most (each an open file). */
export const KEPT_PAGES = 512;

/** How many pages read once are remembered, to keep them when asked for again. */
const ASKED_PAGES = 4096;

/** How many bytes of segments (api/modules/sync/feed-segments.ts) a database's server keeps in files at most. */
export const KEPT_SEGMENT_BYTES = 64 * 1024 * 1024;

/** How many segments a database's server keeps at most (each an open file). */
export const KEPT_SEGMENTS = 256;

export interface PageCheck {
  /** The page's last `seq`. */
  last: number;
  hasMore: boolean;
}

interface Kept extends PageCheck {
  file: string;
  /** The file, open: a page is read back with one read. */
  handle: FileHandle;
  bytes: number;
  /** The time (ms) after which the page may have changed without the feed: +Infinity when never. */
  until: number;
}

/**
 * One kind's items of a segment, in feed order: the i-th item has `seqs[i]` and is the bytes
 * `starts[i]` to `starts[i + 1]` of the segment's file (its JSON text and a comma after it).
 */
export interface SegmentItems {
  seqs: Float64Array;
  starts: Uint32Array;
}

/** What a segment of the feed holds, beside its bytes. */
export interface SegmentIndex {
  /** How many rows of the feed (of any kind, deletions too) its range held when it was read. */
  rows: number;
  /** When it was read (ms): it holds the inspections kept at that time, and answers no page asked for before. */
  readAt: number;
  customers: SegmentItems;
  vehicles: SegmentItems;
  /** With the time (ms) each drops out of the offline window: +Infinity when in progress. */
  inspections: SegmentItems & { until: Float64Array };
}

/**
 * A segment kept in a file of its own. Until its file is written its bytes are held in memory
 * (`pending`), so that the requests that come meanwhile read them rather than the segment again.
 */
export interface KeptSegment extends SegmentIndex {
  key: string;
  bytes: number;
  pending: Buffer | undefined;
  file: string | undefined;
  handle: FileHandle | undefined;
}

interface Store {
  dir: string | undefined;
  pages: LruMap<string, Kept>;
  segments: LruMap<string, KeptSegment>;
  /** The pages read but not kept, each with its last `seq` then: one asked for again is kept. */
  asked: LruMap<string, number>;
  /** The segments a page held all of, not kept: one held again is kept. */
  segmentsAsked: LruMap<string, true>;
  files: number;
  /** The pages being written. */
  writing: Set<Promise<void>>;
}

// Per database: its transactions' handles share its adapter.
const stores = new WeakMap<object, Store>();

// Databases closed: a request that ends after the close keeps nothing more.
const closed = new WeakSet<object>();

// The folders made by this process: removed at its exit too, should a database never be closed.
const folders = new Set<string>();
let firstFolder = true;

const FOLDER_PREFIX = 'baywise-sync-pages-';

/**
 * Removes the folders of servers that are no longer running (killed before they could): they hold
 * customers' names and addresses, and nothing reads them again.
 */
export function removeFoldersOfStoppedServers(): void {
  let names: string[] = [];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const pid = name.startsWith(FOLDER_PREFIX) ? /^(\d+)-/.exec(name.slice(FOLDER_PREFIX.length))?.[1] : undefined;
    if (!pid || Number(pid) === process.pid || isProcessRunning(Number(pid))) continue;
    try {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    } catch {
      // Another user's folder: left to its owner.
    }
  }
}

function newFolder(): string {
  if (firstFolder) {
    firstFolder = false;
    removeFoldersOfStoppedServers();
    process.once('exit', () => {
      for (const folder of folders) {
        try {
          rmSync(folder, { recursive: true, force: true });
        } catch {
          // Removed by the next server to start.
        }
      }
    });
  }
  const dir = mkdtempSync(path.join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
  folders.add(dir);
  return dir;
}

/** Closes and removes a page's file; a file that cannot be removed is left (the folder goes later). */
function dropFile(page: Pick<Kept, 'file' | 'handle'>): void {
  void page.handle.close().catch(() => undefined);
  try {
    rmSync(page.file, { force: true });
  } catch {
    // Left for the folder's removal.
  }
}

function storeOf(db: Db): Store {
  const adapter = db.getExecutor().adapter;
  let store = stores.get(adapter);
  if (!store) {
    const pages = new LruMap<string, Kept>(
      KEPT_PAGES,
      { weigh: (page) => page.bytes, most: KEPT_PAGE_BYTES },
      dropFile,
    );
    const segments = new LruMap<string, KeptSegment>(
      KEPT_SEGMENTS,
      { weigh: (segment) => segment.bytes, most: KEPT_SEGMENT_BYTES },
      // One still being written is removed once written (it is no longer the one listed).
      ({ file, handle }) => file && handle && dropFile({ file, handle }),
    );
    const asked = new LruMap<string, number>(ASKED_PAGES);
    const segmentsAsked = new LruMap<string, true>(ASKED_PAGES);
    stores.set(
      adapter,
      (store = { dir: undefined, pages, segments, asked, segmentsAsked, files: 0, writing: new Set() }),
    );
  }
  return store;
}

/**
 * What kept pages are read into, and pages put together from segments, lent to the answers that send
 * them. Up to 64 wait to be lent again: at 50 connections about as many pages are in flight, and a
 * buffer made anew for each (~170 KB) is memory the allocator keeps once freed (about 10 MB more RSS
 * after the bench's load with 16).
 */
export const pageBuffers = new LentBuffers(64);

/**
 * The page's key: its epoch, the feed's tombstone horizon (the deletions it still remembers), where
 * it starts and how many changes it holds at most.
 */
export const pageKey = (epoch: string, horizon: number, since: number, limit: number): string =>
  `${epoch}:${horizon}:${since}:${limit}`;

/**
 * The kept bytes of this page when they are still the page's (same last `seq` and `hasMore`, and
 * not past `until` at `now`); undefined otherwise (a kept page that no longer is the page is dropped).
 * The bytes are lent: give them back once sent. Read with one `pread` of a file the server wrote
 * (in the system's file cache): a few µs, less than handing the read to another thread costs.
 */
export function keptPage(db: Db, key: string, check: PageCheck, now: number): Lent | undefined {
  const store = stores.get(db.getExecutor().adapter);
  const kept = store?.pages.get(key);
  if (!kept) return undefined;
  if (kept.last !== check.last || kept.hasMore !== check.hasMore || now > kept.until) {
    store!.pages.delete(key);
    return undefined;
  }
  const lent = pageBuffers.lend(kept.bytes);
  try {
    if (readSync(kept.handle.fd, lent.bytes, 0, kept.bytes, 0) !== kept.bytes)
      throw new Error('a kept page was cut short');
    return lent;
  } catch {
    lent.giveBack();
    store!.pages.delete(key);
    return undefined;
  }
}

/**
 * Whether the same page (its key and last `seq`) was read before and not kept: a page is kept the
 * second time it is read, so a page read once (a device's next page of a sync no other device
 * makes) costs no file.
 */
export function askedBefore(db: Db, key: string, check: PageCheck): boolean {
  if (closed.has(db.getExecutor().adapter)) return false;
  const { asked } = storeOf(db);
  if (asked.get(key) === check.last) return true;
  asked.set(key, check.last);
  return false;
}

/**
 * Keeps the page's bytes for the next device asking for it, written while the page is sent. The
 * file is written before the page is listed, so a reader never finds half of it; a write that fails
 * keeps nothing (the page is read again next time).
 */
export function keepPage(db: Db, key: string, page: PageCheck & { until: number }, bytes: Buffer): void {
  if (bytes.length > KEPT_PAGE_BYTES || closed.has(db.getExecutor().adapter)) return;
  const store = storeOf(db);
  track(store, write(db, store, key, page, bytes));
}

/** Remembers a write until it is done (`keptPagesWritten`, the close). */
function track(store: Store, writing: Promise<void>): void {
  store.writing.add(writing);
  void writing.finally(() => store.writing.delete(writing));
}

/**
 * Keeps a segment of the feed in a file of its own, written in the background; until then its bytes
 * are read from memory, and `done` is called once they are no longer (written, or not kept). A
 * write that fails forgets the segment (it is read again next time).
 */
export function keepSegment(db: Db, key: string, index: SegmentIndex, bytes: Buffer, done: () => void): void {
  const adapter = db.getExecutor().adapter;
  if (bytes.length > KEPT_SEGMENT_BYTES || closed.has(adapter)) return done();
  const store = storeOf(db);
  const segment: KeptSegment = {
    ...index,
    key,
    bytes: bytes.length,
    pending: bytes,
    file: undefined,
    handle: undefined,
  };
  store.segments.set(key, segment);
  store.segmentsAsked.delete(key);
  const writing = (async () => {
    try {
      const file = await newFile(store);
      try {
        await file.handle.write(bytes, 0, bytes.length, 0);
      } catch (err) {
        dropFile(file);
        throw err;
      }
      // Closed, replaced or dropped meanwhile: nothing reads the file.
      if (stores.get(adapter) !== store || store.segments.peek(key) !== segment) return dropFile(file);
      Object.assign(segment, { ...file, pending: undefined });
    } catch {
      if (store.segments.peek(key) === segment) store.segments.delete(key);
    } finally {
      // A read of the pending bytes copies them at once: none is under way.
      segment.pending = undefined;
      done();
    }
  })();
  track(store, writing);
}

/**
 * Whether a page held all of this segment before, since it was last kept: a segment is kept the
 * second time a page holds all of it (the first time, this remembers it).
 */
export function segmentAskedBefore(db: Db, key: string): boolean {
  if (closed.has(db.getExecutor().adapter)) return false;
  const { segmentsAsked } = storeOf(db);
  if (segmentsAsked.get(key)) return true;
  segmentsAsked.set(key, true);
  return false;
}

/** The segment kept under this key, if there is one (its rows are checked against the feed by the caller). */
export function keptSegment(db: Db, key: string): KeptSegment | undefined {
  return stores.get(db.getExecutor().adapter)?.segments.get(key);
}

/** Forgets a kept segment (its rows changed, or its file could not be read). */
export function dropSegment(db: Db, key: string): void {
  stores.get(db.getExecutor().adapter)?.segments.delete(key);
}

/**
 * Copies the segment's bytes `start` to `end` into `into` at `at`, with one `pread` of a file the
 * server wrote (in the system's file cache); false when they could not all be read.
 */
export function readSegmentBytes(segment: KeptSegment, into: Buffer, at: number, start: number, end: number): boolean {
  if (segment.pending) return segment.pending.copy(into, at, start, end) === end - start;
  if (!segment.handle) return false;
  try {
    return readSync(segment.handle.fd, into, at, end - start, start) === end - start;
  } catch {
    return false;
  }
}

/** A new file in the store's folder, open; the folder made again when it is gone (a temporary-folder cleaner). */
async function newFile(store: Store): Promise<{ file: string; handle: FileHandle }> {
  for (let attempt = 0; ; attempt++) {
    store.dir ??= newFolder();
    const file = path.join(store.dir, `${++store.files}.json`);
    try {
      return { file, handle: await open(file, 'wx+', 0o600) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw err;
      folders.delete(store.dir);
      store.dir = undefined;
    }
  }
}

async function write(db: Db, store: Store, key: string, page: PageCheck & { until: number }, bytes: Buffer) {
  try {
    const { file, handle } = await newFile(store);
    try {
      await handle.write(bytes, 0, bytes.length, 0);
    } catch (err) {
      dropFile({ file, handle });
      throw err;
    }
    // Closed meanwhile: the folder is gone, and nothing more is kept.
    if (stores.get(db.getExecutor().adapter) !== store) {
      dropFile({ file, handle });
      return;
    }
    store.pages.set(key, { ...page, file, handle, bytes: bytes.length });
    store.asked.delete(key);
  } catch {
    // Nothing is kept (a full or unwritable temporary folder); the page is read again next time.
  }
}

/** Waits for the pages being written (the tests read them next). */
export async function keptPagesWritten(db: Db): Promise<void> {
  const store = stores.get(db.getExecutor().adapter);
  if (store) await Promise.all(store.writing);
}

/**
 * How many pages and segments this database's server keeps now, and the folder of their files (once
 * there is one).
 */
export function keptPages(db: Db): { count: number; segments: number; folder: string | undefined } {
  const store = stores.get(db.getExecutor().adapter);
  return { count: store?.pages.size ?? 0, segments: store?.segments.size ?? 0, folder: store?.dir };
}

/** Forgets this database's kept pages and removes their folder once the pages being written are (the app's close). */
export async function dropKeptPages(db: Db): Promise<void> {
  const adapter = db.getExecutor().adapter;
  const store = stores.get(adapter);
  stores.delete(adapter);
  closed.add(adapter);
  if (!store) return;
  await Promise.all(store.writing);
  store.pages.clear();
  store.segments.clear();
  if (!store.dir) return;
  try {
    rmSync(store.dir, { recursive: true, force: true });
    folders.delete(store.dir);
  } catch {
    // Left for the exit, or the next server to start.
  }
}
