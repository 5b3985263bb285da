import type { Insertable } from 'kysely';
import type { Db } from '@api/db/database';
import type { ShareSendsTable } from '@api/db/tables';

export type TargetKind = 'inspection' | 'invoice';
export interface Target {
  kind: TargetKind;
  id: string;
}

/** The table of an inspection or an invoice; typed as inspections, whose id, customerId and vehicleId invoices share. */
export const ownerTable = (kind: TargetKind) => (kind === 'inspection' ? 'inspections' : 'invoices') as 'inspections';

const targetColumn = (kind: TargetKind) => (kind === 'inspection' ? 'shareSends.inspectionId' : 'shareSends.invoiceId');

function sendsWithUser(db: Db) {
  return db
    .selectFrom('shareSends')
    .leftJoin('users', 'users.id', 'shareSends.userId')
    .select([
      'shareSends.id',
      'shareSends.inspectionId',
      'shareSends.invoiceId',
      'shareSends.channel',
      'shareSends.recipient',
      'shareSends.status',
      'shareSends.error',
      'shareSends.sentAt',
      'shareSends.userId',
      'users.username',
    ]);
}
export type SendRow = Awaited<ReturnType<ReturnType<typeof sendsWithUser>['executeTakeFirstOrThrow']>>;

export function findSend(db: Db, id: string): Promise<SendRow | undefined> {
  return sendsWithUser(db).where('shareSends.id', '=', id).executeTakeFirst();
}

export function listSends(db: Db, target: Target, limit: number): Promise<SendRow[]> {
  return sendsWithUser(db)
    .where(targetColumn(target.kind), '=', target.id)
    .orderBy('shareSends.sentAt', 'desc')
    .orderBy('shareSends.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertSend(db: Db, row: Insertable<ShareSendsTable>): Promise<void> {
  await db.insertInto('shareSends').values(row).execute();
}

export async function setSendResult(db: Db, id: string, status: string, error: string | null): Promise<void> {
  await db.updateTable('shareSends').set({ status, error }).where('id', '=', id).execute();
}

/** Marks emails still sending since before `before` as failed with `error`; gives their inspections. */
export async function failEmailsSendingSince(db: Db, before: string, error: string): Promise<(string | null)[]> {
  const rows = await db
    .updateTable('shareSends')
    .set({ status: 'failed', error })
    .where('status', '=', 'sending')
    .where('createdAt', '<', before)
    .returning('inspectionId')
    .execute();
  return rows.map((row) => row.inspectionId);
}

/** The customer, their email and phone on record and whether they consented to texts; undefined when the inspection or invoice is gone. */
export function findTargetCustomer(db: Db, target: Target) {
  // Typed as inspections: both tables name the columns used here the same way.
  const owner = ownerTable(target.kind);
  return db
    .selectFrom(owner)
    .innerJoin('customers', 'customers.id', `${owner}.customerId`)
    .where(`${owner}.id`, '=', target.id)
    .select(['customers.id', 'customers.email', 'customers.phone', 'customers.textConsentAt'])
    .executeTakeFirst();
}

/** The invoice's inspection, whose service decisions it shows; null when it has none. */
export async function invoiceInspectionId(db: Db, invoiceId: string): Promise<string | null> {
  const row = await db.selectFrom('invoices').select('inspectionId').where('id', '=', invoiceId).executeTakeFirst();
  return row?.inspectionId ?? null;
}

export function findView(db: Db, target: Target) {
  return db
    .selectFrom('shareViews')
    .select(['firstViewedAt', 'lastViewedAt', 'viewCount'])
    .where('targetKind', '=', target.kind)
    .where('targetId', '=', target.id)
    .executeTakeFirst();
}

/** The latest decision on one of the inspection's services (by the customer or the staff). */
export async function latestDecisionAt(db: Db, inspectionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('serviceDecisions')
    .select('decidedAt')
    .where('inspectionId', '=', inspectionId)
    .where('actor', 'in', ['customer', 'staff'])
    .orderBy('decidedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.decidedAt ?? null;
}
