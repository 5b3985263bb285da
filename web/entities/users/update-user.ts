import type { z } from 'zod';
import type { updateUserBody, User } from '@shared/schemas/user';
import { api } from '@web/lib/api-client';
import { currentUserKey } from '@web/lib/current-user';
import { inspectionKeys } from '@web/entities/inspections/inspection-keys';
import { userKeys } from './user-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

export interface UpdateUserInput {
  id: string;
  /** Only the fields that changed; no password keeps the current one. */
  changes: z.input<typeof updateUserBody>;
}

export const updateUser = ({ id, changes }: UpdateUserInput): Promise<User> =>
  api.put<User>(`/api/users/${id}`, changes);

export function useUpdateUser() {
  // Inspections show the technician's username; the admin may have edited themselves.
  return useInvalidatingMutation(updateUser, [userKeys.all, inspectionKeys.all, currentUserKey]);
}
