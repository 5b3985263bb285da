import type { FunnelFigures, FunnelGroup, FunnelQuery, FunnelReport } from '../../../shared/schemas/reports';
import { FUNNEL_MAX_DAYS } from '../../../shared/schemas/reports';
import type { Db } from '../../db/database';
import { badRequest } from '../../lib/http-error';
import { funnelRows, userNames, type FunnelRow } from './funnel.repository';
import { canonicalZone, datesBetween, isTimeZone, startOfLocalDay } from './local-days';

const MINUTE_MS = 60 * 1000;

interface Sums {
  inspections: number;
  sent: number;
  viewed: number;
  services: number;
  approvedServices: number;
  recommendedCents: number;
  approvedCents: number;
  declinedCents: number;
  approvedInspections: number;
  toView: number[];
  toDecision: number[];
}

const emptySums = (): Sums => ({
  inspections: 0,
  sent: 0,
  viewed: 0,
  services: 0,
  approvedServices: 0,
  recommendedCents: 0,
  approvedCents: 0,
  declinedCents: 0,
  approvedInspections: 0,
  toView: [],
  toDecision: [],
});

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / MINUTE_MS;

/** A row with its waits measured once (it is added to three groups). */
interface Measured {
  row: FunnelRow;
  toView: number | null;
  toDecision: number | null;
}

function measure(row: FunnelRow): Measured {
  const sent = row.firstSentAt;
  // A view before the first recorded send (a link passed on by other means) has no send to measure from.
  const viewed = sent !== null && row.firstViewedAt !== null && row.firstViewedAt >= sent;
  return {
    row,
    toView: viewed ? minutesBetween(sent, row.firstViewedAt!) : null,
    toDecision: sent !== null && row.firstDecidedAt !== null ? minutesBetween(sent, row.firstDecidedAt) : null,
  };
}

function addRow(sums: Sums, { row, toView, toDecision }: Measured): void {
  sums.inspections += 1;
  sums.services += row.services;
  sums.approvedServices += row.approvedServices;
  sums.recommendedCents += row.recommendedCents;
  sums.approvedCents += row.approvedCents;
  sums.declinedCents += row.declinedCents;
  if (row.approvedServices > 0) sums.approvedInspections += 1;
  if (row.firstSentAt === null) return;
  sums.sent += 1;
  if (row.firstViewedAt !== null) sums.viewed += 1;
  if (toView !== null) sums.toView.push(toView);
  if (toDecision !== null) sums.toDecision.push(toDecision);
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** The middle value (the mean of the two middle ones for an even count), to a tenth of a minute. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  // A typed array sorts numbers natively, without a comparator call per step.
  const sorted = Float64Array.from(values).sort();
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 10) / 10;
}

function figures(sums: Sums): FunnelFigures {
  return {
    inspections: sums.inspections,
    sent: sums.sent,
    shareRate: ratio(sums.sent, sums.inspections),
    viewed: sums.viewed,
    viewRate: ratio(sums.viewed, sums.sent),
    medianMinutesToView: median(sums.toView),
    medianMinutesToDecision: median(sums.toDecision),
    services: sums.services,
    approvedServices: sums.approvedServices,
    recommendedCents: sums.recommendedCents,
    approvedCents: sums.approvedCents,
    declinedCents: sums.declinedCents,
    approvalRateByCount: ratio(sums.approvedServices, sums.services),
    approvalRateByValue: ratio(sums.approvedCents, sums.recommendedCents),
    approvedInspections: sums.approvedInspections,
    averageRepairOrderCents:
      sums.approvedInspections === 0 ? null : Math.round(sums.approvedCents / sums.approvedInspections),
  };
}

interface Bucket {
  key: string;
  userId: string | null;
  sums: Sums;
}

function bucketOf(buckets: Map<string, Bucket>, key: string, userId: string | null): Bucket {
  let bucket = buckets.get(key);
  if (!bucket) {
    bucket = { key, userId, sums: emptySums() };
    buckets.set(key, bucket);
  }
  return bucket;
}

const technicianKey = (id: string | null) => id ?? 'none';
const advisorKey = (id: string | null, sent: boolean) => (!sent ? 'not_sent' : (id ?? 'former_user'));
const GROUP_NAMES: Record<string, string> = { none: 'No technician', not_sent: 'Not sent', former_user: 'Former user' };

function groups(buckets: Map<string, Bucket>, names: Map<string, string>): FunnelGroup[] {
  return [...buckets.values()]
    .map((b) => ({
      key: b.key,
      userId: b.userId,
      name: b.userId ? (names.get(b.userId) ?? 'Former user') : GROUP_NAMES[b.key]!,
      ...figures(b.sums),
    }))
    // Named people first, busiest first; the catch-all groups last.
    .sort((a, b) => Number(a.userId === null) - Number(b.userId === null) || b.inspections - a.inspections || a.name.localeCompare(b.name));
}

/** The range's first and last local day as UTC instants, with the zone's canonical name. */
export function funnelSpan(query: FunnelQuery): { from: string; to: string; timeZone: string; dates: string[] } {
  const zone = query.tz ?? 'UTC';
  if (!isTimeZone(zone)) throw badRequest('tz must be a time zone name, e.g. America/Chicago');
  if (query.to < query.from) throw badRequest('to must be on or after from');
  // Counted before the dates are listed, so a range of thousands of years costs nothing.
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / (24 * 60 * MINUTE_MS) + 1;
  if (days > FUNNEL_MAX_DAYS) throw badRequest(`The range can be at most ${FUNNEL_MAX_DAYS} days`);
  const dates = datesBetween(query.from, query.to);
  const timeZone = canonicalZone(zone);
  const next = new Date(Date.parse(`${query.to}T00:00:00Z`) + 24 * 60 * MINUTE_MS).toISOString().slice(0, 10);
  return {
    from: new Date(startOfLocalDay(query.from, timeZone)).toISOString(),
    to: new Date(startOfLocalDay(next, timeZone)).toISOString(),
    timeZone,
    dates,
  };
}

/** The index of the day an instant falls on: the last day start at or before it. */
function dayIndex(dayStarts: number[], ms: number): number {
  let low = 0;
  let high = dayStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (dayStarts[mid]! <= ms) low = mid;
    else high = mid - 1;
  }
  return low;
}

export async function funnelReport(db: Db, query: FunnelQuery): Promise<FunnelReport> {
  const { timeZone, dates, ...span } = funnelSpan(query);
  const dayStarts = dates.map((date) => startOfLocalDay(date, timeZone));
  const rows = await funnelRows(db, span);

  const overall = emptySums();
  const technicians = new Map<string, Bucket>();
  const advisors = new Map<string, Bucket>();
  const perDay = dates.map(() => 0);
  for (const row of rows) {
    const measured = measure(row);
    addRow(overall, measured);
    addRow(bucketOf(technicians, technicianKey(row.technicianId), row.technicianId).sums, measured);
    addRow(bucketOf(advisors, advisorKey(row.advisorId, row.firstSentAt !== null), row.advisorId).sums, measured);
    if (row.approvedCents !== 0) perDay[dayIndex(dayStarts, Date.parse(row.createdAt))]! += row.approvedCents;
  }

  const ids = [...new Set(rows.flatMap((row) => [row.technicianId, row.advisorId]))].filter((id) => id !== null);
  const names = await userNames(db, ids);
  return {
    from: query.from,
    to: query.to,
    timeZone,
    overall: figures(overall),
    technicians: groups(technicians, names),
    advisors: groups(advisors, names),
    days: dates.map((date, i) => ({ date, approvedCents: perDay[i]! })),
  };
}
