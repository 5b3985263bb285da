import type { INVOICE_SORTS, InvoiceStatus } from '@shared/constants';
import { listKeys, type SearchListParams } from '@web/entities/list-keys';

export interface InvoiceListParams extends SearchListParams<(typeof INVOICE_SORTS)[number]> {
  status: 'all' | InvoiceStatus;
}

// Keys start with the entity they hold, so a write invalidates one root in every feature.
export const invoiceKeys = listKeys<InvoiceListParams>('invoices');
