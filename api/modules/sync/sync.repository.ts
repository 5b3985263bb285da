import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SyncEntity } from '@shared/schemas/sync';
import { asNumber, compiledOnce, numberValue } from '@api/db/compiled-once';
import { isPostgres, type Db } from '@api/db/database';
import { inTransaction, inUnflushedTransaction } from '@api/db/transaction';
import { responseJsonArray } from '@api/db/json-rows';
import type { SyncChangeRow } from '@api/db/tables';
import { customerResponseJson } from '@api/modules/customers/customer.repository';
import { vehicleResponseJson } from '@api/modules/vehicles/vehicle.repository';
import { documentBody, type DocumentRow } from '@api/modules/inspections/inspection-document.repository';
import { DOCUMENT_SHAPE } from '@api/modules/inspections/inspection-document.format';

const syncState = compiledOnce((db) =>
  db.selectFrom('syncState').select(['seq', 'tombstoneHorizon', 'epoch', 'itemShape']),
);

export interface SyncState {
  seq: number;
  tombstoneHorizon: number;
  epoch: string;
  /** The format the feed's items are written in (null before any was). */
  itemShape: string | null;
}

export async function readSyncState(db: Db): Promise<SyncState> {
  const [row] = await syncState(db, []);
  if (!row) throw new Error('sync_state has no row');
  const { epoch, itemShape } = row;
  return { seq: Number(row.seq), tombstoneHorizon: Number(row.tombstoneHorizon), epoch, itemShape };
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

/** The inspections of a page the offline app keeps, in feed order, and their documents where stored. */
export interface KeptInspectionRows<Body = string> {
  ids: string[];
  documents: (Omit<DocumentRow, 'body'> & { body: Body | null })[];
  /** When the ones kept for their date (not in progress) were changed. */
  changedAt: string[];
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

/** A column SQLite will not look for in an index (`+column`): the feed's range is read through its index on seq. */
const notIndexed = (db: Db, column: string) => (isPostgres(db) ? sql.ref(column) : sql`+${sql.ref(column)}`);

/** The feed's rows of one kind (or all) in the page's range. */
const inRange = (db: Db, kind: SyncEntity | undefined) => {
  const entity = notIndexed(db, 's.entity');
  return ([since, last]: readonly (string | undefined)[]) =>
    sql<SqlBool>`${sql.ref('s.seq')} > ${asNumber(since)!} and ${sql.ref('s.seq')} <= ${asNumber(last)!}
      and ${notIndexed(db, 's.deleted')} = 0${kind === undefined ? sql`` : sql` and ${entity} = ${sql.lit(kind)}`}`;
};

/** The live rows of the feed in the page's range, of one kind or all. */
function rangeOf(db: Db, range: readonly (string | undefined)[], kind?: SyncEntity) {
  return db.selectFrom('syncChanges as s').where(inRange(db, kind)(range));
}

/**
 * Values of the range's rows joined with commas in feed order, of the rows `of` picks. SQLite
 * aggregates in the order the range is read, which is the index's.
 */
function joined(db: Db, value: Expression<unknown>, of: Expression<SqlBool>): RawBuilder<string | null> {
  return isPostgres(db)
    ? sql`string_agg(${value}, ',' order by ${sql.ref('s.seq')}) filter (where ${of})`
    : sql`group_concat(${value}, ',') filter (where ${of})`;
}

/**
 * Text as its UTF-8 bytes on SQLite (a BLOB: a Buffer, copied as it is), where making a JavaScript
 * string of it cost more than reading it; as text on PostgreSQL, whose bytes travel as hex.
 */
function asBytes(db: Db, text: Expression<unknown>): RawBuilder<string | Buffer | null> {
  return isPostgres(db) ? sql`${text}` : sql`cast(${text} as blob)`;
}

/**
 * Stands for a kept inspection whose document is not stored (in the format read): a control
 * character, which a JSON text never holds as it is (inside a string it is escaped, outside only
 * spaces may stand), so the joined documents cannot hold it otherwise.
 */
const NO_DOCUMENT = '\u0001';

const pageItemsOf = compiledOnce((db, [since, last, cutoff]) => {
  const kinds = sql.join(READ_BY_RANGE.map((kind) => sql.lit(kind)));
  const item = sql.ref('s.item');
  const entity = sql.ref('s.entity');
  const itemOf = (kind: SyncEntity) => sql<SqlBool>`${entity} = ${sql.lit(kind)} and ${item} <> ''`;
  const changedAt = sql.ref('s.itemChangedAt');
  // An inspection the offline app keeps: in progress, or changed within the window.
  const kept = sql<SqlBool>`${entity} = 'inspection' and ${item} is not null
    and (${changedAt} is null or ${changedAt} >= ${cutoff})`;
  const document = sql`(select ${sql.ref('d.body')} from ${sql.table('inspection_documents')} as d
    where ${sql.ref('d.inspectionId')} = ${sql.ref('s.entityId')} and ${sql.ref('d.shape')} = ${sql.lit(DOCUMENT_SHAPE)})`;
  return rangeOf(db, [since, last]).select([
    asBytes(db, joined(db, item, itemOf('customer'))).as('customers'),
    asBytes(db, joined(db, item, itemOf('vehicle'))).as('vehicles'),
    sql<number | string>`count(*) filter (where ${item} is null and ${entity} in (${kinds}))`.as('missing'),
    asBytes(db, joined(db, sql`coalesce(${document}, ${sql.lit(NO_DOCUMENT)})`, kept)).as('documents'),
    joined(db, changedAt, sql<SqlBool>`${kept} and ${changedAt} is not null`).as('changedAt'),
  ]);
});

/**
 * The page's customers and vehicles, from the feed's items, with how many of its live customers,
 * vehicles and inspections have no item yet (`fillPageItems` writes them), and the stored documents
 * of the inspections the offline app keeps (in progress, or changed at or after `cutoff`): all from
 * one walk of the page's range of the feed.
 */
export async function pageItems(db: Db, range: PageRange, cutoff: string): Promise<PageItems> {
  const [row] = await pageItemsOf(db, [...bounds(range), cutoff]);
  const documents = row?.documents ?? '';
  return {
    customers: row?.customers ?? '',
    vehicles: row?.vehicles ?? '',
    missing: Number(row?.missing ?? 0),
    // One not stored: the caller reads the kept inspections row by row (`pageInspectionsOfItems`).
    documents: documents.includes(NO_DOCUMENT) ? undefined : documents,
    changedAt: row?.changedAt ? row.changedAt.split(',') : [],
  };
}

/** A page's customers, vehicles and kept inspections, their answers joined with commas (text, or its bytes). */
export interface PageItems {
  customers: string | Buffer;
  vehicles: string | Buffer;
  /** How many of the page's live customers, vehicles and inspections have no item yet. */
  missing: number;
  /** The kept inspections' stored documents; undefined when one has none stored. */
  documents: string | Buffer | undefined;
  /** When the kept inspections that are not in progress were changed. */
  changedAt: string[];
}

/** The rows of one kind in the range that have no item yet. */
const itemless = (db: Db, kind: SyncEntity, range: readonly (string | undefined)[]) =>
  db.updateTable('syncChanges as s').where(inRange(db, kind)(range)).where('s.item', 'is', null);

// Each item is read and written by one statement, so it is the row as it is when written. A row
// recorded again meanwhile took a sequence past the range and is left as it is (PostgreSQL checks
// the range again on the row it waited for).
const fillCustomers = compiledOnce((db, range) =>
  itemless(db, 'customer', range).set((eb) => ({
    item: eb.fn.coalesce(
      eb
        .selectFrom('customers as c')
        .select(customerResponseJson(db, 'c').as('item'))
        .whereRef('c.id', '=', 's.entityId'),
      sql.lit(''),
    ),
  })),
);
const fillVehicles = compiledOnce((db, range) =>
  itemless(db, 'vehicle', range).set((eb) => ({
    item: eb.fn.coalesce(
      eb
        .selectFrom('vehicles as v')
        .innerJoin('customers as o', 'o.id', 'v.customerId')
        .select(vehicleResponseJson(db, 'v', 'o').as('item'))
        .whereRef('v.id', '=', 's.entityId'),
      sql.lit(''),
    ),
  })),
);
const fillInspections = compiledOnce((db, range) =>
  itemless(db, 'inspection', range).set((eb) => ({
    item: sql.lit(''),
    itemChangedAt: eb
      .selectFrom('inspections as i')
      .select(
        sql<
          string | null
        >`case when ${sql.ref('i.status')} = 'in_progress' then null else ${sql.ref('i.updatedAt')} end`.as('at'),
      )
      .whereRef('i.id', '=', 's.entityId'),
  })),
);

/**
 * Writes the items of the page's rows that have none: a customer's or vehicle's answer, an
 * inspection's time in the window. The items are worth less than a disk flush (they are read again
 * from the rows when lost), so the write does not wait for one.
 */
export async function fillPageItems(db: Db, range: PageRange): Promise<void> {
  const values = bounds(range);
  await inUnflushedTransaction(db, async (trx) => {
    await fillCustomers(trx, values);
    await fillVehicles(trx, values);
    await fillInspections(trx, values);
  });
}

const clearItems = compiledOnce((db) =>
  db.updateTable('syncChanges').set({ item: null, itemChangedAt: null }).where('item', 'is not', null),
);
const setItemShape = compiledOnce((db, [shape]) => db.updateTable('syncState').set({ itemShape: shape! }));

/**
 * Names the format the feed's items are written in from now on, and forgets those written in
 * another (`from`; none were written before a format was named).
 */
export async function resetItems(db: Db, from: string | null, shape: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (from !== null) await clearItems(trx, []);
    await setItemShape(trx, [shape]);
  });
}

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

