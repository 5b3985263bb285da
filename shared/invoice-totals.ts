import { INVOICE_TAX_RATE } from './constants';
import { formatCents, parseCents, totalsWithTax, type Totals } from './money';
import type { Service } from './schemas/inspection';
import type { ReceiptFigures } from './schemas/invoice';

// Invoice arithmetic without a database: the API stores these totals, the receipt page shows them.

export interface ServiceCents {
  /** Labor plus parts of the approved services. */
  approved: number;
  /** Labor plus parts of the services still recommended (awaiting the customer). */
  pending: number;
}

/** Labor plus parts by status from services already loaded (response-shaped), without a query. */
export function serviceCentsOf(services: readonly Pick<Service, 'status' | 'partsCost' | 'laborCost'>[]): ServiceCents {
  const result = { approved: 0, pending: 0 };
  for (const service of services) {
    if (service.status !== 'approved' && service.status !== 'recommended') continue;
    const cents = (parseCents(service.partsCost) ?? 0) + (parseCents(service.laborCost) ?? 0);
    if (service.status === 'approved') result.approved += cents;
    else result.pending += cents;
  }
  return result;
}

/** Subtotal (approved services + line items), 8% tax and total, exact to the cent. */
export function invoiceTotals(servicesCents: number, lineItemCents: readonly number[]): Totals {
  const subtotal = lineItemCents.reduce((sum, cents) => sum + cents, servicesCents);
  return totalsWithTax(subtotal, INVOICE_TAX_RATE);
}

/** The receipt page's figures: what is approved now, and the estimate if all pending is approved. */
export function receiptFigures(services: ServiceCents, lineItemCents: readonly number[]): ReceiptFigures {
  const approved = invoiceTotals(services.approved, lineItemCents);
  const ifAll = totalsWithTax(approved.subtotalCents + services.pending, INVOICE_TAX_RATE);
  return {
    approvedSubtotal: formatCents(approved.subtotalCents),
    approvedTax: formatCents(approved.taxCents),
    approvedTotal: formatCents(approved.totalCents),
    pendingAmount: formatCents(services.pending),
    ifAllApprovedSubtotal: formatCents(ifAll.subtotalCents),
    ifAllApprovedTax: formatCents(ifAll.taxCents),
    ifAllApprovedTotal: formatCents(ifAll.totalCents),
  };
}
