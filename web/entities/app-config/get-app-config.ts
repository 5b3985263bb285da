import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { appConfigResponse } from '@shared/schemas/user';
import { api } from '@web/lib/api-client';
import { appConfigKeys } from './app-config-keys';

export type AppConfig = z.infer<typeof appConfigResponse>;

/** GET /api/config: product name and the support contact of 'Forgot Password?'. */
export const getAppConfig = () => api.get<AppConfig>('/api/config');

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: appConfigKeys.detail(), queryFn: getAppConfig, staleTime: Infinity });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
