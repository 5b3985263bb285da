import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SyncEntity } from '@shared/schemas/sync';
import { asNumber, compiledOnce, numberValue } from '@api/db/compiled-once';
import { isPostgres, type Db } from '@api/db/database';
import { responseJsonArray } from '@api/db/json-rows';
import type { SyncChangeRow } from '@api/db/tables';
import { customerResponseJson } from '@api/modules/customers/customer.repository';
import { vehicleResponseJson } from '@api/modules/vehicles/vehicle.repository';
import { documentBody, type DocumentRow } from '@api/modules/inspections/inspection-document.repository';

const syncState = compiledOnce((db) => db.selectFrom('syncState').select(['seq', 'tombstoneHorizon', 'epoch']));

export async function readSyncState(db: Db): Promise<{ seq: number; tombstoneHorizon: number; epoch: string }> {
  const [row] = await syncState(db, []);
  if (!row) throw new Error('sync_state has no row');
  return { seq: Number(row.seq), tombstoneHorizon: Number(row.tombstoneHorizon), epoch: row.epoch };
}

export type FeedRow = Pick<SyncChangeRow, 'entity' | 'entityId' | 'seq' | 'deleted'>;

/** The kinds a page reads by the range of the feed it spans (the others by id). */
const READ_BY_RANGE = ['customer', 'vehicle', 'inspection'] as const;

/**
 * The page's last `seq` (the limit-th change after `since`, or the last change there is) and whether
 * more follow, from the index on seq alone: no row of the feed is read. Values are bound as text
 * (compiled once): both databases read the integer it spells.
 */
const feedBounds = compiledOnce((db, [since, skip]) => {
  const after = asNumber(since)!;
  const nth = db.selectFrom('syncChanges').select('seq').where('seq', '>', after).orderBy('seq').limit(1);
  const lastOfAll = db
    .selectFrom('syncChanges')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('seq', '>', after);
  const bounds = db.selectNoFrom(sql<number | null>`coalesce(${nth.offset(asNumber(skip)!)}, ${lastOfAll})`.as('last'));
  return db
    .selectFrom(bounds.as('p'))
    .select([
      'p.last',
      sql<number | boolean>`exists (select 1 from sync_changes where seq > ${sql.ref('p.last')})`.as('hasMore'),
    ]);
});

/**
 * The page's other rows, through the feed's partial index of them (`sync_changes_others`, migration
 * 2026-11-27T04-00-sync-feed-others): the condition is that index's own, word for word, which is how
 * SQLite knows it may use it. Usually there are none, and none of the page's other rows is read.
 */
const feedOthers = compiledOnce((db, [since, last]) => {
  const kinds = sql.join(READ_BY_RANGE.map((kind) => sql.lit(kind)));
  return db
    .selectFrom('syncChanges')
    .select(['entity', 'entityId', 'seq', 'deleted'])
    .where('seq', '>', asNumber(since)!)
    .where('seq', '<=', asNumber(last)!)
    .where(sql<SqlBool>`(deleted = 1 or entity not in (${kinds}))`)
    .orderBy('seq');
});

/**
 * What a page of at most `limit` changes after `since` needs first of the feed itself: its last
 * `seq` (null: no changes) and whether more follow. Its other rows (deletions, and the changes of
 * kinds read by id) come next (`readFeedOthers`); customers, vehicles and inspections are read by
 * the page's range.
 */
export interface FeedBounds {
  last: number | null;
  hasMore: boolean;
}

export async function readFeedBounds(db: Db, since: number, limit: number): Promise<FeedBounds> {
  const [bounds] = await feedBounds(db, [numberValue(since), numberValue(limit - 1)]);
  // A bigint may come back from PostgreSQL as text.
  const last = bounds?.last === null || bounds?.last === undefined ? null : Number(bounds.last);
  return last === null ? { last: null, hasMore: false } : { last, hasMore: Boolean(bounds!.hasMore) };
}

