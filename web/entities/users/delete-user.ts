import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { inspectionKeys } from '../inspections/inspection-keys';
import { userKeys } from './user-keys';

export const deleteUser = (id: string): Promise<void> => api.delete(`/api/users/${id}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // Their customers, vehicles and inspections stay; inspections lose their technician.
    onSettled: async () => {
      await Promise.all([userKeys.all, inspectionKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
