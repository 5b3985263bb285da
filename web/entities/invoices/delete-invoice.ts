import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { invoiceKeys } from './invoice-keys';

export const deleteInvoice = (id: string): Promise<void> => api.delete(`/api/invoices/${id}`);

/** Its line items go with it. */
export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvoice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}
