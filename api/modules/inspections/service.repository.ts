import { sql, type SelectQueryBuilder, type Updateable } from 'kysely';
import { asNumber, compiledInsert, compiledOnce, numberValue } from '@api/db/compiled-once';
import { MAX_CENTS } from '@shared/money';
import { PARTS_TOTAL_TOO_LARGE } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import { badRequest } from '@api/lib/http-error';
import { idIn } from '@api/lib/id-list';
import type { ServicePartRow, ServicePartsTable, ServiceRow, ServicesTable } from '@api/db/tables';

/** Services and parts are listed by position, then creation, then id. */
const inPositionOrder = <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>) =>
  query.orderBy(sql.ref('position')).orderBy(sql.ref('createdAt')).orderBy(sql.ref('id'));

// An approval or decline reads its service (`findServiceRow`, by `serviceRows`) and the service's
// parts, a save the parts of the inspection's services, and the line of deferred work the
// inspection's services: compiled once.
const servicesOf = compiledOnce((db, [inspectionId]) =>
  inPositionOrder(db.selectFrom('services').selectAll().where('inspectionId', '=', inspectionId!)),
);
const partsOf = compiledOnce((db, serviceIds) =>
  inPositionOrder(
    db
      .selectFrom('serviceParts')
      .selectAll()
      .where(idIn(db, 'serviceId', serviceIds)),
  ),
);

// Every save of an inspection's services checks its ids with these two: compiled once.
const serviceRows = compiledOnce((db, ids) =>
  db
    .selectFrom('services')
    .selectAll()
    .where(idIn(db, 'id', ids)),
);
const partRows = compiledOnce((db, ids) =>
  db
    .selectFrom('serviceParts')
    .selectAll()
    .where(idIn(db, 'id', ids)),
);

export function findServiceRows(db: Db, ids: readonly string[]): Promise<ServiceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return serviceRows(db, ids);
}

export async function findServiceRow(db: Db, id: string): Promise<ServiceRow | undefined> {
  return (await serviceRows(db, [id]))[0];
}

export function findServicesOfInspection(db: Db, inspectionId: string): Promise<ServiceRow[]> {
  return servicesOf(db, [inspectionId]);
}

export function findPartsOfService(db: Db, serviceId: string): Promise<ServicePartRow[]> {
  return partsOf(db, [serviceId]);
}

export function findPartsOfServices(db: Db, serviceIds: readonly string[]): Promise<ServicePartRow[]> {
  if (serviceIds.length === 0) return Promise.resolve([]);
  return partsOf(db, serviceIds);
}

export function findPartRows(db: Db, ids: readonly string[]): Promise<ServicePartRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return partRows(db, ids);
}

// Every inspection saved with new services runs them: compiled once per number of rows.
export const insertServices: (db: Db, rows: readonly ServiceRow[]) => Promise<void> = compiledInsert('services');
export const insertParts: (db: Db, rows: readonly ServicePartRow[]) => Promise<void> = compiledInsert('serviceParts');

export async function updateServiceRow(db: Db, id: string, changes: Updateable<ServicesTable>): Promise<void> {
  await db.updateTable('services').set(changes).where('id', '=', id).execute();
}

export async function updatePartRow(db: Db, id: string, changes: Updateable<ServicePartsTable>): Promise<void> {
  await db.updateTable('serviceParts').set(changes).where('id', '=', id).execute();
}

/** The decision's update, compiled once: it returns the id of the row it changed, none when the service was already decided. */
const decide = compiledOnce((db, [serviceId, inspectionId, status, updatedAt, amount, reapprove]) =>
  db
    .updateTable('services')
    .set({
      status: status!,
      updatedAt: updatedAt!,
      approvedAmountCents: asNumber(amount!),
      needsReapproval: asNumber(reapprove!),
    })
    .where('id', '=', serviceId!)
    .where('inspectionId', '=', inspectionId!)
    .where((eb) =>
      eb.or([eb('status', '=', 'recommended'), eb.and([eb('status', '=', 'approved'), eb('needsReapproval', '=', 1)])]),
    )
    .returning('id'),
);

/**
 * Moves a recommended service (or an approved one waiting for re-approval) to the customer's
 * decision; 0 when it was already decided.
 */
export async function decideIfOpen(
  db: Db,
  args: {
    inspectionId: string;
    serviceId: string;
    status: string;
    updatedAt: string;
    approvedAmountCents: number | null;
    needsReapproval: number;
  },
): Promise<number> {
  const changed = await decide(db, [
    args.serviceId,
    args.inspectionId,
    args.status,
    args.updatedAt,
    args.approvedAmountCents === null ? null : numberValue(args.approvedAmountCents),
    numberValue(args.needsReapproval),
  ]);
  return changed.length;
}

export async function deleteServices(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('services')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteParts(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('serviceParts')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function nextServicePosition(db: Db, inspectionId: string): Promise<number> {
  const row = await db
    .selectFrom('services')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('inspectionId', '=', inspectionId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function nextPartPosition(db: Db, serviceId: string): Promise<number> {
  const row = await db
    .selectFrom('serviceParts')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('serviceId', '=', serviceId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Stores partsCost as the sum of the service's parts when it has any. */
export async function syncPartsCost(db: Db, serviceId: string): Promise<void> {
  const row = await db
    .selectFrom('serviceParts')
    .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum('partCostCents').as('sum')])
    .where('serviceId', '=', serviceId)
    .executeTakeFirstOrThrow();
  if (Number(row.count) > 0) {
    if (Number(row.sum) > MAX_CENTS) throw badRequest(PARTS_TOTAL_TOO_LARGE);
    await db
      .updateTable('services')
      .set({ partsCostCents: Number(row.sum) })
      .where('id', '=', serviceId)
      .execute();
  }
}

// Every change to a service marks its inspection changed: compiled once.
const touch = compiledOnce((db, [inspectionId, updatedAt]) =>
  db.updateTable('inspections').set({ updatedAt: updatedAt! }).where('id', '=', inspectionId!),
);

export async function touchInspection(db: Db, inspectionId: string, updatedAt: string): Promise<void> {
  await touch(db, [inspectionId, updatedAt]);
}
