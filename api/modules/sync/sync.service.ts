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
import { JsonText, jsonArrayText } from '@api/lib/json-text';
import { writtenInParts } from '@api/plugins/written-in-parts';
import { serializerFor } from '@api/plugins/serializer';
import { getDeferredByIds } from '@api/modules/deferred/deferred.service';
import { textsOf } from '@api/modules/inspections/inspection-documents';
import { toMedia } from '@api/modules/media/media.mapper';
import { findMediaByIds } from '@api/modules/media/media.repository';
import { formatCursor, parseCursor } from './cursor';
import {
  feedPage,
  pageCustomers,
  pageInspectionsInWindow,
  pageVehicles,
  readSyncState,
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

/**
 * The page's inspections the offline app keeps (in progress, or changed within the window), as
 * their answers' JSON texts in feed order: the stored documents as they are, the others built.
 */
async function keptInspectionTexts(db: Db, range: PageRange, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - SYNC_INSPECTION_WINDOW_DAYS * DAY_MS).toISOString();
  const { ids, documents } = await pageInspectionsInWindow(db, range, cutoff);
  const texts = await textsOf(db, documents, ids);
  return ids.flatMap((id) => texts.get(id) ?? []);
}

/** The page's customers, vehicles and kept inspections as JSON texts; none to read on an empty page. */
async function rowsOf(db: Db, range: PageRange, now: Date): Promise<[string, string, string[]]> {
  if (range.last === range.since) return ['[]', '[]', []];
  return Promise.all([pageCustomers(db, range), pageVehicles(db, range), keptInspectionTexts(db, range, now)]);
}

/**
 * One page of the change feed after `since`, as JSON text. The cursor moves past every row read,
 * including ones left out (inspections outside the window, internal records), so the next page
 * starts after.
 */
export async function changesSince(db: Db, query: SyncChangesQuery, now = new Date()): Promise<JsonText> {
  const cursor = parseCursor(query.since);
  const since = cursor.seq;
  const limit = query.limit ?? SYNC_PAGE_DEFAULT;
  const feed = await feedPage(db, since, limit);
  // Read after the page: a prune that ran meanwhile raised the horizon, and is seen here.
  const state = await readSyncState(db);
  // Deletions after the cursor were forgotten, the cursor is from before a restore (another
  // epoch), or the sequence went back.
  const stale = since < state.tombstoneHorizon || cursor.epoch !== state.epoch || since > state.seq;
  if (since !== 0 && stale) return resync();

  const others = feed.others;
  const range = { since, last: feed.last ?? since };
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
    hasMore: feed.hasMore,
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
  return writtenInParts(
    db,
    syncChangesResponse,
    `${head.slice(0, -1)},"customers":`,
    customers,
    ',"vehicles":',
    vehicles,
    ',"inspections":',
    ...jsonArrayText(inspections).parts,
    `,${tail.slice(1)}`,
  );
}
