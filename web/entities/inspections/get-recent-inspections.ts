import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { api } from '@web/lib/api-client';
import { inspectionKeys } from './inspection-keys';

/** The dashboard lists the first 3 inspections returned (the rest are behind "View all"). */
export const RECENT_INSPECTIONS = 3;

/** GET /api/inspections?limit=3 (newest first). */
export const getRecentInspections = () =>
  api.get<Inspection[]>('/api/inspections', { query: { limit: RECENT_INSPECTIONS } });

export const recentInspectionsQueryOptions = () =>
  queryOptions({
    // Under the inspections root: every inspection write refreshes it.
    queryKey: inspectionKeys.recent(RECENT_INSPECTIONS),
    queryFn: getRecentInspections,
    staleTime: 0,
  });

export function useRecentInspections() {
  return useQuery(recentInspectionsQueryOptions());
}
