import type { InvoiceStatus } from '@shared/constants';
import { formatCents } from '@shared/money';
import type { Inspection } from '@shared/schemas/inspection';
import type { Invoice, InvoiceLineItem } from '@shared/schemas/invoice';
import type { CustomerRow, InvoiceLineItemRow, InvoiceRow, VehicleRow } from '@api/db/tables';
import { toCustomerSummary } from '@api/modules/customers/customer.mapper';
import { toVehicleSummary } from '@api/modules/vehicles/vehicle.mapper';

export interface InvoiceRelated {
  customers: Map<string, CustomerRow>;
  vehicles: Map<string, VehicleRow>;
  inspections: Map<string, Inspection>;
  lineItems: Map<string, InvoiceLineItemRow[]>;
}

export function toLineItem(row: InvoiceLineItemRow): InvoiceLineItem {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    description: row.description,
    amount: formatCents(row.amountCents),
    createdAt: row.createdAt,
  };
}

/** The response shape; undefined when the customer vanished mid-read (it takes the invoice along). */
export function toInvoice(row: InvoiceRow, related: InvoiceRelated): Invoice | undefined {
  const customer = related.customers.get(row.customerId);
  if (!customer) return undefined;
  const vehicle = row.vehicleId ? related.vehicles.get(row.vehicleId) : undefined;
  const inspection = row.inspectionId ? related.inspections.get(row.inspectionId) : undefined;
  return {
    id: row.id,
    inspectionId: row.inspectionId,
    customerId: row.customerId,
    vehicleId: row.vehicleId,
    shareToken: row.shareToken,
    subtotal: formatCents(row.subtotalCents),
    tax: formatCents(row.taxCents),
    total: formatCents(row.totalCents),
    notes: row.notes,
    status: row.status as InvoiceStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    customer: toCustomerSummary(customer),
    vehicle: vehicle ? toVehicleSummary(vehicle) : null,
    inspection: inspection ?? null,
    lineItems: (related.lineItems.get(row.id) ?? []).map(toLineItem),
  };
}
