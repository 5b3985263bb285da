import type { Customer, CustomerSummary } from '@shared/schemas/customer';
import type { CustomerRow } from '@api/db/tables';

export function toCustomer(row: Omit<CustomerRow, 'createdBy'>): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    status: row.status as Customer['status'],
    textConsentAt: row.textConsentAt,
    textConsentSource: row.textConsentSource as Customer['textConsentSource'],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The customer as nested in inspections and invoices. */
export function toCustomerSummary(row: Omit<CustomerRow, 'createdBy'>): CustomerSummary {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...summary } = toCustomer(row);
  return summary;
}
