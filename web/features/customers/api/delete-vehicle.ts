import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const deleteVehicle = (id: string): Promise<void> => api.delete(`/api/vehicles/${id}`);

/** Delete from a customer card; its inspections go with it. */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSettled: async () => {
      await Promise.all(
        [['vehicles'], ['inspections']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
