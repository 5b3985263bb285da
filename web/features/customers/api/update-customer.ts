import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, UpdateCustomerBody } from '../../../../shared/schemas/customer';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export interface UpdateCustomerInput {
  id: string;
  /** Only the fields that changed. */
  changes: UpdateCustomerBody;
}

export const updateCustomer = ({ id, changes }: UpdateCustomerInput): Promise<Customer> =>
  api.put<Customer>(`/api/customers/${id}`, changes);

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSettled: async () => {
      // Inspections and vehicles show the customer's name too.
      await Promise.all(
        [customerKeys.all, ['inspections'], ['vehicles']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
