import { api } from '@web/lib/api-client';
import { inspectionKeys } from '@web/entities/inspections/inspection-keys';
import { userKeys } from './user-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

export const deleteUser = (id: string): Promise<void> => api.delete(`/api/users/${id}`);

export function useDeleteUser() {
  // Their customers, vehicles and inspections stay; inspections lose their technician.
  return useInvalidatingMutation(deleteUser, [userKeys.all, inspectionKeys.all]);
}
