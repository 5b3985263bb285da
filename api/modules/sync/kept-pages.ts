import { mkdtempSync, readSync, rmSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '@api/db/database';
import { LentBuffers, type Lent } from '@api/lib/lent-buffers';
import { LruMap } from '@api/lib/lru-map';

/**
 * Pages of the change feed kept as the bytes they were sent as, in files, so that the next device
 * asking for the same page gets them without the page being read and written again (a device's
 * first sync, or every device's after a restore, reads the same pages from `0` onwards).
 *
 * A page after `since` holds the feed's rows up to its last `seq`, each answered as its row is now.
 * Every change to what an item's answer shows moves that item's feed row to a new `seq` past the end
 * of the feed (a customer's update moves its vehicles and inspections too), so a row only ever
 * leaves a page's range, and then the page's last `seq` moves on. The same last `seq` means the same
 * rows, unchanged: a kept page is good while its page's last `seq` and `hasMore` are what the feed
 * says now, in the same epoch. The one thing that changes without the feed is time: an inspection
 * changed within the window drops out of the page when it gets older than that, so a page is kept
 * until its first such inspection would (`until`).
 *
 * A page is kept the second time it is read (`askedBefore`): most pages are read once.
 *
 * In files rather than in memory: a page is ~170 KB and a first sync of a large shop reads hundreds
 * of them, which the server's memory budget has no room for; read back, a file comes from the
 * system's file cache. The folder is the process's own (made private, removed on close); what
 * it holds weighs at most `KEPT_PAGE_BYTES`, the least recently used page out first.
 */

/** How many bytes of pages a database's server keeps in files at most. */
export const KEPT_PAGE_BYTES = 64 * 1024 * 1024;
/**
 * Pages smaller than this are not kept: they cost little to read and write again. The tests' apps
 * (`checkReads`) keep every page, and check each kept one they send against the page read again.
 */
export const KEPT_PAGE_MIN_BYTES = 32 * 1024;

/** How many pages read once are remembered, to keep them when asked for again. */
const ASKED_PAGES = 4096;

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

interface Store {
  dir: string | undefined;
  pages: LruMap<string, Kept>;
  /** The pages read but not kept, each with its last `seq` then: one asked for again is kept. */
  asked: LruMap<string, number>;
  files: number;
  /** The pages being written. */
  writing: Set<Promise<void>>;
}

// Per database: its transactions' handles share its adapter.
const stores = new WeakMap<object, Store>();

// The folders made by this process: removed at its exit too, should a database never be closed.
const folders = new Set<string>();
let removedAtExit = false;

function newFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'baywise-sync-pages-'));
  folders.add(dir);
  if (!removedAtExit) {
    removedAtExit = true;
    process.once('exit', () => {
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    });
  }
  return dir;
}

function storeOf(db: Db): Store {
  const adapter = db.getExecutor().adapter;
  let store = stores.get(adapter);
  if (!store) {
    const pages = new LruMap<string, Kept>(
      Number.MAX_SAFE_INTEGER,
      { weigh: (page) => page.bytes, most: KEPT_PAGE_BYTES },
      (page) => {
        void page.handle.close().catch(() => undefined);
        rmSync(page.file, { force: true });
      },
    );
    const asked = new LruMap<string, number>(ASKED_PAGES);
    stores.set(adapter, (store = { dir: undefined, pages, asked, files: 0, writing: new Set() }));
  }
  return store;
}

// What kept pages are read into, lent to the answers that send them.
const buffers = new LentBuffers();

/** The page's key: its epoch, where it starts and how many changes it holds at most. */
export const pageKey = (epoch: string, since: number, limit: number): string => `${epoch}:${since}:${limit}`;

/**
 * The kept bytes of this page when they are still the page's (same last `seq` and `hasMore`, and
 * not past `until` at `now`); undefined otherwise (a kept page that no longer is the page is dropped).
 * The bytes are lent: give them back once sent. Read with one `pread` of a file the server wrote
 * (in the system's file cache): a few µs, less than handing the read to another thread costs.
 */
export function keptPage(db: Db, key: string, check: PageCheck, now: number): Lent | undefined {
  const store = storeOf(db);
  const kept = store.pages.get(key);
  if (!kept) return undefined;
  if (kept.last !== check.last || kept.hasMore !== check.hasMore || now > kept.until) {
    store.pages.delete(key);
    return undefined;
  }
  const lent = buffers.lend(kept.bytes);
  try {
    if (readSync(kept.handle.fd, lent.bytes, 0, kept.bytes, 0) !== kept.bytes)
      throw new Error('a kept page was cut short');
    return lent;
  } catch {
    lent.giveBack();
    store.pages.delete(key);
    return undefined;
  }
}

/**
 * Whether the same page (its key and last `seq`) was read before and not kept: a page is kept the
 * second time it is read, so a page read once (a device's next page of a sync no other device
 * makes) costs no file.
 */
export function askedBefore(db: Db, key: string, check: PageCheck): boolean {
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
  if (bytes.length > KEPT_PAGE_BYTES) return;
  const store = storeOf(db);
  const writing = write(db, store, key, page, bytes);
  store.writing.add(writing);
  void writing.finally(() => store.writing.delete(writing));
}

async function write(db: Db, store: Store, key: string, page: PageCheck & { until: number }, bytes: Buffer) {
  try {
    store.dir ??= newFolder();
    const file = path.join(store.dir, `${++store.files}.json`);
    const handle = await open(file, 'w+', 0o600);
    try {
      await handle.write(bytes, 0, bytes.length, 0);
    } catch (err) {
      await handle.close();
      throw err;
    }
    // Closed meanwhile: the folder is gone, and nothing more is kept.
    if (stores.get(db.getExecutor().adapter) !== store) {
      await handle.close();
      rmSync(file, { force: true });
      return;
    }
    store.pages.set(key, { ...page, file, handle, bytes: bytes.length });
    store.asked.delete(key);
  } catch {
    // Nothing is kept; the page is read again next time.
  }
}

/** Waits for the pages being written (the tests read them next). */
export async function keptPagesWritten(db: Db): Promise<void> {
  const store = stores.get(db.getExecutor().adapter);
  if (store) await Promise.all(store.writing);
}

/** How many pages this database's server keeps now, and the folder of their files (once there is one). */
export function keptPages(db: Db): { count: number; folder: string | undefined } {
  const store = stores.get(db.getExecutor().adapter);
  return { count: store?.pages.size ?? 0, folder: store?.dir };
}

/** Forgets this database's kept pages and removes their folder once the pages being written are (the app's close). */
export async function dropKeptPages(db: Db): Promise<void> {
  const adapter = db.getExecutor().adapter;
  const store = stores.get(adapter);
  stores.delete(adapter);
  if (!store) return;
  await Promise.all(store.writing);
  store.pages.clear();
  if (!store.dir) return;
  rmSync(store.dir, { recursive: true, force: true });
  folders.delete(store.dir);
}
