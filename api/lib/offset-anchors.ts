import type { Db } from '@api/db/database';
import type { CursorKey } from './keyset';
import { readFeedMark } from './feed-counts';
import { lruMapPer } from './lru-map';
import type { Page } from './list';

/** A list keeps the sort key of every this-many-th row: a page by offset walks at most this many rows past one. */
export const ANCHOR_STEP = 1000;
/** Lists (a table, sort and filter each) whose anchors are kept per database handle. */
export const KEPT_ANCHOR_LISTS = 16;

interface Anchors {
  /** The change feed's mark the anchors were read at (`readFeedMark`). */
  mark: string;
  /** The key of the row at offset (i + 1) * step - 1, for each i: the rows after it start at offset (i + 1) * step. */
  keys: CursorKey[];
  /** The list ended before the next anchor: there are no more. */
  ended: boolean;
  /** The reading of more anchors under way, which calls that need them share. */
  extending?: Promise<void> | undefined;
}

/** How a list is read: by key and offset (`keyAfter`, one row's key), and a page of it (`read`). */
export interface AnchoredList<R> {
  /** The key of the row `skip` rows past `after` (from the start without it), in the list's order; undefined past the end. */
  keyAfter: (after: CursorKey | undefined, skip: number) => Promise<CursorKey | undefined>;
  /** The list's page: its limit, and an offset counted after `after` when given (keyset paging). */
  read: (page: Page) => Promise<R[]>;
}

const keptOf = lruMapPer<Anchors>(KEPT_ANCHOR_LISTS);

/**
 * A page of a list by offset (no cursor) that starts from the nearest kept key before it instead
 * of from the list's first row. An offset makes the database walk every row before the page: at
 * 100,000 customers, the page at offset 90,000 walked 90,000 entries of the name index. The list
 * keeps the key of every `step`-th row (`key` names the list: its table, sort and filters) and
 * reads the page as the rows after the nearest one, with what is left of the offset: at most
 * `step` rows walked. The keys are read as far as a page needs them, each from the one before
 * (`step` rows walked each), so reading them costs what one deep page used to.
 *
 * The keys hold while the change feed stays where it was (every write to a customer, vehicle or
 * inspection moves it in its own transaction): the mark is read before the page and again after
 * it, and a page read while the feed moved is read again by its plain offset. Inside a transaction
 * (whose own writes precede the change it records) and for pages before the first anchor, the
 * page is read by offset as before.
 */
export async function pageFromAnchors<R>(
  db: Db,
  key: string,
  page: Page,
  list: AnchoredList<R>,
  step = ANCHOR_STEP,
): Promise<R[]> {
  const offset = page.offset ?? 0;
  const index = Math.floor(offset / step) - 1;
  if (index < 0 || page.after !== undefined || db.isTransaction) return list.read(page);
  const mark = await readFeedMark(db);
  if (mark === undefined) return list.read(page);
  const anchors = anchorsAt(db, key, mark);
  while (anchors.keys.length <= index && !anchors.ended) {
    anchors.extending ??= extend(anchors, list, step, index).finally(() => (anchors.extending = undefined));
    await anchors.extending;
  }
  // The list ends before the anchor: the page is past its end, read as it is.
  const after = anchors.keys[index];
  if (after === undefined) return list.read(page);
  const rows = await list.read({ limit: page.limit, offset: offset - (index + 1) * step, after });
  // A write between the two reads of the mark may have moved the rows the keys stand for.
  return (await readFeedMark(db)) === mark ? rows : list.read(page);
}

/** The kept anchors of the list at this mark: a later mark starts them again. */
function anchorsAt(db: Db, key: string, mark: string): Anchors {
  const kept = keptOf(db);
  const anchors = kept.get(key);
  if (anchors?.mark === mark) return anchors;
  const fresh: Anchors = { mark, keys: [], ended: false };
  kept.set(key, fresh);
  return fresh;
}

/** Reads the anchors up to `index` (or the list's end), each `step` rows past the one before. */
async function extend<R>(anchors: Anchors, list: AnchoredList<R>, step: number, index: number): Promise<void> {
  while (anchors.keys.length <= index && !anchors.ended) {
    // The row `step` rows on: the last of the rows after the anchor before it (or of the list's first).
    const next = await list.keyAfter(anchors.keys.at(-1), step - 1);
    if (next === undefined) anchors.ended = true;
    else anchors.keys.push(next);
  }
}
