import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export const deleteCustomer = (id: string): Promise<void> => api.delete(`/api/customers/${id}`);

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    // Its vehicles and inspections go with it.
    onSettled: async () => {
      await Promise.all(
        [customerKeys.all, ['inspections'], ['vehicles']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
