import type { Inspection } from '@shared/schemas/inspection';
import {
  FIRST_SYNC_ENTITIES,
  SYNC_INSPECTION_WINDOW_DAYS,
  SYNC_PAGE_DEFAULT,
  type SyncChangesQuery,
  emptyChangePage,
  type SyncChangesResponse,
  type SyncEntity,
} from '@shared/schemas/sync';
import type { Db } from '@api/db/database';
import type { InspectionRow } from '@api/db/tables';
import { withKnown } from '@api/lib/id-list';
import { findCustomersByIds } from '@api/modules/customers/customer.repository';
import { toCustomer } from '@api/modules/customers/customer.mapper';
import { getDeferredByIds } from '@api/modules/deferred/deferred.service';
import { findVehicles } from '@api/modules/inspections/inspection.repository';
import { inspectionsByIds } from '@api/modules/inspections/inspection-documents';
import { toVehicle } from '@api/modules/vehicles/vehicle.mapper';
import { toMedia } from '@api/modules/media/media.mapper';
import { findMediaByIds } from '@api/modules/media/media.repository';
import { formatCursor, parseCursor } from './cursor';
import { changesAfter, customerNames, inspectionWindowFields, readSyncState, type FeedRow } from './sync.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const isFirstEntity = (entity: string): entity is (typeof FIRST_SYNC_ENTITIES)[number] =>
  (FIRST_SYNC_ENTITIES as readonly string[]).includes(entity);

const resync = (): SyncChangesResponse => emptyChangePage({ resync: true, cursor: '0', hasMore: true });

/** The offline app keeps inspections in progress or changed after `cutoff`; it is sent no others. */
function inWindow(row: Pick<InspectionRow, 'status' | 'updatedAt'>, cutoff: string): boolean {
  return row.status === 'in_progress' || row.updatedAt >= cutoff;
}

/** The ids of one kind's live rows, in feed order. */
function liveIds(rows: readonly FeedRow[], entity: SyncEntity): string[] {
  return rows.filter((r) => r.entity === entity && r.deleted !== 1).map((r) => r.entityId);
}

function inOrder<T extends { id: string }>(ids: readonly string[], items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One page of the change feed after `since`. The cursor moves past every row read, including
 * ones left out (inspections outside the window, internal records), so the next page starts after.
 */
export async function changesSince(db: Db, query: SyncChangesQuery, now = new Date()): Promise<SyncChangesResponse> {
  const cursor = parseCursor(query.since);
  const since = cursor.seq;
  const limit = query.limit ?? SYNC_PAGE_DEFAULT;
  const rows = await changesAfter(db, since, limit + 1);
  // Read after the page: a prune that ran meanwhile raised the horizon, and is seen here.
  const state = await readSyncState(db);
  // Deletions after the cursor were forgotten, the cursor is from before a restore (another
  // epoch), or the sequence went back.
  const stale = since < state.tombstoneHorizon || cursor.epoch !== state.epoch || since > state.seq;
  if (since !== 0 && stale) return resync();

  const page = rows.slice(0, limit);
  const customerIds = liveIds(page, 'customer');
  const vehicleIds = liveIds(page, 'vehicle');
  const inspectionIds = liveIds(page, 'inspection');
  // One batched read per kind. Most inspections in a page are outside the window: their status and
  // date decide that first, and only the ones kept are read whole and nested.
  const mediaIds = liveIds(page, 'media');
  const [customers, vehicleRows, windowFields, deferred, media] = await Promise.all([
    findCustomersByIds(db, customerIds),
    findVehicles(db, vehicleIds),
    inspectionWindowFields(db, inspectionIds),
    getDeferredByIds(db, liveIds(page, 'deferred')),
    findMediaByIds(db, mediaIds),
  ]);
  // A vehicle's owner is usually in the same page: its name is read only when it is not.
  const owners = await withKnown(
    vehicleRows.map((v) => v.customerId),
    customers,
    (missing) => customerNames(db, missing),
  );
  const vehicles = vehicleRows.flatMap((row) => {
    const owner = owners.get(row.customerId);
    return owner ? [{ ...row, customerName: owner.name }] : [];
  });
  const cutoff = new Date(now.getTime() - SYNC_INSPECTION_WINDOW_DAYS * DAY_MS).toISOString();
  const keptIds = inOrder(
    inspectionIds,
    windowFields.filter((row) => inWindow(row, cutoff)),
  ).map((row) => row.id);
  // The kept inspections' stored answers (built from their rows where there are none).
  const inspections: Inspection[] = await inspectionsByIds(db, keptIds);
  const deleted = page.flatMap((r) =>
    r.deleted === 1 && isFirstEntity(r.entity) ? [{ entity: r.entity, id: r.entityId }] : [],
  );
  const deletedOf = (entity: SyncEntity) =>
    page.flatMap((r) => (r.deleted === 1 && r.entity === entity ? [r.entityId] : []));
  const last = page.at(-1);
  return {
    resync: false,
    cursor: formatCursor({ epoch: state.epoch, seq: last ? last.seq : since }),
    hasMore: rows.length > limit,
    customers: inOrder(customerIds, customers).map(toCustomer),
    vehicles: inOrder(vehicleIds, vehicles).map(toVehicle),
    inspections,
    deferred,
    deleted,
    deletedDeferred: deletedOf('deferred'),
    media: inOrder(mediaIds, media).map(toMedia),
    deletedMedia: deletedOf('media'),
  };
}
