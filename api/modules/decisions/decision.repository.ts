import type { Insertable } from 'kysely';
import { compiledInsert, compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import type { ServiceDecisionsTable } from '@api/db/tables';

const insertDecisions = compiledInsert('serviceDecisions');

export async function insertDecision(db: Db, row: Insertable<ServiceDecisionsTable>): Promise<void> {
  await insertDecisions(db, [row]);
}

/** The inspection's customer name (null once the customer is gone), or undefined without the inspection. */
export function findInspectionCustomerName(
  db: Db,
  inspectionId: string,
): Promise<{ customerName: string | null } | undefined> {
  return db
    .selectFrom('inspections')
    .leftJoin('customers', 'customers.id', 'inspections.customerId')
    .select('customers.name as customerName')
    .where('inspections.id', '=', inspectionId)
    .executeTakeFirst();
}

/** An inspection's decisions, newest first, with the staff user's name (null for the customer). */
export function findDecisionsOfInspection(db: Db, inspectionId: string) {
  return db
    .selectFrom('serviceDecisions')
    .leftJoin('users', 'users.id', 'serviceDecisions.userId')
    .selectAll('serviceDecisions')
    .select('users.username')
    .where('serviceDecisions.inspectionId', '=', inspectionId)
    .orderBy('serviceDecisions.decidedAt', 'desc')
    .orderBy('serviceDecisions.id', 'desc')
    .execute();
}

/** The customer's approvals through share pages (of every inspection: the caller narrows them). */
export const customerApprovals = (db: Db) =>
  db
    .selectFrom('serviceDecisions')
    .select('serviceDecisions.id')
    .where('serviceDecisions.actor', '=', 'customer')
    .where('serviceDecisions.decision', '=', 'approved');

/** Whether the customer has approved anything of this inspection through a share page yet. */
// Asked on every approval while signatures are asked for once: compiled once.
const customerApproval = compiledOnce((db, [inspectionId]) =>
  customerApprovals(db).where('serviceDecisions.inspectionId', '=', inspectionId!).limit(1),
);

export async function hasCustomerApproval(db: Db, inspectionId: string): Promise<boolean> {
  return (await customerApproval(db, [inspectionId])).length > 0;
}
