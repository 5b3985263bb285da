import type { Customer, UpdateCustomerBody } from '@shared/schemas/customer';
import { keepRow, localRowAfterSave, saveLocally } from '@web/offline/local-queries-source';
import { inspectionKeys } from '@web/entities/inspections/inspection-keys';
import { vehicleKeys } from '@web/entities/vehicles/vehicle-keys';
import { customerKeys } from './customer-keys';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';

export interface UpdateCustomerInput {
  /** The customer as the form loaded it. */
  customer: Customer;
  /** Only the fields that changed. */
  changes: UpdateCustomerBody;
}

/** Only the changed fields are queued, so another device's edit of other fields survives. */
export async function updateCustomer({ customer, changes }: UpdateCustomerInput): Promise<Customer> {
  // Nothing changed: nothing to send.
  if (Object.keys(changes).length === 0) return customer;
  const name = (changes.name ?? customer.name).trim();
  await saveLocally(
    { kind: 'customer.update', id: customer.id, changes },
    `Edit customer ${name}`,
    keepRow({ table: 'customers', row: customer }),
  );
  return localRowAfterSave((db) => db.customers.get(customer.id));
}

export function useUpdateCustomer() {
  // Inspections and vehicles show the customer's name too.
  return useLocalMutation(updateCustomer, [customerKeys.all, inspectionKeys.all, vehicleKeys.all]);
}
