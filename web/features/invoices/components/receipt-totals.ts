import { INVOICE_TAX_RATE } from '@shared/constants';
import { serviceTotalCents, totalsWithTax, type Totals } from '@shared/money';
import type { Inspection, Service } from '@shared/schemas/inspection';
import { lineItemAmountInput } from '@shared/schemas/invoice';
import { toCents } from '@web/lib/format';

export interface LineItemDraft {
  /** Client id of the row (sent as the line item's id). */
  key: string;
  description: string;
  amount: string;
}

/** Parts plus labor of one service, as the server counts it (the parts' sum when it has parts). */
export const serviceCents = (service: Service): number =>
  serviceTotalCents({
    laborCostCents: toCents(service.laborCost),
    partsCostCents: toCents(service.partsCost),
    parts: service.parts.map((p) => ({ partCostCents: toCents(p.partCost) })),
  });

export const approvedServices = (inspection: Inspection | null): Service[] =>
  (inspection?.services ?? []).filter((s) => s.status === 'approved');

/** A row's amount in cents, or null while it is not a valid amount. */
export function lineItemCents(amount: string): number | null {
  const parsed = lineItemAmountInput.safeParse(amount);
  return parsed.success ? parsed.data : null;
}

/** Approved services + line items, 8% tax: the same figures the server will store. */
export function receiptTotals(inspection: Inspection | null, items: readonly LineItemDraft[]): Totals {
  const services = approvedServices(inspection).reduce((sum, s) => sum + serviceCents(s), 0);
  const extras = items.reduce((sum, item) => sum + (lineItemCents(item.amount) ?? 0), 0);
  return totalsWithTax(services + extras, INVOICE_TAX_RATE);
}
