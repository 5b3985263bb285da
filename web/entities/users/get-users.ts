import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shared/schemas/user';
import { api } from '@web/lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/users without a limit: every user (the role counts need them all). */
export const getUsers = (signal?: AbortSignal): Promise<User[]> => api.get<User[]>('/api/users', { signal });

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.directory(),
    queryFn: ({ signal }) => getUsers(signal),
  });

export const useUsers = () => useQuery(usersQueryOptions());