/** The other rows of the page after `since` up to `last`, oldest first. */
export async function readFeedOthers(db: Db, since: number, last: number): Promise<FeedRow[]> {
  const others = await feedOthers(db, [numberValue(since), numberValue(last)]);
  return others.map((row) => ({ ...row, seq: Number(row.seq), deleted: Number(row.deleted) }));
}

/** A page of the feed: the changes with `seq` after `since`, up to and including `last`. */
export interface PageRange {
  since: number;
  last: number;
}

/**
 * The page's feed rows of one kind whose rows still exist, found through the index on seq (on
 * SQLite `+entity` keeps the planner off the (entity, id) key, which would read every row of the kind).
 * `deleted = 0` is written in the text: bound, SQLite compares the bound value with the feed's partial
 * indexes (`where deleted = 1`) when it plans, and so prepares the statement again on every run.
 */
function pageOf(db: Db, kind: SyncEntity, [since, last]: readonly (string | undefined)[]) {
  const entity = isPostgres(db) ? sql.ref('s.entity') : sql`+${sql.ref('s.entity')}`;
  return db
    .selectFrom('syncChanges as s')
    .where('s.seq', '>', asNumber(since)!)
    .where('s.seq', '<=', asNumber(last)!)
    .where(sql<SqlBool>`${entity} = ${kind}`)
    .where('s.deleted', '=', sql.lit(0));
}

const bounds = (range: PageRange) => [numberValue(range.since), numberValue(range.last)];

/** The rows' texts as one JSON array in feed order, made by the statement. */
const inFeedOrder = (db: Db, item: RawBuilder<string>) => responseJsonArray(db, item, sql.ref('s.seq'));

const customerRange = compiledOnce((db, range) =>
  pageOf(db, 'customer', range)
    .innerJoin('customers as c', 'c.id', 's.entityId')
    .select(inFeedOrder(db, customerResponseJson(db, 'c')).as('items')),
);

/** The page's customers as `customerResponse` items: one JSON array text, written by the statement. */
export async function pageCustomers(db: Db, range: PageRange): Promise<string> {
  const [row] = await customerRange(db, bounds(range));
  return row?.items ?? '[]';
}

const vehicleRange = compiledOnce((db, range) =>
  pageOf(db, 'vehicle', range)
    .innerJoin('vehicles as v', 'v.id', 's.entityId')
    .innerJoin('customers as o', 'o.id', 'v.customerId')
    .select(inFeedOrder(db, vehicleResponseJson(db, 'v', 'o')).as('items')),
);

/** The page's vehicles with their customer's name as `vehicleResponse` items, written by the statement. */
export async function pageVehicles(db: Db, range: PageRange): Promise<string> {
  const [row] = await vehicleRange(db, bounds(range));
  return row?.items ?? '[]';
}

const inWindow = compiledOnce((db, [since, last, cutoff]) =>
  pageOf(db, 'inspection', [since, last])
    .innerJoin('inspections as i', 'i.id', 's.entityId')
    .leftJoin('inspectionDocuments', 'inspectionDocuments.inspectionId', 'i.id')
    .select(['i.id', 'inspectionDocuments.version', documentBody()])
    .where((eb) => eb.or([eb('i.status', '=', 'in_progress'), eb('i.updatedAt', '>=', cutoff!)]))
    .orderBy('s.seq'),
);

/**
 * The page's inspections the offline app keeps (in progress, or changed at or after `cutoff`), in
 * feed order, with the document rows of those that have one (`textsOf` takes both).
 */
export async function pageInspectionsInWindow(
  db: Db,
  range: PageRange,
  cutoff: string,
): Promise<{ ids: string[]; documents: DocumentRow[] }> {
  const rows = await inWindow(db, [...bounds(range), cutoff]);
  return {
    ids: rows.map((row) => row.id),
    documents: rows.flatMap((row) =>
      row.version === null ? [] : [{ inspectionId: row.id, version: Number(row.version), body: row.body }],
    ),
  };
}
