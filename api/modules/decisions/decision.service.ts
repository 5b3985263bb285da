import { formatCents } from '@shared/money';
import {
  SIGNATURE_NOT_PNG,
  SIGNATURE_REQUIRED,
  type ApprovalSignatureMode,
  type Decision,
  type DecisionEntry,
  type DecisionList,
  type DecisionMethod,
  type PublicApproveBody,
} from '@shared/schemas/decision';
import type { Db } from '@api/db/database';
import type { ServiceRow } from '@api/db/tables';
import { badRequest, notFound } from '@api/lib/http-error';
import { newId } from '@api/lib/tokens';
import { approvalSignatureMode } from '@api/modules/shop-settings/shop-settings.service';
import * as repo from './decision.repository';

/** Who decided: the customer on a share page (with the page's address and browser), or a staff user. */
export type DecisionActor =
  | {
      actor: 'customer';
      clientAddress: string | null;
      userAgent: string | null;
      signerName: string | null;
      signature: string | null;
    }
  | { actor: 'staff'; userId: string | null; method: Exclude<DecisionMethod, 'link'> };

/** The approval columns of a service row. */
export interface ApprovalColumns {
  approvedAmountCents: number | null;
  needsReapproval: number;
}

/** A service's amount as the customer sees it: parts (kept as their sum) and labour. */
export const amountOf = (row: Pick<ServiceRow, 'partsCostCents' | 'laborCostCents'>) =>
  row.partsCostCents + row.laborCostCents;

/** The decision a status change records, or null when nothing was decided. */
export function decisionOf(before: Pick<ServiceRow, 'status' | 'needsReapproval'>, status: string): Decision | null {
  if (status === 'approved') return before.status !== 'approved' || before.needsReapproval === 1 ? 'approved' : null;
  if (status === 'declined') return before.status !== 'declined' ? 'declined' : null;
  return before.status !== 'recommended' ? 'unapproved' : null;
}

/** The approval columns that go with a decision: an approval keeps its amount, anything else clears it. */
export function approvalColumns(decision: Decision, amountCents: number): ApprovalColumns {
  return decision === 'approved'
    ? { approvedAmountCents: amountCents, needsReapproval: 0 }
    : { approvedAmountCents: null, needsReapproval: 0 };
}

/**
 * After an edit of an approved service's price, parts or description: ask again, keeping the amount
 * that was approved. Nothing for a service that is not approved or did not change.
 */
export function reapprovalColumns(before: ServiceRow, changed: boolean): ApprovalColumns | undefined {
  if (before.status !== 'approved' || !changed) return undefined;
  return { needsReapproval: 1, approvedAmountCents: before.approvedAmountCents ?? amountOf(before) };
}

/** Adds the decision's row, with the service's amount at that moment (its row's unless given). */
export async function recordDecision(
  db: Db,
  args: { service: ServiceRow; amountCents?: number; decision: Decision; by: DecisionActor; decidedAt: string },
): Promise<void> {
  const { service, by } = args;
  const customer = by.actor === 'customer';
  await repo.insertDecision(db, {
    id: newId(),
    inspectionId: service.inspectionId,
    serviceId: service.id,
    description: service.description,
    decision: args.decision,
    actor: by.actor,
    userId: customer ? null : by.userId,
    method: customer ? 'link' : by.method,
    amountCents: args.amountCents ?? amountOf(service),
    clientAddress: customer ? by.clientAddress : null,
    userAgent: customer ? by.userAgent : null,
    signerName: customer ? by.signerName : null,
    signature: customer ? by.signature : null,
    decidedAt: args.decidedAt,
  });
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The schema checked the data URL's shape and size; the bytes must also start as a PNG. */
function assertPng(signature: string): void {
  const bytes = Buffer.from(signature.slice(signature.indexOf(',') + 1, 200), 'base64');
  if (!bytes.subarray(0, 8).equals(PNG_MAGIC)) throw badRequest(SIGNATURE_NOT_PNG);
}

/**
 * The shop's signature rule for a customer's approval: `always`, or `first` while this inspection
 * has no approval through a share page yet.
 */
export async function signatureRequired(db: Db, inspectionId: string): Promise<boolean> {
  const mode = await approvalSignatureMode(db);
  // Only `first` depends on this inspection's approvals.
  return signatureNeeded(mode, mode === 'first' && (await repo.hasCustomerApproval(db, inspectionId)));
}

/** The rule above, for a caller that read the mode and whether the customer approved already. */
export function signatureNeeded(mode: ApprovalSignatureMode, customerApproved: boolean): boolean {
  return mode === 'always' || (mode === 'first' && !customerApproved);
}

/** The name and signature an approval carries, refused when the shop asks for one and none came. */
export async function approvalSignature(
  db: Db,
  inspectionId: string,
  body: PublicApproveBody,
): Promise<{ signerName: string | null; signature: string | null }> {
  const signerName = body?.signerName ?? null;
  const signature = body?.signature ?? null;
  if (signature) assertPng(signature);
  if (!signerName && !signature && (await signatureRequired(db, inspectionId))) throw badRequest(SIGNATURE_REQUIRED);
  return { signerName, signature };
}

/** The inspection's decision history for staff, newest first. */
export async function listDecisions(db: Db, inspectionId: string): Promise<DecisionList> {
  const inspection = await repo.findInspectionCustomerName(db, inspectionId);
  if (!inspection) throw notFound('Inspection not found');
  const rows = await repo.findDecisionsOfInspection(db, inspectionId);
  const customerName = inspection.customerName ?? 'Customer';
  const decisions = rows.map((row): DecisionEntry => ({
    id: row.id,
    serviceId: row.serviceId,
    description: row.description,
    decision: row.decision as DecisionEntry['decision'],
    actor: row.actor as DecisionEntry['actor'],
    method: row.method as DecisionEntry['method'],
    amount: formatCents(row.amountCents),
    by: row.actor === 'customer' ? customerName : (row.username ?? 'Removed user'),
    signerName: row.signerName,
    signature: row.signature,
    clientAddress: row.clientAddress,
    userAgent: row.userAgent,
    decidedAt: row.decidedAt,
  }));
  return { decisions };
}
