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
import { inIdOrder } from '@api/lib/id-list';
import { JsonText } from '@api/lib/json-text';
import { serializerFor } from '@api/plugins/serializer';
import { getDeferredByIds } from '@api/modules/deferred/deferred.service';
import { textsOf } from '@api/modules/inspections/inspection-documents';
import { toMedia } from '@api/modules/media/media.mapper';
import { findMediaByIds } from '@api/modules/media/media.repository';
import { formatCursor, parseCursor } from './cursor';
import {
  pageCustomers,
  pageInspectionsInWindow,
  pageVehicles,
  readFeedBounds,
  readFeedOthers,
  readSyncState,
  type FeedRow,
  type PageRange,
} from './sync.repository';

const WINDOW_MS = SYNC_INSPECTION_WINDOW_DAYS * 24 * 60 * 60 * 1000;

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

/**
 * The page's inspections the offline app keeps, in feed order, as their answers' texts: the stored
 * documents as they are, the others built from the rows.
 */
async function pageInspections(db: Db, range: PageRange, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - WINDOW_MS).toISOString();
  const { ids, documents } = await pageInspectionsInWindow(db, range, cutoff);
  const texts = await textsOf(db, documents, ids);
  return ids.flatMap((id) => texts.get(id) ?? []);
}

/**
 * One page of the change feed after `since`, as JSON text read from the tables. The cursor moves
 * past every row read, including ones left out (inspections outside the window, internal records),
 * so the next page starts after.
 */
export async function changesSince(db: Db, query: SyncChangesQuery, now = new Date()): Promise<JsonText> {
  const cursor = parseCursor(query.since);
  const since = cursor.seq;
  const bounds = await readFeedBounds(db, since, query.limit ?? SYNC_PAGE_DEFAULT);
  const range = { since, last: bounds.last ?? since };
  const others = bounds.last === null ? [] : await readFeedOthers(db, since, bounds.last);
  // Read after the page's rows of the feed: a prune that ran meanwhile raised the horizon, and is seen here.
  const state = await readSyncState(db);
  if (isStale(since, cursor.epoch, state)) return resync();
  const mediaIds = liveIds(others, 'media');
  const empty = range.last === since;
  // One read per kind: customers, vehicles and inspections by the page's range of the feed (none on an empty page).
  const [customers, vehicles, inspections, deferred, media] = await Promise.all([
    empty ? '[]' : pageCustomers(db, range),
    empty ? '[]' : pageVehicles(db, range),
    empty ? [] : pageInspections(db, range, now),
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
  return new JsonText(
    `${head.slice(0, -1)},"customers":`,
    customers,
    ',"vehicles":',
    vehicles,
    ',"inspections":[',
    inspections.join(','),
    `],${tail.slice(1)}`,
  );
}
