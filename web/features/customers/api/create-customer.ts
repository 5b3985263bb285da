import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCustomerBody, Customer } from '../../../../shared/schemas/customer';
import { api, newClientId } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export const createCustomer = (body: CreateCustomerBody): Promise<Customer> =>
  api.post<Customer>('/api/customers', { id: newClientId(), ...body });

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
