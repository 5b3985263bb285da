import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shared/schemas/user';
import { api } from '@web/lib/api-client';
import { userKeys } from './user-keys';
import { useInvalidatingMutation } from '@web/entities/use-invalidating-mutation';

/** GET /api/users?status=pending: accounts from the open sign-up that wait for approval. */
export const getPendingUsers = (signal?: AbortSignal): Promise<User[]> =>
  api.get<User[]>('/api/users', { query: { status: 'pending' }, signal });

export const pendingUsersQueryOptions = () =>
  queryOptions({ queryKey: userKeys.pending(), queryFn: ({ signal }) => getPendingUsers(signal) });

export const usePendingUsers = () => useQuery(pendingUsersQueryOptions());

/** POST /api/users/:id/approve: the account is let in. */
export const approveUser = (id: string): Promise<User> => api.post<User>(`/api/users/${id}/approve`);

export function useApproveUser() {
  return useInvalidatingMutation(approveUser, [userKeys.all]);
}
