import { isDeepStrictEqual } from 'node:util';
import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';

/** Searches kept per database: enough for every search a shop's staff page through at once. */
export const KEPT_SEARCHES = 64;
/** Ids kept in all per database (about 1.5 MB of them): the least recently used searches go first past it. */
export const KEPT_SEARCH_IDS = 25_000;

interface Kept {
  /** Where the customers' and vehicles' changes stood (the feed's epoch and their sequence number) before the read. */
  mark: string;
  ids: readonly string[];
}

/** A database's kept searches, least recently used first, and how many ids they hold. */
class KeptSearches {
  private readonly entries = new Map<string, Kept>();
  private idCount = 0;

  get(key: string, mark: string): readonly string[] | undefined {
    const kept = this.entries.get(key);
    if (kept?.mark !== mark) return undefined;
    // Used: the most recent now.
    this.entries.delete(key);
    this.entries.set(key, kept);
    return kept.ids;
  }

  set(key: string, kept: Kept): void {
    this.delete(key);
    if (kept.ids.length > KEPT_SEARCH_IDS) return;
    this.entries.set(key, kept);
    this.idCount += kept.ids.length;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= KEPT_SEARCHES && this.idCount <= KEPT_SEARCH_IDS) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const kept = this.entries.get(key);
    if (!kept) return;
    this.entries.delete(key);
    this.idCount -= kept.ids.length;
  }
}

// One set per database: its transactions' handles share its adapter.
const keptPer = new WeakMap<object, KeptSearches>();
const checked = new WeakSet<object>();

function keptOf(db: Db): KeptSearches {
  const adapter = db.getExecutor().adapter;
  let kept = keptPer.get(adapter);
  if (!kept) keptPer.set(adapter, (kept = new KeptSearches()));
  return kept;
}

/** Makes every kept search of this database read again and compared with what it kept (the tests' apps). */
export function checkKeptSearches(db: Db): void {
  checked.add(db.getExecutor().adapter);
}

const customerVehicleMark = compiledOnce((db) => db.selectFrom('syncState').select(['customerVehicleSeq', 'epoch']));

/**
 * A customer or vehicle search's matching ids in its sort's order, kept until a customer or vehicle
 * changes: `read` gives them all (or undefined when it read only some), and is called only when
 * none are kept for `key` (the search's table, terms, filters and sort) since the last such change.
 *
 * What a customer or vehicle search matches, and its order, depend on those rows alone (a vehicle's
 * search also on its owner's name). Every write that adds, changes or removes one records it in the
 * change feed in the same transaction, which also moves `sync_state.customer_vehicle_seq` to that
 * change's number (`recordChanges`); a restore gives the feed a new epoch. So while both stand, so
 * do the matches, whatever else the shop writes. The mark is read before the ids: a write that
 * commits in between makes the ids newer than their mark, and the next search, seeing a later
 * mark, reads them again. Inside a transaction (whose own writes come before the change it records)
 * they are always read. When checking (`checkKeptSearches`: the tests' apps) kept ids are read
 * again and must be the same.
 *
 * A common surname's 1,000 matches at 100,000 customers took ~1 ms to find, check and sort on
 * every page of it (docs/performance.md, "Searches kept until a customer or vehicle changes").
 */
export async function keptSearchIds(
  db: Db,
  key: string,
  read: () => Promise<string[] | undefined>,
): Promise<readonly string[] | undefined> {
  if (db.isTransaction) return read();
  const [state] = await customerVehicleMark(db, []);
  if (!state) return read();
  const mark = `${state.epoch}:${String(state.customerVehicleSeq)}`;
  const searches = keptOf(db);
  const kept = searches.get(key, mark);
  if (kept && !checked.has(db.getExecutor().adapter)) return kept;
  const ids = await read();
  if (kept && ids && !isDeepStrictEqual(kept, ids))
    throw new Error(`kept search ${key} is stale: ${JSON.stringify(kept)} against ${JSON.stringify(ids)}`);
  if (ids) searches.set(key, { mark, ids });
  return ids;
}
