import { isDeepStrictEqual } from 'node:util';
import type { Db } from '@api/db/database';
import { readFeedMark } from './feed-counts';
import type { JsonText } from './json-text';
import { lruMapPer, type LruMap } from './lru-map';

/** Searches kept per database: enough for every search a shop's staff page through at once. */
export const KEPT_SEARCHES = 64;
/** Ids kept in all per database (about 1.5 MB of them): the least recently used searches go first past it. */
export const KEPT_SEARCH_IDS = 25_000;
/** Pages of searches kept per database (each page of each search, by its offset and limit). */
export const KEPT_SEARCH_PAGES = 256;
/** The kept pages' answers in all per database, in UTF-16 code units (about 4 MB at most). */
export const KEPT_SEARCH_PAGE_TEXT = 2 * 1024 * 1024;
/** A page whose answers are longer than this (a whole list asked for without a limit) is not kept. */
export const KEPT_PAGE_MOST = 256 * 1024;

/** A search's matching ids in its sort's order, and whether they are all of them (else the first ones). */
export interface SearchIds {
  ids: readonly string[];
  complete: boolean;
}

/** A page of a search as it is answered: its answers, its last row's key, the total and whether more follow. */
export interface KeptPage {
  items: JsonText;
  last: unknown;
  total: number;
  more: boolean;
}

interface Kept<V> {
  /** Where the customers' and vehicles' changes stood (`readFeedMark`) before `value` was read. */
  mark: string;
  value: V;
}

// One set of each per database (its transactions' handles share its adapter).
const keptIdsOf = lruMapPer<Kept<SearchIds>>(KEPT_SEARCHES, {
  weigh: (kept) => kept.value.ids.length,
  most: KEPT_SEARCH_IDS,
});
const keptPagesOf = lruMapPer<Kept<KeptPage>>(KEPT_SEARCH_PAGES, {
  weigh: (kept) => textLength(kept.value.items),
  most: KEPT_SEARCH_PAGE_TEXT,
});

function textLength(items: JsonText): number {
  let length = 0;
  for (const part of items.parts) length += part.length;
  return length;
}

/**
 * Where the customers' and vehicles' changes stand, which every kept search is read under; undefined
 * where nothing is kept: inside a transaction (whose own writes come before the change it records),
 * and before the change feed has its state row.
 *
 * What a customer or vehicle search matches, its order and its answers depend on those rows alone
 * (a vehicle's search and answer also on its owner's name). Every write that adds, changes or
 * removes one records it in the change feed in the same transaction, which also moves
 * `sync_state.customer_vehicle_seq` to that change's number (`recordChanges`); a restore gives the
 * feed a new epoch. So while both stand, so do a search's matches and pages, whatever else the shop
 * writes. The mark is read before what is kept under it: a write that commits in between makes
 * what was read newer than its mark, and the next search, seeing a later mark, reads it again.
 */
export async function searchMark(db: Db): Promise<string | undefined> {
  if (db.isTransaction) return undefined;
  return readFeedMark(db, 'customerVehicleSeq');
}

/**
 * What `read` gives for `key` under `mark`, kept in `map` while the mark stands. `read` is called
 * only when nothing is kept for the key under this mark, and what it gives is kept when `keep` says
 * so.
 */
async function keptUnder<V>(
  db: Db,
  map: (owner: object) => LruMap<string, Kept<V>>,
  mark: string | undefined,
  key: string,
  read: () => Promise<V>,
  { keep }: { keep: (value: V) => boolean; same: (kept: V, fresh: V) => boolean },
): Promise<V> {
  if (mark === undefined) return read();
  const kept = map(db.getExecutor().adapter);
  // A hit becomes the most recently used.
  const hit = kept.peek(key)?.mark === mark ? kept.get(key)!.value : undefined;
  if (hit !== undefined) return hit;
  const fresh = await read();
  if (keep(fresh)) kept.set(key, { mark, value: fresh });
  return fresh;
}

/**
 * A customer or vehicle search's matching ids, kept until a customer or vehicle changes (`searchMark`):
 * `read` is called only when none are kept for `key` (the search's table, terms, filters and sort)
 * under `mark`, and what it reads is kept when it is complete. Any page of the search is then its
 * slice of them.
 *
 * A common surname's 1,000 matches at 100,000 customers took ~1 ms to find, check and sort on
 * every page of it (docs/performance.md, "Searches kept until a customer or vehicle changes").
 */
export function keptSearchIds(
  db: Db,
  mark: string | undefined,
  key: string,
  read: () => Promise<SearchIds>,
): Promise<SearchIds> {
  return keptUnder(db, keptIdsOf, mark, key, read, {
    keep: (fresh) => fresh.complete,
    same: (kept, fresh) => isDeepStrictEqual(kept.ids, fresh.ids),
  });
}

/**
 * A page of a customer or vehicle search as it is answered, kept until a customer or vehicle
 * changes (`searchMark`): `read` is called only when the page (`key`: the search's key, the offset
 * and the limit) is not kept under `mark`. The same page asked for again (a list refreshed, paged
 * back to, or searched from several desks) sends the answers its first read wrote: at 100,000
 * customers a common surname's page holds 50 answers where at 1,000 it holds 10, and writing them
 * was most of what the search then cost (docs/performance.md, "Search pages kept").
 */
export async function keptSearchPage<P extends KeptPage>(
  db: Db,
  mark: string | undefined,
  key: string,
  read: () => Promise<P>,
): Promise<P> {
  // What is kept is what `read` gave: the same type `P`.
  return (await keptUnder<KeptPage>(db, keptPagesOf, mark, key, read, {
    keep: (fresh) => textLength(fresh.items) <= KEPT_PAGE_MOST,
    same: (kept, fresh) =>
      kept.items.text === fresh.items.text &&
      kept.total === fresh.total &&
      kept.more === fresh.more &&
      isDeepStrictEqual(kept.last, fresh.last),
  })) as P;
}
