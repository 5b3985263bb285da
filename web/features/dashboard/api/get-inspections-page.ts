import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InspectionStatus } from '../../../../shared/constants';
import type { Inspection } from '../../../../shared/schemas/inspection';
import { api } from '../../../lib/api-client';

export const INSPECTIONS_PAGE_SIZE = 10;

export interface InspectionsPageParams {
  q: string;
  status: InspectionStatus | 'all';
  /** 0-based. */
  page: number;
}

/** GET /api/inspections with search, status filter and one page of 10 (total in X-Total-Count). */
export const getInspectionsPage = ({ q, status, page }: InspectionsPageParams) =>
  api.list<Inspection>('/api/inspections', {
    q: q.trim() || undefined,
    status: status === 'all' ? undefined : status,
    limit: INSPECTIONS_PAGE_SIZE,
    offset: page * INSPECTIONS_PAGE_SIZE,
  });

export const inspectionsPageQueryOptions = (params: InspectionsPageParams) =>
  queryOptions({
    queryKey: ['inspections', 'dashboard-page', params] as const,
    queryFn: () => getInspectionsPage(params),
    placeholderData: keepPreviousData,
  });

export function useInspectionsPage(params: InspectionsPageParams, enabled = true) {
  return useQuery({ ...inspectionsPageQueryOptions(params), enabled });
}
