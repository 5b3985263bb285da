import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateVehicleBody, Vehicle } from '../../../shared/schemas/vehicle';
import { keepRow, LOCAL_NETWORK_MODE, localRowAfterSave, saveLocally } from '../../offline/local-queries-source';
import { inspectionKeys } from '../inspections/inspection-keys';
import { vehicleKeys } from './vehicle-keys';

export interface UpdateVehicleInput {
  /** The vehicle as the form loaded it. */
  vehicle: Vehicle;
  /** Only the fields that changed (PATCH). */
  changes: UpdateVehicleBody;
}

/** Only the changed fields are queued, so another device's edit of other fields survives. */
export async function updateVehicle({ vehicle, changes }: UpdateVehicleInput): Promise<Vehicle> {
  // Nothing changed: nothing to send.
  if (Object.keys(changes).length === 0) return vehicle;
  const shown = [changes.year ?? vehicle.year, changes.make ?? vehicle.make, changes.model ?? vehicle.model];
  const label = `Edit vehicle ${shown.map((part) => String(part ?? '').trim()).join(' ')}`;
  await saveLocally({ kind: 'vehicle.update', id: vehicle.id, changes }, label, keepRow({ table: 'vehicles', row: vehicle }));
  return localRowAfterSave((db) => db.vehicles.get(vehicle.id));
}

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVehicle,
    networkMode: LOCAL_NETWORK_MODE,
    // Inspections nest the vehicle.
    onSettled: async () => {
      await Promise.all(
        [vehicleKeys.all, inspectionKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
