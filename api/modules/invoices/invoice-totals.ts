import { INVOICE_TAX_RATE } from '../../../shared/constants';
import { serviceTotalCents, totalsWithTax, type Totals } from '../../../shared/money';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/tokens';

/** Labor plus parts of the inspection's approved services, in cents. */
export async function approvedServicesCents(db: Db, inspectionId: string | null): Promise<number> {
  if (!inspectionId) return 0;
  const services = await db
    .selectFrom('services')
    .select(['id', 'laborCostCents', 'partsCostCents'])
    .where('inspectionId', '=', inspectionId)
    .where('status', '=', 'approved')
    .execute();
  if (services.length === 0) return 0;
  const parts = await db
    .selectFrom('serviceParts')
    .select(['serviceId', 'partCostCents'])
    .where(
      'serviceId',
      'in',
      services.map((s) => s.id),
    )
    .execute();
  return services.reduce(
    (sum, s) => sum + serviceTotalCents({ ...s, parts: parts.filter((p) => p.serviceId === s.id) }),
    0,
  );
}

/** Subtotal (approved services + line items), 8% tax and total, exact to the cent. */
export function invoiceTotals(servicesCents: number, lineItemCents: readonly number[]): Totals {
  const subtotal = lineItemCents.reduce((sum, cents) => sum + cents, servicesCents);
  return totalsWithTax(subtotal, INVOICE_TAX_RATE);
}

/**
 * Recomputes and stores the totals of the invoice, or of every unpaid invoice of an inspection
 * (after a service's status changed). Paid invoices keep the amounts that were paid.
 */
export async function recalculateInvoiceTotals(
  db: Db,
  target: { invoiceId: string } | { inspectionId: string },
): Promise<void> {
  let query = db.selectFrom('invoices').select(['id', 'inspectionId', 'status']);
  query =
    'invoiceId' in target
      ? query.where('id', '=', target.invoiceId)
      : query.where('inspectionId', '=', target.inspectionId).where('status', '!=', 'paid');
  const invoices = await query.execute();
  for (const invoice of invoices) {
    const items = await db
      .selectFrom('invoiceLineItems')
      .select('amountCents')
      .where('invoiceId', '=', invoice.id)
      .execute();
    const totals = invoiceTotals(
      await approvedServicesCents(db, invoice.inspectionId),
      items.map((i) => i.amountCents),
    );
    await db
      .updateTable('invoices')
      .set({ ...totals, updatedAt: nowIso() })
      .where('id', '=', invoice.id)
      .execute();
  }
}
