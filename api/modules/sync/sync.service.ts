import {
  FIRST_SYNC_ENTITIES,
  SYNC_PAGE_DEFAULT,
  type SyncChangesQuery,
  emptyChangePage,
  syncChangesResponse,
  type SyncEntity,
} from '@shared/schemas/sync';
import type { Db } from '@api/db/database';
import type { Lent } from '@api/lib/lent-buffers';
import { inIdOrder } from '@api/lib/id-list';
import { readsChecked } from '@api/db/checked-reads';
import { JsonText, jsonArrayText, jsonBytes } from '@api/lib/json-text';
import { writtenInParts } from '@api/plugins/written-in-parts';
import { serializerFor } from '@api/plugins/serializer';
import { getDeferredByIds } from '@api/modules/deferred/deferred.service';
import { toMedia } from '@api/modules/media/media.mapper';
import { findMediaByIds } from '@api/modules/media/media.repository';
import { formatCursor, parseCursor, type Cursor } from './cursor';
import { KEPT_PAGE_MIN_BYTES, askedBefore, keepPage, keptPage, keptPagesWritten, pageKey } from './kept-pages';
import { pageBytes, segmentedRows, tableRows } from './feed-segments';
import { readFeedBounds, readFeedOthers, readSyncState, type FeedBounds, type FeedRow } from './sync.repository';

const isFirstEntity = (entity: string): entity is (typeof FIRST_SYNC_ENTITIES)[number] =>
  (FIRST_SYNC_ENTITIES as readonly string[]).includes(entity);

// A page is written in parts with the writers of its own schema: the head (resync, cursor,
// hasMore), the customers and vehicles (written by the statements that read them), the
// inspections' stored documents as they are, and the tail (deferred work, deletions, media).
const writeResync = serializerFor(syncChangesResponse);
const writeHead = serializerFor(syncChangesResponse.pick({ resync: true, cursor: true, hasMore: true }));
const writeTail = serializerFor(
  syncChangesResponse.pick({ deferred: true, deleted: true, deletedDeferred: true, media: true, deletedMedia: true }),
);

const resync = (): JsonText => new JsonText(writeResync(emptyChangePage({ resync: true, cursor: '0', hasMore: true })));

/** The ids of one kind's live rows, in feed order. */
function liveIds(rows: readonly FeedRow[], entity: SyncEntity): string[] {
  return rows.filter((r) => r.entity === entity && r.deleted !== 1).map((r) => r.entityId);
}

/** Whether the cursor is one the feed can no longer continue from (the device must sync again from scratch). */
function isStale(
  since: number,
  epoch: string,
  state: { seq: number; tombstoneHorizon: number; epoch: string },
): boolean {
  // Deletions after the cursor were forgotten, the cursor is from before a restore (another
  // epoch), or the sequence went back.
  return since !== 0 && (since < state.tombstoneHorizon || epoch !== state.epoch || since > state.seq);
}

/** A page as JSON text, or as bytes put together from the feed's segments (lent: give them back once sent). */
type Page = { text: JsonText; until: number } | { bytes: Lent; until: number };

/**
 * One page of the change feed after `since`, as JSON text, or as its bytes when it is large. The
 * cursor moves past every row read, including ones left out (inspections outside the window,
 * internal records), so the next page starts after. A large page is kept (api/modules/sync/kept-pages.ts)
 * and sent again as it is while it stays the page; a page never read before is put together from the
 * feed's segments where they are kept (api/modules/sync/feed-segments.ts).
 */
export async function changesSince(
  db: Db,
  query: SyncChangesQuery,
  now = new Date(),
): Promise<JsonText | Buffer | Lent> {
  const cursor = parseCursor(query.since);
  const since = cursor.seq;
  const limit = query.limit ?? SYNC_PAGE_DEFAULT;
  const bounds = await readFeedBounds(db, since, limit);
  const state = await readSyncState(db);
  if (isStale(since, cursor.epoch, state)) return resync();
  // The tests' apps keep every page, at once, and check every kept page they send against the rows.
  const checking = readsChecked(db);
  const key = pageKey(state.epoch, state.tombstoneHorizon, since, limit);
  const check = { last: bounds.last ?? since, hasMore: bounds.hasMore };
  const kept = bounds.last === null ? undefined : keptPage(db, key, check, now.getTime());
  if (kept) {
    if (checking) await checkSame(db, kept, cursor, limit, bounds, now, 'kept');
    return kept;
  }
  const page = await readPage(db, cursor, bounds, now, true);
  if (page === 'resync') return resync();
  if (checking && 'bytes' in page) await checkSame(db, page.bytes, cursor, limit, bounds, now, 'segmented');
  const length = 'bytes' in page ? page.bytes.bytes.length : page.text.parts.reduce((n, part) => n + part.length, 0);
  const keep = checking || (length >= KEPT_PAGE_MIN_BYTES && askedBefore(db, key, check));
  if (!keep || Number.isNaN(page.until)) return 'bytes' in page ? page.bytes : page.text;
  // Its own copy: a lent buffer is lent again once the answer is sent, and the file is written meanwhile.
  const bytes = 'bytes' in page ? Buffer.from(page.bytes.bytes) : jsonBytes(page.text);
  if ('bytes' in page) page.bytes.giveBack();
  keepPage(db, key, { ...check, until: page.until }, bytes);
  // The tests' apps wait for it, so that the next read of the page finds it.
  if (checking) await keptPagesWritten(db);
  return bytes;
}

