import {
  FIRST_SYNC_ENTITIES,
  SYNC_INSPECTION_WINDOW_DAYS,
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
import { textsOf } from '@api/modules/inspections/inspection-documents';
import { toMedia } from '@api/modules/media/media.mapper';
import { findMediaByIds } from '@api/modules/media/media.repository';
import { formatCursor, parseCursor, type Cursor } from './cursor';
import { KEPT_PAGE_MIN_BYTES, askedBefore, keepPage, keptPage, keptPagesWritten, pageKey } from './kept-pages';
import {
  pageCustomers,
  pageInspectionsInWindow,
  pageVehicles,
  readFeedBounds,
  readFeedOthers,
  readSyncState,
  type FeedBounds,
  type FeedRow,
  type PageRange,
} from './sync.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
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

/** Inspections kept for their date: texts, and the time (ms) the first of them drops out of the window. */
interface KeptInspections {
  texts: string[];
  /** +Infinity when none drops out with time; NaN when one's time is not read the way the window compares it. */
  until: number;
}

/** Whether the time is written as `Date#toISOString` writes it: compared as text, it compares as a time. */
const isIsoTime = (time: string): boolean => {
  const ms = Date.parse(time);
  return Number.isFinite(ms) && new Date(ms).toISOString() === time;
};

/**
 * The page's inspections the offline app keeps (in progress, or changed within the window), as
 * their answers' JSON texts in feed order: the stored documents as they are, the others built.
 */
async function keptInspectionTexts(db: Db, range: PageRange, now: Date): Promise<KeptInspections> {
  const cutoff = new Date(now.getTime() - SYNC_INSPECTION_WINDOW_DAYS * DAY_MS).toISOString();
  const { ids, documents, changedAt } = await pageInspectionsInWindow(db, range, cutoff);
  const texts = await textsOf(db, documents, ids);
  let until = Infinity;
  for (const time of changedAt)
    until = Math.min(until, isIsoTime(time) ? Date.parse(time) + SYNC_INSPECTION_WINDOW_DAYS * DAY_MS : NaN);
  return { texts: ids.flatMap((id) => texts.get(id) ?? []), until };
}

/** The page's customers, vehicles and kept inspections as JSON texts; none to read on an empty page. */
async function rowsOf(db: Db, range: PageRange, now: Date): Promise<[string, string, KeptInspections]> {
  if (range.last === range.since) return ['[]', '[]', { texts: [], until: Infinity }];
  return Promise.all([pageCustomers(db, range), pageVehicles(db, range), keptInspectionTexts(db, range, now)]);
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

/**
 * One page of the change feed after `since`, as JSON text, or as its bytes when it is large. The
 * cursor moves past every row read, including ones left out (inspections outside the window,
 * internal records), so the next page starts after. A large page is kept (api/modules/sync/kept-pages.ts)
 * and sent again as it is while it stays the page.
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
    if (checking) await checkKept(db, kept.bytes, cursor, limit, bounds, now);
    return kept;
  }
  const page = await readPage(db, cursor, bounds, now);
  if (page === 'resync') return resync();
  let length = 0;
  for (const part of page.text.parts) length += part.length;
  const keep = checking || (length >= KEPT_PAGE_MIN_BYTES && askedBefore(db, key, check));
  if (!keep || Number.isNaN(page.until)) return page.text;
  const bytes = jsonBytes(page.text);
  keepPage(db, key, { ...check, until: page.until }, bytes);
  // The tests' apps wait for it, so that the next read of the page finds it.
  if (checking) await keptPagesWritten(db);
  return bytes;
}

/** A kept page must be the page read again now (the tests' apps). */
async function checkKept(db: Db, kept: Buffer, cursor: Cursor, limit: number, bounds: FeedBounds, now: Date) {
  const page = await readPage(db, cursor, bounds, now);
  const fresh = page === 'resync' ? undefined : jsonBytes(page.text);
  if (!fresh?.equals(kept)) {
    throw new Error(
      `kept sync page after ${cursor.seq} (limit ${limit}) differs from the page read again:\n${kept.toString()}\n${fresh?.toString()}`,
    );
  }
}

/** The page whose bounds were just read, as JSON text, and until when it stays the same (ms). */
async function readPage(
  db: Db,
  cursor: Cursor,
  bounds: FeedBounds,
  now: Date,
): Promise<{ text: JsonText; until: number } | 'resync'> {
  const since = cursor.seq;
  const range = { since, last: bounds.last ?? since };
  const others = bounds.last === null ? [] : await readFeedOthers(db, since, bounds.last);
  // Read after the page's rows of the feed: a prune that ran meanwhile raised the horizon, and is seen here.
  const state = await readSyncState(db);
  if (isStale(since, cursor.epoch, state)) return 'resync';
  const mediaIds = liveIds(others, 'media');
  // One read per kind: customers, vehicles and inspections by the page's range of the feed.
  const [[customers, vehicles, inspections], deferred, media] = await Promise.all([
    rowsOf(db, range, now),
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
  // In pieces: the page's rows (~165 KB for 500 changes) are encoded once, never joined into one string.
  const text = writtenInParts(
    db,
    syncChangesResponse,
    `${head.slice(0, -1)},"customers":`,
    customers,
    ',"vehicles":',
    vehicles,
    ',"inspections":',
    ...jsonArrayText(inspections.texts).parts,
    `,${tail.slice(1)}`,
  );
  return { text, until: inspections.until };
}
