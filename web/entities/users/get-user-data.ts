import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserData } from '@shared/schemas/user';
import { api } from '@web/lib/api-client';
import { userKeys } from './user-keys';

/** GET /api/users/{id}/data: the user, the customers and vehicles they added, their inspections. */
export const getUserData = (userId: string, signal?: AbortSignal): Promise<UserData> =>
  api.get<UserData>(`/api/users/${encodeURIComponent(userId)}/data`, { signal });

export const userDataQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: userKeys.data(userId),
    queryFn: ({ signal }) => getUserData(userId, signal),
  });

export const useUserData = (userId: string) => useQuery(userDataQueryOptions(userId));
