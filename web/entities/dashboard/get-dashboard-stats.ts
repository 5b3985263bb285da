import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardStats } from '@shared/schemas/dashboard';
import { api } from '@web/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** The client's local calendar day as ISO instants: [midnight today, midnight tomorrow). */
export function localDay(now = new Date()): { todayStart: string; todayEnd: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return { todayStart: start.toISOString(), todayEnd: end.toISOString() };
}

/** GET /api/dashboard/stats: the counts and growth of the dashboard, for the local day. */
export const getDashboardStats = (day: { todayStart: string; todayEnd: string }) =>
  api.get<DashboardStats>('/api/dashboard/stats', { query: day });

export const dashboardStatsQueryOptions = (day = localDay()) =>
  queryOptions({
    queryKey: dashboardKeys.stats(day.todayStart),
    queryFn: () => getDashboardStats(day),
    // Counts change with every customer and inspection written anywhere: ask again on each visit.
    staleTime: 0,
  });

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