const keptOfItems = compiledOnce((db, [since, last, cutoff]) =>
  rangeOf(db, [since, last], 'inspection')
    .where('s.item', 'is not', null)
    .where((eb) => eb.or([eb('s.itemChangedAt', 'is', null), eb('s.itemChangedAt', '>=', cutoff!)]))
    .leftJoin('inspectionDocuments', 'inspectionDocuments.inspectionId', 's.entityId')
    .select([
      's.entityId as id',
      's.itemChangedAt as changedAt',
      'inspectionDocuments.version',
      asBytes(db, documentBody().expression).as('body'),
    ])
    .orderBy('s.seq'),
);

/** The page's inspections the offline app keeps, found by their items (`pageInspectionsInWindow` reads the rows). */
export async function pageInspectionsOfItems(
  db: Db,
  range: PageRange,
  cutoff: string,
): Promise<KeptInspectionRows<string | Buffer>> {
  const rows = await keptOfItems(db, [...bounds(range), cutoff]);
  return {
    ids: rows.map((row) => row.id),
    changedAt: rows.flatMap((row) => (row.changedAt === null ? [] : [row.changedAt])),
    documents: rows.flatMap((row) =>
      row.version === null ? [] : [{ inspectionId: row.id, version: Number(row.version), body: row.body }],
    ),
  };
}

