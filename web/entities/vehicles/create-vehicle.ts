import type { CreateVehicleBody, Vehicle } from '@shared/schemas/vehicle';
import { newClientId } from '@web/lib/api-client';
import { keepParents, localRowAfterSave, saveLocally } from '@web/offline/local-queries-source';
import { vehicleKeys } from './vehicle-keys';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());

/** Saved on this device at once (online or not) and queued for the server; the id is made here. */
export async function createVehicle({ id: _ignored, ...body }: CreateVehicleBody): Promise<Vehicle> {
  const id = newClientId();
  const label = `Add vehicle ${[body.year, body.make, body.model].map(text).join(' ')}`;
  await saveLocally({ kind: 'vehicle.create', id, body }, label, await keepParents({ customerId: body.customerId }));
  return localRowAfterSave((db) => db.vehicles.get(id));
}

export function useCreateVehicle() {
  // A customer card lists its vehicles too.
  return useLocalMutation(createVehicle, [vehicleKeys.all]);
}
