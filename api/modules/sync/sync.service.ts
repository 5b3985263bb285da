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
import { answerBuffers, type Lent } from '@api/lib/lent-buffers';
import { inIdOrder } from '@api/lib/id-list';
import { readsChecked } from '@api/db/checked-reads';
import { BYTES_FROM, JsonText, lentJsonBytes, type JsonPart } from '@api/lib/json-text';
import { checkedParts } from '@api/plugins/written-in-parts';
import { serializerFor } from '@api/plugins/serializer';
import { getDeferredByIds } from '@api/modules/deferred/deferred.service';
import { textsOf } from '@api/modules/inspections/inspection-documents';
import { toMedia } from '@api/modules/media/media.mapper';
import { findMediaByIds } from '@api/modules/media/media.repository';
import { formatCursor, parseCursor, type Cursor } from './cursor';
import { KEPT_PAGE_MIN_BYTES, askedBefore, keepPage, keptPage, keptPagesWritten, pageKey } from './kept-pages';
import { ITEM_SHAPE } from './feed-items';
import {
  fillPageItems,
  pageCustomers,
  pageInspectionsInWindow,
  pageInspectionsOfItems,
  pageItems,
  pageVehicles,
  readFeedBounds,
  readFeedOthers,
  readSyncState,
  resetItems,
  type FeedBounds,
  type FeedRow,
  type KeptInspectionRows,
  type PageItems,
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
  texts: JsonPart[];
  /** +Infinity when none drops out with time; NaN when one's time is not read the way the window compares it. */
  until: number;
}

/** A page's customers and vehicles (their items joined with commas) and its kept inspections. */
interface PageRows {
  customers: JsonPart;
  vehicles: JsonPart;
  inspections: KeptInspections;
}

/** Whether the time is written as `Date#toISOString` writes it: compared as text, it compares as a time. */
const isIsoTime = (time: string): boolean => {
  const ms = Date.parse(time);
  return Number.isFinite(ms) && new Date(ms).toISOString() === time;
};

/** The time (ms) the first of these inspections leaves the window; NaN when a time is not read the way the window compares it. */
function windowUntil(changedAt: readonly string[]): number {
  let until = Infinity;
  for (const time of changedAt)
    until = Math.min(until, isIsoTime(time) ? Date.parse(time) + SYNC_INSPECTION_WINDOW_DAYS * DAY_MS : NaN);
  return until;
}

/**
 * The page's customers, vehicles and kept inspections, from the feed's items (written first where
 * the page's rows have none); none to read on an empty page. The inspections the offline app keeps
 * (in progress, or changed within the window) are their stored documents as they are; when one has
 * none stored, they are read row by row and those without one built.
 */
async function rowsOf(db: Db, range: PageRange, now: Date): Promise<PageRows> {
  if (range.last === range.since) return { customers: '', vehicles: '', inspections: { texts: [], until: Infinity } };
  const cutoff = new Date(now.getTime() - SYNC_INSPECTION_WINDOW_DAYS * DAY_MS).toISOString();
  let items = await pageItems(db, range, cutoff);
  if (items.missing > 0) {
    await fillPageItems(db, range);
    items = await pageItems(db, range, cutoff);
  }
  const { customers, vehicles, documents, changedAt } = items;
  // The tests' apps check every page's items against the rows they stand for.
  if (readsChecked(db)) await checkItems(db, range, cutoff, items);
  if (documents !== undefined) {
    return {
      customers,
      vehicles,
      inspections: { texts: documents.length === 0 ? [] : [documents], until: windowUntil(changedAt) },
    };
  }
  const kept = await pageInspectionsOfItems(db, range, cutoff);
  return { customers, vehicles, inspections: { texts: await keptTexts(db, kept), until: windowUntil(kept.changedAt) } };
}

/**
 * The kept inspections' answers in feed order: their stored documents as they are (bytes on SQLite),
 * the others built from their rows. When checking, every stored one is checked against its rows.
 */
async function keptTexts(db: Db, kept: KeptInspectionRows<string | Buffer>): Promise<JsonPart[]> {
  const asText = (row: (typeof kept.documents)[number]) => ({ ...row, body: row.body?.toString() ?? null });
  if (readsChecked(db)) {
    const texts = await textsOf(db, kept.documents.map(asText), kept.ids);
    return kept.ids.flatMap((id) => texts.get(id) ?? []);
  }
  const stored = new Map<string, JsonPart>();
  for (const row of kept.documents) if (row.body !== null) stored.set(row.inspectionId, row.body);
  const toBuild = kept.ids.filter((id) => !stored.has(id));
  const built =
    toBuild.length === 0
      ? undefined
      : await textsOf(db, kept.documents.filter((row) => row.body === null).map(asText), toBuild);
  return kept.ids.flatMap((id) => stored.get(id) ?? built?.get(id) ?? []);
}

/**
 * The page read from the feed's items must be the page read from the rows (the tests' apps): its
 * customers, its vehicles, and its kept inspections, row by row and, when all are stored, joined.
 */
