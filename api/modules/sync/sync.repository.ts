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
 * What a page of at most `limit` changes after `since` needs of the feed itself: its last `seq`
 * (null: no changes), whether more follow, and its other rows (deletions, and the changes of kinds
 * read by id), oldest first. Customers, vehicles and inspections are read by the page's range.
 */
export interface FeedPage {
  last: number | null;
  hasMore: boolean;
  others: FeedRow[];
}

const isOther = (row: FeedRow) => row.deleted === 1 || !(READ_BY_RANGE as readonly string[]).includes(row.entity);

// Values are bound as text (compiled once): both databases read the integer it spells.
const pageAfter = (db: Db, since: string | undefined, limit: string | undefined) =>
  db
    .selectFrom('syncChanges')
    .select(['entity', 'entityId', 'seq', 'deleted'])
    .where('seq', '>', asNumber(since)!)
    .orderBy('seq')
    .limit(asNumber(limit)!);

const feedRows = compiledOnce((db, [since, limit]) => pageAfter(db, since, limit));

const feedSummary = compiledOnce((db, [since, limit]) => {
  const kinds = sql.join(READ_BY_RANGE.map((kind) => sql.lit(kind)));
  const summary = db.selectFrom(pageAfter(db, since, limit).as('page')).select([
    sql<number | null>`max(seq)`.as('last'),
    sql<string>`json_group_array(json_array(entity, entity_id, seq, deleted) order by seq)
        filter (where deleted = 1 or entity not in (${kinds}))`.as('others'),
  ]);
  return db
    .selectFrom(summary.as('p'))
    .select([
      'p.last',
      'p.others',
      sql<number>`exists (select 1 from sync_changes where seq > coalesce(${sql.ref('p.last')}, ${since}))`.as(
        'hasMore',
      ),
    ]);
});

/**
 * On SQLite one statement, through the index on seq: the page's rows stay inside SQLite, and only
 * its others (usually none) come out as one JSON text of `[entity, id, seq, deleted]` arrays.
 */
export async function feedPage(db: Db, since: number, limit: number): Promise<FeedPage> {
  if (isPostgres(db)) {
    const rows = await feedRows(db, [numberValue(since), numberValue(limit + 1)]);
    const inPage = rows.slice(0, limit);
    const last = inPage.at(-1);
    return {
      // A bigint comes back from PostgreSQL as text.
      last: last === undefined ? null : Number(last.seq),
      hasMore: rows.length > limit,
      others: inPage.filter(isOther),
    };
  }
  const [row] = await feedSummary(db, [numberValue(since), numberValue(limit)]);
  const others = JSON.parse(row?.others ?? '[]') as [string, string, number, number][];
  return {
    last: row?.last ?? null,
    hasMore: row?.hasMore === 1,
    others: others.map(([entity, entityId, seq, deleted]) => ({ entity, entityId, seq, deleted })),
  };
}

/** A page of the feed: the changes with `seq` after `since`, up to and including `last`. */
export interface PageRange {
  since: number;
  last: number;
}

/**
 * The page's feed rows of one kind whose rows still exist, found through the index on seq (on
 * SQLite `+entity` keeps the planner off the (entity, id) key, which would read every row of the kind).
 */
function pageOf(db: Db, kind: SyncEntity, [since, last]: readonly (string | undefined)[]) {
  const entity = isPostgres(db) ? sql.ref('s.entity') : sql`+${sql.ref('s.entity')}`;
  return db
    .selectFrom('syncChanges as s')
    .where('s.seq', '>', asNumber(since)!)
    .where('s.seq', '<=', asNumber(last)!)
    .where(sql<SqlBool>`${entity} = ${kind}`)
    .where('s.deleted', '=', 0);
}

const bounds = (range: PageRange) => [numberValue(range.since), numberValue(range.last)];

/** The rows' texts as one JSON array in feed order, made by the statement. */
const inFeedOrder = (db: Db, item: RawBuilder<string>) => responseJsonArray(db, item, sql.ref('s.seq'));

const customerItems = compiledOnce((db, range) =>
  pageOf(db, 'customer', range)
    .innerJoin('customers as c', 'c.id', 's.entityId')
    .select(inFeedOrder(db, customerResponseJson(db, 'c')).as('items')),
);

/** The page's customers as `customerResponse` items: one JSON array text, written by the statement. */
export async function pageCustomers(db: Db, range: PageRange): Promise<string> {
  return (await customerItems(db, bounds(range)))[0]?.items ?? '[]';
}

const vehicleItems = compiledOnce((db, range) =>
  pageOf(db, 'vehicle', range)
    .innerJoin('vehicles as v', 'v.id', 's.entityId')
    .innerJoin('customers as o', 'o.id', 'v.customerId')
    .select(inFeedOrder(db, vehicleResponseJson(db, 'v', 'o')).as('items')),
);

/** The page's vehicles with their customer's name as `vehicleResponse` items, written by the statement. */
export async function pageVehicles(db: Db, range: PageRange): Promise<string> {
  return (await vehicleItems(db, bounds(range)))[0]?.items ?? '[]';
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
 * feed order, with the document rows of those that have one (`textsOf` takes both): most in a page
 * are not kept, and only their status and date are looked at.
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
