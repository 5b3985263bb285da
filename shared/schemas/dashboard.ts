import { z } from 'zod';

const instant = (name: string) =>
  z.iso.datetime({ offset: true, message: `${name} must be an ISO date and time, e.g. 2026-11-22T05:00:00.000Z` });

/** The client's local day as UTC instants; both default to the current UTC day. */
export const dashboardStatsQuery = z.object({
  todayStart: instant('todayStart').optional(),
  todayEnd: instant('todayEnd').optional(),
});
export type DashboardStatsQuery = z.infer<typeof dashboardStatsQuery>;

export const dashboardStatsResponse = z.object({
  totalCustomers: z.number().int(),
  totalInspections: z.number().int(),
  inspectionsToday: z.number().int(),
  pendingInspections: z.number().int(),
  /**
   * Whole percent change of the last 30 days against the 30 before; the web adds '+' and '%'.
   * null when the 30 days before had nothing: a shop's first month has no growth to show.
   */
  customerGrowth: z.number().int().nullable(),
  inspectionGrowth: z.number().int().nullable(),
});
export type DashboardStats = z.infer<typeof dashboardStatsResponse>;