const inWindow = compiledOnce((db, [since, last, cutoff]) =>
  pageOf(db, 'inspection', [since, last])
    .innerJoin('inspections as i', 'i.id', 's.entityId')
    .leftJoin('inspectionDocuments', 'inspectionDocuments.inspectionId', 'i.id')
    .select(['i.id', 'i.status', 'i.updatedAt', 'inspectionDocuments.version', documentBody()])
    .where((eb) => eb.or([eb('i.status', '=', 'in_progress'), eb('i.updatedAt', '>=', cutoff!)]))
    .orderBy('s.seq'),
);

/**
 * The page's inspections the offline app keeps (in progress, or changed at or after `cutoff`), in
 * feed order, with the document rows of those that have one (`textsOf` takes both): most in a page
 * are not kept, and only their status and date are looked at. `changedAt`: when the ones kept for
 * their date (not in progress) were changed.
 */
export async function pageInspectionsInWindow(db: Db, range: PageRange, cutoff: string): Promise<KeptInspectionRows> {
  const rows = await inWindow(db, [...bounds(range), cutoff]);
  return {
    ids: rows.map((row) => row.id),
    changedAt: rows.flatMap((row) => (row.status === 'in_progress' ? [] : [row.updatedAt])),
    documents: rows.flatMap((row) =>
      row.version === null ? [] : [{ inspectionId: row.id, version: Number(row.version), body: row.body }],
    ),
  };
}