/**
 * The page after `since` read from the tables alone, as its text: never kept, nor put together
 * from segments. What the kept pages and the segments are checked against.
 */
export async function changesFromTables(db: Db, query: SyncChangesQuery, now = new Date()): Promise<string> {
  const cursor = parseCursor(query.since);
  const bounds = await readFeedBounds(db, cursor.seq, query.limit ?? SYNC_PAGE_DEFAULT);
  const page = isStale(cursor.seq, cursor.epoch, await readSyncState(db))
    ? 'resync'
    : await readPage(db, cursor, bounds, now, false);
  return page === 'resync' || 'bytes' in page ? resync().text : page.text.text;
}

/** A kept page, or one put together from segments, must be the page read from the tables now (the tests' apps). */
async function checkSame(
  db: Db,
  sent: Lent,
  cursor: Cursor,
  limit: number,
  bounds: FeedBounds,
  now: Date,
  what: 'kept' | 'segmented',
) {
  const page = await readPage(db, cursor, bounds, now, false);
  const fresh = page === 'resync' || 'bytes' in page ? undefined : jsonBytes(page.text);
  if (!fresh?.equals(sent.bytes)) {
    throw new Error(
      `${what} sync page after ${cursor.seq} (limit ${limit}) differs from the page read again:\n${sent.bytes.toString()}\n${fresh?.toString()}`,
    );
  }
}

/**
 * The page whose bounds were just read, and until when it stays the same (ms): put together from
 * the feed's segments when `segments` and its range holds a closed one, else as JSON text.
 */
async function readPage(
  db: Db,
  cursor: Cursor,
  bounds: FeedBounds,
  now: Date,
  segments: boolean,
): Promise<Page | 'resync'> {
  const since = cursor.seq;
  const range = { since, last: bounds.last ?? since };
  const others = bounds.last === null ? [] : await readFeedOthers(db, since, bounds.last);
  // Read after the page's rows of the feed: a prune that ran meanwhile raised the horizon, and is seen here.
  const state = await readSyncState(db);
  if (isStale(since, cursor.epoch, state)) return 'resync';
  const mediaIds = liveIds(others, 'media');
  const [segmented, deferred, media] = await Promise.all([
    segments && range.last !== since ? segmentedRows(db, range, state.epoch, state.seq, now) : undefined,
    getDeferredByIds(db, liveIds(others, 'deferred')),
    findMediaByIds(db, mediaIds),
  ]);
  const deletedOf = (entity: SyncEntity) =>
    others.flatMap((r) => (r.deleted === 1 && r.entity === entity ? [r.entityId] : []));
  const head = writeHead({
    resync: false,
    cursor: formatCursor({ epoch: state.epoch, seq: range.last }),
    hasMore: bounds.hasMore,
  });
  const tail = writeTail({
    deferred,
    deleted: others.flatMap((r) =>
      r.deleted === 1 && isFirstEntity(r.entity) ? [{ entity: r.entity, id: r.entityId }] : [],
    ),
    deletedDeferred: deletedOf('deferred'),
    media: inIdOrder(mediaIds, media).map(toMedia),
    deletedMedia: deletedOf('media'),
  });
  const headText = `${head.slice(0, -1)},"customers":`;
  const tailText = `,${tail.slice(1)}`;
  const bytes = segmented && pageBytes(db, headText, segmented, tailText);
  if (bytes) return { bytes, until: segmented.until };
  // One read per kind: customers, vehicles and inspections by the page's range of the feed (none on an empty page).
  const rows =
    range.last === range.since
      ? { customers: '[]', vehicles: '[]', inspections: [], until: Infinity }
      : await tableRows(db, range, now);
  // In pieces: the page's rows (~165 KB for 500 changes) are encoded once, never joined into one string.
  const text = writtenInParts(
    db,
    syncChangesResponse,
    headText,
    rows.customers,
    ',"vehicles":',
    rows.vehicles,
    ',"inspections":',
    ...jsonArrayText(rows.inspections).parts,
    tailText,
  );
  return { text, until: rows.until };
}
