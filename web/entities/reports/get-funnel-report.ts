import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FunnelReport } from '@shared/schemas/reports';
import { api } from '@web/lib/api-client';
import { reportKeys, type DateRange } from './report-keys';

/** The browser's time zone: the shop's days as the people in it count them. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** GET /api/reports/funnel for a range of local dates. */
export const getFunnelReport = (range: DateRange, tz = browserTimeZone()) =>
  api.get<FunnelReport>('/api/reports/funnel', { query: { from: range.from, to: range.to, tz } });

/** Reports are read online only; the section says so offline instead of asking. */
export function useFunnelReport(range: DateRange | null, online: boolean) {
  return useQuery({
    queryKey: reportKeys.funnel(range),
    queryFn: () => getFunnelReport(range!),
    enabled: online && range !== null,
    // The figures of the previous range stay on screen while the next ones load.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
