import type { CreateCustomerBody, Customer } from '@shared/schemas/customer';
import { newClientId } from '@web/lib/api-client';
import { localRowAfterSave, saveLocally } from '@web/offline/local-queries-source';
import { customerKeys } from './customer-keys';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';

/** Saved on this device at once (online or not) and queued for the server; the id is made here. */
export async function createCustomer({ id: _ignored, ...body }: CreateCustomerBody): Promise<Customer> {
  const id = newClientId();
  await saveLocally({ kind: 'customer.create', id, body }, `Add customer ${body.name.trim()}`);
  return localRowAfterSave((db) => db.customers.get(id));
}

export function useCreateCustomer() {
  return useLocalMutation(createCustomer, [customerKeys.all]);
}
