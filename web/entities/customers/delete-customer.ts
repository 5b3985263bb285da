import type { Customer } from '@shared/schemas/customer';
import { keepRow, saveLocally } from '@web/offline/local-queries-source';
import { inspectionKeys } from '@web/entities/inspections/inspection-keys';
import { vehicleKeys } from '@web/entities/vehicles/vehicle-keys';
import { customerKeys } from './customer-keys';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';

/** Removed here at once with its vehicles and inspections; the server follows when online. */
export const deleteCustomer = (customer: Customer): Promise<void> =>
  saveLocally(
    { kind: 'customer.delete', id: customer.id },
    `Delete customer ${customer.name}`,
    keepRow({ table: 'customers', row: customer }),
  );

export function useDeleteCustomer() {
  // Its vehicles and inspections go with it.
  return useLocalMutation(deleteCustomer, [customerKeys.all, inspectionKeys.all, vehicleKeys.all]);
}
