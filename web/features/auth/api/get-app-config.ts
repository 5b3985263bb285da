import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { appConfigResponse } from '../../../../shared/schemas/user';
import { api } from '../../../lib/api-client';

export type AppConfig = z.infer<typeof appConfigResponse>;

export const appConfigKey = ['auth', 'config'] as const;

/** GET /api/config: product name and the support contact of 'Forgot Password?'. */
export const getAppConfig = () => api.get<AppConfig>('/api/config');

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: appConfigKey, queryFn: getAppConfig, staleTime: Infinity });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
