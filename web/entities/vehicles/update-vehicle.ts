import type { UpdateVehicleBody, Vehicle } from '@shared/schemas/vehicle';
import { keepRow, localRowAfterSave, saveLocally } from '@web/offline/local-queries-source';
import { inspectionKeys } from '@web/entities/inspections/inspection-keys';
import { vehicleKeys } from './vehicle-keys';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';

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
  await saveLocally(
    { kind: 'vehicle.update', id: vehicle.id, changes },
    label,
    keepRow({ table: 'vehicles', row: vehicle }),
  );
  return localRowAfterSave((db) => db.vehicles.get(vehicle.id));
}

export function useUpdateVehicle() {
  // Inspections nest the vehicle.
  return useLocalMutation(updateVehicle, [vehicleKeys.all, inspectionKeys.all]);
}
