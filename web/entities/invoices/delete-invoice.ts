import { api } from '@web/lib/api-client';
import { invoiceKeys } from './invoice-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

export const deleteInvoice = (id: string): Promise<void> => api.delete(`/api/invoices/${id}`);

/** Its line items go with it. */
export function useDeleteInvoice() {
  return useInvalidatingMutation(deleteInvoice, [invoiceKeys.all]);
}
