import type { INVOICE_SORTS, InvoiceStatus } from '../../../shared/constants';

export interface InvoiceListParams {
  q: string;
  status: 'all' | InvoiceStatus;
  sort: (typeof INVOICE_SORTS)[number];
  page: number;
}

// Keys start with the entity they hold, so a write invalidates one root in every feature.
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (params: InvoiceListParams) => [...invoiceKeys.lists(), params] as const,
};
