import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { api } from '@web/lib/api-client';
import { inspectionKeys, type InspectionsPageParams } from './inspection-keys';

export const INSPECTIONS_PAGE_SIZE = 10;

/**
 * GET /api/inspections with search, status filter and one page of 10 (total in X-Total-Count), read
 * after the previous page's cursor: the server reads on down its index instead of skipping rows.
 */
export const getInspectionsPage = ({ q, status, after }: InspectionsPageParams) =>
  api.list<Inspection>('/api/inspections', {
    q: q.trim() || undefined,
    status: status === 'all' ? undefined : status,
    limit: INSPECTIONS_PAGE_SIZE,
    after,
  });

export const inspectionsPageQueryOptions = (params: InspectionsPageParams) =>
  queryOptions({
    queryKey: inspectionKeys.page(params),
    queryFn: () => getInspectionsPage(params),
    placeholderData: keepPreviousData,
  });

export function useInspectionsPage(params: InspectionsPageParams, enabled = true) {
  return useQuery({ ...inspectionsPageQueryOptions(params), enabled });
}
