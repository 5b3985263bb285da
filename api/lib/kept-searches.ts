import { isDeepStrictEqual } from 'node:util';
import { readsChecked } from '@api/db/checked-reads';
import type { Db } from '@api/db/database';
import { readFeedMark } from './feed-counts';
import { lruMapPer } from './lru-map';

/** Searches kept per database: enough for every search a shop's staff page through at once. */
export const KEPT_SEARCHES = 64;
/** Ids kept in all per database (about 1.5 MB of them): the least recently used searches go first past it. */
export const KEPT_SEARCH_IDS = 25_000;

/** A search's matching ids in its sort's order, and whether they are all of them (else the first ones). */
export interface SearchIds {
  ids: readonly string[];
  complete: boolean;
}

interface Kept {
  /** Where the customers' and vehicles' changes stood (`readFeedMark`) before the ids were read. */
  mark: string;
  ids: readonly string[];
}

// One set per database (its transactions' handles share its adapter).
const keptOf = lruMapPer<Kept>(KEPT_SEARCHES, { weigh: (kept) => kept.ids.length, most: KEPT_SEARCH_IDS });

/**
 * A customer or vehicle search's matching ids, kept until a customer or vehicle changes: `read`
 * is called only when none are kept for `key` (the search's table, terms, filters and sort) since
 * the last such change, and what it reads is kept when it is complete.
 *
 * What a customer or vehicle search matches, and its order, depend on those rows alone (a vehicle's
 * search also on its owner's name). Every write that adds, changes or removes one records it in the
 * change feed in the same transaction, which also moves `sync_state.customer_vehicle_seq` to that
 * change's number (`recordChanges`); a restore gives the feed a new epoch. So while both stand, so
 * do the matches, whatever else the shop writes. The mark is read before the ids: a write that
 * commits in between makes the ids newer than their mark, and the next search, seeing a later
 * mark, reads them again. Inside a transaction (whose own writes come before the change it records)
 * they are always read. When checking (`checkReads`: the tests' apps) kept ids are read again and
 * must be the same.
 *
 * A common surname's 1,000 matches at 100,000 customers took ~1 ms to find, check and sort on
 * every page of it (docs/performance.md, "Searches kept until a customer or vehicle changes").
 */
export async function keptSearchIds(db: Db, key: string, read: () => Promise<SearchIds>): Promise<SearchIds> {
  if (db.isTransaction) return read();
  const mark = await readFeedMark(db, 'customerVehicleSeq');
  if (mark === undefined) return read();
  const adapter = db.getExecutor().adapter;
  const searches = keptOf(adapter);
  // A hit becomes the most recently used.
  const kept = searches.peek(key)?.mark === mark ? searches.get(key)!.ids : undefined;
  if (kept && !readsChecked(db)) return { ids: kept, complete: true };
  const fresh = await read();
  if (kept && fresh.complete && !isDeepStrictEqual(kept, fresh.ids))
    throw new Error(`kept search ${key} is stale: ${JSON.stringify(kept)} against ${JSON.stringify(fresh.ids)}`);
  if (fresh.complete) searches.set(key, { mark, ids: fresh.ids });
  return fresh;
}
