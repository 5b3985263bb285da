import type { InvoiceListParams } from './get-invoices';

// Keys start with the entity they hold, so a write invalidates one root in every feature.
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (params: InvoiceListParams) => [...invoiceKeys.lists(), params] as const,
  inspectionSearch: (q: string) => ['inspections', 'receipt-search', q] as const,
};
