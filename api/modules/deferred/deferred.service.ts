import type { Updateable } from 'kysely';
import {
  ADDED_TO_REQUIRED,
  DEFERRED_NOT_FOUND,
  DISMISS_REASON_REQUIRED,
  type DeferredListQuery,
  type DeferredWork,
  type updateDeferredBody,
} from '@shared/schemas/deferred';
import type { z } from 'zod';
import type { Db } from '@api/db/database';
import type { DeferredWorkTable } from '@api/db/tables';
import { inTransaction } from '@api/db/transaction';
import type { ListPage } from '@api/lib/list';
import { badRequest, conflict, notFound } from '@api/lib/http-error';
import { inIdOrder } from '@api/lib/id-list';
import { totalFromPage } from '@api/lib/keyset';
import { nowIso } from '@api/lib/tokens';
import { changed, missingRow, recordChanges } from '@api/lib/change-log';
import * as repo from './deferred.repository';
import type { DeferredListRow } from './deferred.repository';

type UpdateDeferred = z.output<typeof updateDeferredBody>;

export function toDeferredWork(row: DeferredListRow): DeferredWork {
  const { vehicleYear, vehicleMake, vehicleModel, ...line } = row;
  return {
    ...line,
    sourceStatus: line.sourceStatus === 'declined' ? 'declined' : 'recommended',
    status: line.status as DeferredWork['status'],
    followUpOutcome: line.followUpOutcome as DeferredWork['followUpOutcome'],
    vehicleLabel: [vehicleYear, vehicleMake, vehicleModel].filter((part) => part !== null && part !== '').join(' '),
  };
}

/** Response-shaped lines in the order of `ids`; unknown ids are left out. */
export async function getDeferredByIds(db: Db, ids: readonly string[]): Promise<DeferredWork[]> {
  return inIdOrder(ids, await repo.findDeferredListRows(db, ids)).map(toDeferredWork);
}

export async function getDeferredWork(db: Db, id: string): Promise<DeferredWork> {
  const [work] = await getDeferredByIds(db, [id]);
  if (!work) throw notFound(DEFERRED_NOT_FOUND);
  return work;
}

export async function listDeferredWork(db: Db, query: DeferredListQuery): Promise<ListPage<DeferredWork>> {
  const { limit, offset, sort, ...filters } = query;
  const rows = await repo.listDeferred(db, filters, sort ?? 'age', { limit, offset });
  // A short first page (or any page short of its limit) tells the total without a count.
  const total = totalFromPage(rows, { limit, offset }) ?? (await repo.countDeferred(db, filters));
  return { items: rows.map(toDeferredWork), total };
}

/** The status change a body asks for, checked against the line as it is now. */
async function statusChange(
  db: Db,
  line: repo.DeferredRow,
  body: UpdateDeferred,
): Promise<Updateable<DeferredWorkTable>> {
  if (body.status === 'dismissed') {
    const reason = body.dismissReason?.trim();
    if (!reason) throw badRequest(DISMISS_REASON_REQUIRED);
    // The same dismissal again (a replay from another device) changes nothing.
    if (line.status === 'dismissed') return {};
    if (line.status !== 'open') throw conflict('This line was already added to an inspection');
    return { status: 'dismissed', dismissReason: reason };
  }
  if (body.status === 'added') {
    const target = body.addedToInspectionId;
    if (!target) throw badRequest(ADDED_TO_REQUIRED);
    if (line.status === 'added' && line.addedToInspectionId === target) return {};
    if (line.status === 'added') throw conflict('This line was already added to another inspection');
    if (line.status !== 'open') throw conflict('This line was dismissed');
    const inspection = await db
      .selectFrom('inspections')
      .select('vehicleId')
      .where('id', '=', target)
      .executeTakeFirst();
    if (!inspection) throw await missingRow(db, 'inspection', target, badRequest('Inspection not found'));
    if (inspection.vehicleId !== line.vehicleId) throw badRequest('That inspection is of another vehicle');
    if (target === line.sourceInspectionId)
      throw badRequest('A line cannot be added back to the inspection it came from');
    return { status: 'added', addedToInspectionId: target };
  }
  return {};
}

/** Follow-up date and outcome, dismissal, or "added to that new inspection". */
export async function updateDeferredWork(db: Db, id: string, body: UpdateDeferred): Promise<DeferredWork> {
  return inTransaction(db, async (trx) => {
    const line = await repo.findDeferredRow(trx, id);
    if (!line) throw await missingRow(trx, 'deferred', id, notFound(DEFERRED_NOT_FOUND));
    const changes: Updateable<DeferredWorkTable> = await statusChange(trx, line, body);
    if (body.followUpDate !== undefined) changes.followUpDate = body.followUpDate;
    if (body.followUpOutcome !== undefined) changes.followUpOutcome = body.followUpOutcome;
    const differs = (Object.keys(changes) as (keyof typeof changes)[]).some((key) => changes[key] !== line[key]);
    if (differs) {
      const now = nowIso();
      await repo.updateDeferred(trx, id, { ...changes, updatedAt: now });
      await recordChanges(trx, changed('deferred', [id]), now);
    }
    return getDeferredWork(trx, id);
  });
}
