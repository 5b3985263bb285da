import type { Invoice } from '@shared/schemas/invoice';
import { api } from '@web/lib/api-client';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';
import { invoiceKeys } from './invoice-keys';

/** Receipts are read online only, so their link is renewed online too. */
export const renewInvoiceLink = (id: string): Promise<Invoice> => api.post<Invoice>(`/api/invoices/${id}/share-link`);

export function useRenewInvoiceLink() {
  return useInvalidatingMutation(renewInvoiceLink, [invoiceKeys.all]);
}
