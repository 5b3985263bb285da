import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user';
import { api } from '../../../lib/api-client';

// The dialog's own read of the signed-in user (features do not import the auth feature).
export const getSignedInUser = (signal?: AbortSignal): Promise<User> => api.get<User>('/api/user', { signal });

export const signedInUserQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'signed-in'] as const,
    queryFn: ({ signal }) => getSignedInUser(signal),
    staleTime: 5 * 60_000,
  });

export const useSignedInUser = () => useQuery(signedInUserQueryOptions());
