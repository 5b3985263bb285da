import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '../../../../shared/schemas/vehicle';
import { vehicleName } from '../../../lib/format';
import { keepRow, LOCAL_NETWORK_MODE, saveLocally } from '../../../offline/local-queries-source';
import { vehicleKeys } from './vehicle-keys';

/** Removed here at once with its inspections; the server follows when online. */
export const deleteVehicle = (vehicle: Vehicle): Promise<void> =>
  saveLocally({ kind: 'vehicle.delete', id: vehicle.id }, `Delete vehicle ${vehicleName(vehicle)}`, keepRow({ table: 'vehicles', row: vehicle }));

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    networkMode: LOCAL_NETWORK_MODE,
    // Its inspections go with it.
    onSettled: async () => {
      await Promise.all(
        [vehicleKeys.all, ['inspections']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
