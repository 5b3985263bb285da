import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVehicleBody, Vehicle } from '../../../../shared/schemas/vehicle';
import { api, newClientId } from '../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

export const createVehicle = (body: CreateVehicleBody): Promise<Vehicle> =>
  api.post<Vehicle>('/api/vehicles', { id: newClientId(), ...body });

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSettled: () => queryClient.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
