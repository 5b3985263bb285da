import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '../../../shared/schemas/customer';
import { keepRow, LOCAL_NETWORK_MODE, saveLocally } from '../../offline/local-queries-source';
import { inspectionKeys } from '../inspections/inspection-keys';
import { vehicleKeys } from '../vehicles/vehicle-keys';
import { customerKeys } from './customer-keys';

/** Removed here at once with its vehicles and inspections; the server follows when online. */
export const deleteCustomer = (customer: Customer): Promise<void> =>
  saveLocally({ kind: 'customer.delete', id: customer.id }, `Delete customer ${customer.name}`, keepRow({ table: 'customers', row: customer }));

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    networkMode: LOCAL_NETWORK_MODE,
    // Its vehicles and inspections go with it.
    onSettled: async () => {
      await Promise.all(
        [customerKeys.all, inspectionKeys.all, vehicleKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
