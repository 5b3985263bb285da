import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle } from '../../../../shared/schemas/vehicle';
import { vehicleName } from '../../../lib/format';
import { keepRow, LOCAL_NETWORK_MODE, saveLocally } from '../../../offline/local-queries-source';

export const deleteVehicle = (vehicle: Vehicle): Promise<void> =>
  saveLocally({ kind: 'vehicle.delete', id: vehicle.id }, `Delete vehicle ${vehicleName(vehicle)}`, keepRow({ table: 'vehicles', row: vehicle }));

/** Delete from a customer card; its inspections go with it. */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    networkMode: LOCAL_NETWORK_MODE,
    onSettled: async () => {
      await Promise.all(
        [['vehicles'], ['inspections']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
