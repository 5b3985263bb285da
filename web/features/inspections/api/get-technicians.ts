import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/user';
import { api } from '../../../lib/api-client';
import { inspectionKeys } from './inspection-keys';

export const getTechnicians = (signal?: AbortSignal): Promise<User[]> =>
  api.get<User[]>('/api/users', { query: { limit: 500 }, signal });

export const techniciansQueryOptions = () =>
  queryOptions({ queryKey: inspectionKeys.technicians(), queryFn: ({ signal }) => getTechnicians(signal) });

/** `GET /api/users` is admin-only: others never ask (`enabled`). */
export const useTechnicians = (enabled: boolean) => useQuery({ ...techniciansQueryOptions(), enabled });
