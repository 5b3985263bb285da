import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shared/schemas/user';
import { api } from '@web/lib/api-client';
import { getOffline } from '@web/offline';
import { listLocalUsers } from '@web/offline/local-queries';
import { LOCAL_NETWORK_MODE } from '@web/offline/local-queries-source';
import { userKeys } from './user-keys';

/** The people this device keeps for the picker; the server's list until it has them. */
export async function getTechnicians(signal?: AbortSignal): Promise<User[]> {
  const local = await listLocalUsers(getOffline().db);
  if (local.length > 0 || !navigator.onLine) return local;
  return api.get<User[]>('/api/users', { query: { limit: 500 }, signal });
}

export const techniciansQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.technicians(),
    queryFn: ({ signal }) => getTechnicians(signal),
    networkMode: LOCAL_NETWORK_MODE,
  });

/** `GET /api/users` is admin-only: others never ask (`enabled`). */
export const useTechnicians = (enabled: boolean) => useQuery({ ...techniciansQueryOptions(), enabled });
