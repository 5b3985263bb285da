import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateVehicleBody, Vehicle } from '../../../../shared/schemas/vehicle';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

export interface UpdateVehicleInput {
  id: string;
  /** Only the fields that changed (PATCH). */
  changes: UpdateVehicleBody;
}

export const updateVehicle = ({ id, changes }: UpdateVehicleInput): Promise<Vehicle> =>
  api.patch<Vehicle>(`/api/vehicles/${id}`, changes);

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVehicle,
    // Inspections nest the vehicle.
    onSettled: async () => {
      await Promise.all(
        [vehicleKeys.all, ['inspections']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
