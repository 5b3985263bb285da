import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCustomerBody, Customer } from '../../../shared/schemas/customer';
import { newClientId } from '../../lib/api-client';
import { LOCAL_NETWORK_MODE, localRowAfterSave, saveLocally } from '../../offline/local-queries-source';
import { customerKeys } from './customer-keys';

/** Saved on this device at once (online or not) and queued for the server; the id is made here. */
export async function createCustomer({ id: _ignored, ...body }: CreateCustomerBody): Promise<Customer> {
  const id = newClientId();
  await saveLocally({ kind: 'customer.create', id, body }, `Add customer ${body.name.trim()}`);
  return localRowAfterSave((db) => db.customers.get(id));
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    networkMode: LOCAL_NETWORK_MODE,
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
