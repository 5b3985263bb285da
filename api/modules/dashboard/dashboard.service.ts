import type { DashboardStats, DashboardStatsQuery } from '@shared/schemas/dashboard';
import type { Db } from '@api/db/database';
import { badRequest } from '@api/lib/http-error';
import { countCustomers, countInspections, type Span } from './dashboard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
export const GROWTH_WINDOW_DAYS = 30;

/** Whole percent change; null without a previous period to compare with (nothing in it). */
export function growthPercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  const change = ((current - previous) / previous) * 100;
  // Half away from zero, so +2.5% and -2.5% round to the same size.
  return Math.sign(change) * Math.round(Math.abs(change));
}

/** The client's day, or the current UTC day; one bound alone means a 24-hour day from it. */
export function todaySpan(query: DashboardStatsQuery, now: Date): { from: string; to: string } {
  const start = query.todayStart ? Date.parse(query.todayStart) : undefined;
  const end = query.todayEnd ? Date.parse(query.todayEnd) : undefined;
  const utcMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = start ?? (end !== undefined ? end - DAY_MS : utcMidnight);
  const to = end ?? from + DAY_MS;
  if (to <= from) throw badRequest('todayEnd must be after todayStart');
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

export async function dashboardStats(db: Db, query: DashboardStatsQuery, now = new Date()): Promise<DashboardStats> {
  const today = todaySpan(query, now);
  const windowStart = now.getTime() - GROWTH_WINDOW_DAYS * DAY_MS;
  const recent: Span = { from: new Date(windowStart).toISOString() };
  const previous: Span = {
    from: new Date(windowStart - GROWTH_WINDOW_DAYS * DAY_MS).toISOString(),
    to: recent.from,
  };
  const [customers, inspections] = await Promise.all([
    countCustomers(db, recent, previous),
    countInspections(db, today, recent, previous),
  ]);
  return {
    totalCustomers: customers.total,
    totalInspections: inspections.total,
    inspectionsToday: inspections.today,
    pendingInspections: inspections.pending,
    customerGrowth: growthPercent(customers.recent, customers.previous),
    inspectionGrowth: growthPercent(inspections.recent, inspections.previous),
  };
}
