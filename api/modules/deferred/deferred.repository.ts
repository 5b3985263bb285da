import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { DeferredListQuery, DeferredSort } from '@shared/schemas/deferred';
import { compiledInsert, compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import type { DeferredWorkTable } from '@api/db/tables';
import { idIn } from '@api/lib/id-list';
import { matchesAny, paginate, type Page } from '@api/lib/list';

export type DeferredFilters = Omit<DeferredListQuery, 'limit' | 'offset' | 'sort'>;

/** A line with its customer's name and phone and its vehicle, as the list and the feed send it. */
export interface DeferredListRow extends DeferredRow {
  customerName: string;
  customerPhone: string;
  vehicleYear: number | null;
  vehicleMake: string;
  vehicleModel: string;
}
export type DeferredRow = Selectable<DeferredWorkTable>;

function joined(db: Db) {
  return db
    .selectFrom('deferredWork')
    .innerJoin('customers', 'customers.id', 'deferredWork.customerId')
    .innerJoin('vehicles', 'vehicles.id', 'deferredWork.vehicleId');
}

function filtered(db: Db, filters: DeferredFilters) {
  let query = joined(db);
  const status = filters.status ?? 'open';
  if (status !== 'all') query = query.where('deferredWork.status', '=', status);
  if (filters.vehicleId) query = query.where('deferredWork.vehicleId', '=', filters.vehicleId);
  if (filters.customerId) query = query.where('deferredWork.customerId', '=', filters.customerId);
  if (filters.minAmountCents !== undefined)
    query = query.where('deferredWork.amountCents', '>=', filters.minAmountCents);
  if (filters.followUpDueBy) query = query.where('deferredWork.followUpDate', '<=', filters.followUpDueBy);
  const q = filters.q;
  if (q) {
    query = query.where((eb) =>
      matchesAny(
        db,
        eb,
        ['deferredWork.description', 'customers.name', 'customers.phone', 'vehicles.make', 'vehicles.model'],
        q,
      ),
    );
  }
  return query;
}

const LIST_COLUMNS = [
  'customers.name as customerName',
  'customers.phone as customerPhone',
  'vehicles.year as vehicleYear',
  'vehicles.make as vehicleMake',
  'vehicles.model as vehicleModel',
] as const;

export function listDeferred(
  db: Db,
  filters: DeferredFilters,
  sort: DeferredSort,
  page: Page,
): Promise<DeferredListRow[]> {
  let query = filtered(db, filters).selectAll('deferredWork').select(LIST_COLUMNS);
  // Oldest first, biggest first, or by customer; the id settles ties so pages never overlap.
  // Age and value read the status indexes in order; by customer sorts the (open) matches.
  if (sort === 'value') query = query.orderBy('deferredWork.amountCents', 'desc').orderBy('deferredWork.id', 'desc');
  else if (sort === 'customer') {
    query = query
      .orderBy(sql`lower(${sql.ref('customers.name')})`)
      .orderBy('deferredWork.inspectedAt')
      .orderBy('deferredWork.id');
  } else query = query.orderBy('deferredWork.inspectedAt').orderBy('deferredWork.id');
  return paginate(query, page).execute() as Promise<DeferredListRow[]>;
}

export async function countDeferred(db: Db, filters: DeferredFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findDeferredListRows(db: Db, ids: readonly string[]): Promise<DeferredListRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return joined(db)
    .selectAll('deferredWork')
    .select(LIST_COLUMNS)
    .where(idIn(db, 'deferredWork.id', ids))
    .execute() as Promise<DeferredListRow[]>;
}

export function findDeferredRow(db: Db, id: string): Promise<DeferredRow | undefined> {
  return db.selectFrom('deferredWork').selectAll().where('id', '=', id).executeTakeFirst();
}

// Every finished inspection's save and every decision on one brings its lines in step: compiled once.
const deferredOf = compiledOnce((db, [inspectionId]) =>
  db.selectFrom('deferredWork').selectAll().where('sourceInspectionId', '=', inspectionId!),
);
const deleteDeferredRows = compiledOnce((db, ids) => db.deleteFrom('deferredWork').where(idIn(db, 'id', ids)));

/** Every line made from the inspection's services (open or not). */
export function findDeferredOfInspection(db: Db, inspectionId: string): Promise<DeferredRow[]> {
  return deferredOf(db, [inspectionId]);
}

// Every approval runs it: compiled once per number of rows.
export const insertDeferred: (db: Db, rows: Insertable<DeferredWorkTable>[]) => Promise<void> =
  compiledInsert('deferredWork');

export async function updateDeferred(db: Db, id: string, changes: Updateable<DeferredWorkTable>): Promise<void> {
  await db.updateTable('deferredWork').set(changes).where('id', '=', id).execute();
}

export async function deleteDeferred(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await deleteDeferredRows(db, ids);
}
