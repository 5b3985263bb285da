import type { Vehicle } from '@shared/schemas/vehicle';
import { vehicleName } from '@web/lib/format';
import { keepRow, saveLocally } from '@web/offline/local-queries-source';
import { inspectionKeys } from '@web/entities/inspections/inspection-keys';
import { vehicleKeys } from './vehicle-keys';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';

/** Removed here at once with its inspections; the server follows when online. */
export const deleteVehicle = (vehicle: Vehicle): Promise<void> =>
  saveLocally(
    { kind: 'vehicle.delete', id: vehicle.id },
    `Delete vehicle ${vehicleName(vehicle)}`,
    keepRow({ table: 'vehicles', row: vehicle }),
  );

/** The one delete of the vehicles screen and of a customer card. */
export function useDeleteVehicle() {
  // Its inspections go with it; a customer card lists its vehicles under the vehicles root.
  return useLocalMutation(deleteVehicle, [vehicleKeys.all, inspectionKeys.all]);
}
