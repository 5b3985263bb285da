import type { Database as SqliteHandle } from 'better-sqlite3';

const MIB = 1024 * 1024;
/** A small shop's hot pages fit in this (docs/performance.md, "The database connection"). */
const PAGE_CACHE_MIN_BYTES = 4 * MIB;
/**
 * What better-sqlite3's SQLite gives every connection (`SQLITE_DEFAULT_CACHE_SIZE=-16000`, in KiB):
 * the counted indexes of 100,000 customers need it.
 */
const PAGE_CACHE_MAX_BYTES = 16000 * 1024;
/** The share of the database file the cache may hold. */
const PAGE_CACHE_SHARE = 32;
/**
 * How often the cache is sized again: a shop grows slowly, but a first import, a restore or the
 * inspection documents built after a migration grow the file at once. Reading its size costs three
 * pragmas.
 */
export const PAGE_CACHE_RESIZE_MS = 60 * 1000;

/** The page cache for a database file of `bytes`: a 32nd of it, from 4 MiB to 16,000 KiB, in whole KiB. */
export function pageCacheBytes(bytes: number): number {
  const share = Math.min(PAGE_CACHE_MAX_BYTES, Math.max(PAGE_CACHE_MIN_BYTES, bytes / PAGE_CACHE_SHARE));
  return Math.floor(share / 1024) * 1024;
}

/** Sizes this connection's page cache to its database file now. */
function sizePageCache(handle: SqliteHandle): void {
  const pages = Number(handle.pragma('page_count', { simple: true }));
  const pageSize = Number(handle.pragma('page_size', { simple: true }));
  const bytes = pageCacheBytes(pages * pageSize);
  // A negative cache_size is in KiB, whatever the page size. Set only when it changes.
  if (Number(handle.pragma('cache_size', { simple: true })) !== -bytes / 1024) {
    handle.pragma(`cache_size = -${bytes / 1024}`);
  }
}

/**
 * Sizes the page cache of a database file at open and again every minute as it grows, so that a
 * small shop's server does not hold 16 MiB of pages it reads once. The timer keeps no process alive
 * and stops with the connection.
 */
export function keepPageCacheSized(handle: SqliteHandle): void {
  sizePageCache(handle);
  const timer = setInterval(() => {
    if (!handle.open) {
      clearInterval(timer);
      return;
    }
    try {
      sizePageCache(handle);
    } catch {
      // A busy or failing file is the next request's to report; the cache keeps its size until the next try.
    }
  }, PAGE_CACHE_RESIZE_MS);
  timer.unref();
}
