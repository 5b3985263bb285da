import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

export const deleteVehicle = (id: string): Promise<void> => api.delete(`/api/vehicles/${id}`);

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    // Its inspections go with it.
    onSettled: async () => {
      await Promise.all(
        [vehicleKeys.all, ['inspections']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
