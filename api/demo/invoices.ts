import type { InvoiceStatus } from '@shared/constants';
import { newId, newShareToken } from '@api/lib/tokens';
import type { InvoiceLineItemRow, InvoiceRow } from '@api/db/tables';
import { INVOICE_NOTES } from './catalog';
import { iso, type DemoClock } from './clock';
import type { DemoInspections } from './inspections';
import type { DemoStaff } from './people';
import type { DemoRandom } from './random';

/** An invoice before its totals, which are computed from the stored services. */
export type DemoInvoice = Omit<InvoiceRow, 'subtotalCents' | 'taxCents' | 'totalCents'>;

function statusFor(rng: DemoRandom, daysAgo: number): InvoiceStatus {
  if (daysAgo <= 5) return 'draft';
  if (daysAgo <= 14) return rng.chance(0.6) ? 'sent' : 'paid';
  return rng.chance(0.85) ? 'paid' : 'sent';
}

/** Invoices (draft, sent, paid by age) for most inspections with approved work, with extras. */
export function buildInvoices(
  rng: DemoRandom,
  clock: DemoClock,
  staff: DemoStaff,
  work: DemoInspections,
): { invoices: DemoInvoice[]; lineItems: InvoiceLineItemRow[] } {
  const invoices: DemoInvoice[] = [];
  const lineItems: InvoiceLineItemRow[] = [];
  for (const inspection of work.inspections) {
    const approved = work.services.filter((s) => s.inspectionId === inspection.id && s.status === 'approved');
    if (approved.length === 0 || !rng.chance(0.85)) continue;
    const daysAgo = work.daysAgo.get(inspection.id) ?? 0;
    const createdAt = clock.after(rng, new Date(inspection.updatedAt), 15, 26 * 60);
    const invoice: DemoInvoice = {
      id: newId(),
      inspectionId: inspection.id,
      customerId: inspection.customerId,
      vehicleId: inspection.vehicleId,
      shareToken: newShareToken(),
      shareTokenAt: null,
      notes: rng.chance(0.5) ? rng.pick(INVOICE_NOTES) : null,
      status: statusFor(rng, daysAgo),
      createdBy: rng.chance(0.8) ? staff.advisor.id : staff.admin.id,
      createdAt: iso(createdAt),
      updatedAt: iso(clock.after(rng, createdAt, 0, 3 * 24 * 60)),
    };
    invoices.push(invoice);
    const item = (description: string, amountCents: number) =>
      lineItems.push({ id: newId(), invoiceId: invoice.id, description, amountCents, createdAt: invoice.createdAt });
    if (rng.chance(0.6)) item('Shop supplies', 1250);
    if (approved.some((s) => s.description.startsWith('Replace tires'))) item('Tire disposal fee (x4)', 1200);
    if (approved.some((s) => s.description.startsWith('Oil and filter') || s.description.startsWith('Coolant'))) {
      item('Hazardous waste disposal', 495);
    }
    if (rng.chance(0.15)) item('Loaner car fuel', 3875);
  }
  return { invoices, lineItems };
}
