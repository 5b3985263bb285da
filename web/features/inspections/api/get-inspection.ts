import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inspection } from '../../../../shared/schemas/inspection';
import { api } from '../../../lib/api-client';
import { inspectionKeys } from './inspection-keys';

export const getInspection = (id: string, signal?: AbortSignal): Promise<Inspection> =>
  api.get<Inspection>(`/api/inspections/${id}`, { signal });

export const inspectionQueryOptions = (id: string) =>
  queryOptions({ queryKey: inspectionKeys.detail(id), queryFn: ({ signal }) => getInspection(id, signal) });

/**
 * The inspection being edited: fetched fresh when the dialog opens (`staleTime: 0`), and not
 * refetched behind an open form (focus, reconnect), which would reset what is being typed.
 */
export const useInspection = (id: string | undefined) =>
  useQuery({
    ...inspectionQueryOptions(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
