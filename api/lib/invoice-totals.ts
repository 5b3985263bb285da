import { invoiceTotals, type ServiceCents } from '@shared/invoice-totals';
import { MAX_CENTS, serviceTotalCents, type Totals } from '@shared/money';
import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { badRequest } from './http-error';
import { nowIso } from './tokens';

export const TOTAL_TOO_LARGE = 'The invoice total is too large';

/** Labor plus parts of the inspection's services by status, in cents (two queries; `serviceCentsOf` without them). */
export async function serviceCentsByStatus(db: Db, inspectionId: string | null): Promise<ServiceCents> {
  const result = { approved: 0, pending: 0 };
  if (!inspectionId) return result;
  const services = await db
    .selectFrom('services')
    .select(['id', 'status', 'laborCostCents', 'partsCostCents'])
    .where('inspectionId', '=', inspectionId)
    .where('status', 'in', ['approved', 'recommended'])
    .execute();
  if (services.length === 0) return result;
  const parts = await db
    .selectFrom('serviceParts')
    .select(['serviceId', 'partCostCents'])
    .where(
      'serviceId',
      'in',
      services.map((s) => s.id),
    )
    .execute();
  for (const service of services) {
    const cents = serviceTotalCents({ ...service, parts: parts.filter((p) => p.serviceId === service.id) });
    if (service.status === 'approved') result.approved += cents;
    else result.pending += cents;
  }
  return result;
}

/** Labor plus parts of the inspection's approved services, in cents. */
export async function approvedServicesCents(db: Db, inspectionId: string | null): Promise<number> {
  return (await serviceCentsByStatus(db, inspectionId)).approved;
}

/** 400 instead of a database overflow when the totals no longer fit their columns. */
export function assertStorable(totals: Totals): Totals {
  if (totals.totalCents > MAX_CENTS) throw badRequest(TOTAL_TOO_LARGE);
  return totals;
}

// Every save of an inspection's services looks for its invoices: compiled once.
const invoiceById = compiledOnce((db, [id]) =>
  db.selectFrom('invoices').select(['id', 'inspectionId']).where('id', '=', id!),
);
const unpaidInvoicesOf = compiledOnce((db, [inspectionId]) =>
  db
    .selectFrom('invoices')
    .select(['id', 'inspectionId'])
    .where('inspectionId', '=', inspectionId!)
    .where('status', '!=', 'paid'),
);

/**
 * Recomputes and stores the totals of the invoice, or of every unpaid invoice of an inspection
 * (after a service's status changed). Paid invoices keep the amounts that were paid.
 * Pass the transaction of the change so the totals commit with it.
 */
export async function recalculateInvoiceTotals(
  db: Db,
  target: { invoiceId: string } | { inspectionId: string },
): Promise<void> {
  const invoices =
    'invoiceId' in target
      ? await invoiceById(db, [target.invoiceId])
      : await unpaidInvoicesOf(db, [target.inspectionId]);
  if (invoices.length === 0) return;
  const items = await db
    .selectFrom('invoiceLineItems')
    .select(['invoiceId', 'amountCents'])
    .where(
      'invoiceId',
      'in',
      invoices.map((i) => i.id),
    )
    .execute();
  // Every invoice of one call shares an inspection, so its services are read once.
  const servicesCents = await approvedServicesCents(db, invoices[0]?.inspectionId ?? null);
  const updatedAt = nowIso();
  for (const invoice of invoices) {
    const amounts = items.filter((i) => i.invoiceId === invoice.id).map((i) => i.amountCents);
    const totals = assertStorable(invoiceTotals(servicesCents, amounts));
    await db
      .updateTable('invoices')
      .set({ ...totals, updatedAt })
      .where('id', '=', invoice.id)
      .execute();
  }
}
