import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '../../../shared/schemas/vehicle';
import { vehicleName } from '../../lib/format';
import { keepRow, LOCAL_NETWORK_MODE, saveLocally } from '../../offline/local-queries-source';
import { inspectionKeys } from '../inspections/inspection-keys';
import { vehicleKeys } from './vehicle-keys';

/** Removed here at once with its inspections; the server follows when online. */
export const deleteVehicle = (vehicle: Vehicle): Promise<void> =>
  saveLocally({ kind: 'vehicle.delete', id: vehicle.id }, `Delete vehicle ${vehicleName(vehicle)}`, keepRow({ table: 'vehicles', row: vehicle }));

/** The one delete of the vehicles screen and of a customer card. */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    networkMode: LOCAL_NETWORK_MODE,
    // Its inspections go with it; a customer card lists its vehicles under the vehicles root.
    onSettled: async () => {
      await Promise.all(
        [vehicleKeys.all, inspectionKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
