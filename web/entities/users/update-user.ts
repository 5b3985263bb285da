import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateUserBody, User } from '../../../shared/schemas/user';
import { api } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';
import { inspectionKeys } from '../inspections/inspection-keys';
import { userKeys } from './user-keys';

export interface UpdateUserInput {
  id: string;
  /** Only the fields that changed; no password keeps the current one. */
  changes: z.input<typeof updateUserBody>;
}

export const updateUser = ({ id, changes }: UpdateUserInput): Promise<User> => api.put<User>(`/api/users/${id}`, changes);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // Inspections show the technician's username; the admin may have edited themselves.
    onSettled: async () => {
      await Promise.all(
        [userKeys.all, inspectionKeys.all, currentUserKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