async function checkItems(db: Db, range: PageRange, cutoff: string, items: PageItems): Promise<void> {
  const [customers, vehicles, inspections, kept] = await Promise.all([
    pageCustomers(db, range),
    pageVehicles(db, range),
    pageInspectionsInWindow(db, range, cutoff),
    pageInspectionsOfItems(db, range, cutoff),
  ]);
  const same = (what: string, fromItems: unknown, fromRows: unknown) => {
    const [a, b] = [JSON.stringify(fromItems), JSON.stringify(fromRows)];
    if (a !== b)
      throw new Error(
        `sync page after ${range.since} to ${range.last}: its ${what} from the feed's items differ from the rows':\n${a}\n${b}`,
      );
  };
  same('customers', `[${items.customers.toString()}]`, customers);
  same('vehicles', `[${items.vehicles.toString()}]`, vehicles);
  const documents = kept.documents.map((row) => ({ ...row, body: row.body?.toString() ?? null }));
  same('inspections', { ...kept, documents }, inspections);
  same("inspections' times", items.changedAt, inspections.changedAt);
  // Each stored document against its rows (textsOf checks them when checking).
  await textsOf(db, inspections.documents, inspections.ids);
  const stored = inspections.ids.length === inspections.documents.filter((row) => row.body !== null).length;
  same(
    "inspections' documents",
    items.documents?.toString(),
    stored ? inspections.documents.map((row) => row.body).join(',') : undefined,
  );
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
 * One page of the change feed after `since`: as JSON text when it is small, else as its bytes, in a
 * buffer lent to the answer. The cursor moves past every row read, including ones left out
 * (inspections outside the window, internal records), so the next page starts after. A large page
 * is kept (api/modules/sync/kept-pages.ts) and sent again as it is while it stays the page.
 */
export async function changesSince(db: Db, query: SyncChangesQuery, now = new Date()): Promise<JsonText | Lent> {
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
  for (const part of page.parts) length += part.length;
  const keep =
    (checking || (length >= KEPT_PAGE_MIN_BYTES && askedBefore(db, key, check))) && !Number.isNaN(page.until);
  if (!keep && length < BYTES_FROM) return new JsonText(...page.parts.map((part) => part.toString()));
  const lent = lentJsonBytes(page.parts, answerBuffers);
  if (!keep) return lent;
  // Written from a copy: the lent bytes go back once the answer is sent, maybe before the file is written.
  keepPage(db, key, { ...check, until: page.until }, Buffer.from(lent.bytes));
  // The tests' apps wait for it, so that the next read of the page finds it.
  if (checking) await keptPagesWritten(db);
  return lent;
}

/** A kept page must be the page read again now (the tests' apps). */
async function checkKept(db: Db, kept: Buffer, cursor: Cursor, limit: number, bounds: FeedBounds, now: Date) {
  const page = await readPage(db, cursor, bounds, now);
  const fresh = page === 'resync' ? undefined : Buffer.from(page.parts.map((part) => part.toString()).join(''));
  if (!fresh?.equals(kept)) {
    throw new Error(
      `kept sync page after ${cursor.seq} (limit ${limit}) differs from the page read again:\n${kept.toString()}\n${fresh?.toString()}`,
    );
  }
}

/** A JSON array of the items joined with commas. */
const arrayOf = (joined: JsonPart): JsonPart[] => ['[', joined, ']'];

/** A JSON array of these answers. */
function arrayOfAll(texts: readonly JsonPart[]): JsonPart[] {
  const parts: JsonPart[] = ['['];
  for (const [i, text] of texts.entries()) {
    if (i > 0) parts.push(',');
    parts.push(text);
  }
  parts.push(']');
  return parts;
}

/** The page whose bounds were just read, as the parts of its JSON text, and until when it stays the same (ms). */
async function readPage(
  db: Db,
  cursor: Cursor,
  bounds: FeedBounds,
  now: Date,
): Promise<{ parts: JsonPart[]; until: number } | 'resync'> {
  const since = cursor.seq;
  const range = { since, last: bounds.last ?? since };
  const others = bounds.last === null ? [] : await readFeedOthers(db, since, bounds.last);
  // Read after the page's rows of the feed: a prune that ran meanwhile raised the horizon, and is seen here.
  const state = await readSyncState(db);
  if (isStale(since, cursor.epoch, state)) return 'resync';
  // Items of another format (written by an earlier version) are forgotten before any is read.
  if (state.itemShape !== ITEM_SHAPE) await resetItems(db, state.itemShape, ITEM_SHAPE);
  const mediaIds = liveIds(others, 'media');
  // The customers, vehicles and kept inspections in one walk of the page's range of the feed; the other kinds by id.
  const [{ customers, vehicles, inspections }, deferred, media] = await Promise.all([
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
  // In pieces: the page's rows (~165 KB for 500 changes) are copied once into the answer's bytes.
  const parts = checkedParts(db, syncChangesResponse, [
    `${head.slice(0, -1)},"customers":`,
    ...arrayOf(customers),
    ',"vehicles":',
    ...arrayOf(vehicles),
    ',"inspections":',
    ...arrayOfAll(inspections.texts),
    `,${tail.slice(1)}`,
  ]);
  return { parts, until: inspections.until };
}
