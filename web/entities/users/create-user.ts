import type { z } from 'zod';
import type { createUserBody, User } from '@shared/schemas/user';
import { api, newClientId } from '@web/lib/api-client';
import { userKeys } from './user-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

export type CreateUserInput = Omit<z.input<typeof createUserBody>, 'id'>;

export const createUser = (body: CreateUserInput): Promise<User> =>
  api.post<User>('/api/users', { id: newClientId(), ...body });

export function useCreateUser() {
  return useInvalidatingMutation(createUser, [userKeys.all]);
}
