import type { FunnelFigures, FunnelGroup, FunnelQuery, FunnelReport } from '@shared/schemas/reports';
import { FUNNEL_MAX_DAYS } from '@shared/schemas/reports';
import type { Db } from '@api/db/database';
import { badRequest } from '@api/lib/http-error';
import { funnelRows, userNames, type FunnelRow } from './funnel.repository';
import { isoMs } from './iso-ms';
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

/** Adds an inspection to a group (each row goes to three: overall, its technician, its advisor). */
function addRow(sums: Sums, row: FunnelRow, toView: number | null, toDecision: number | null): void {
  sums.inspections += 1;
  sums.services += row[6];
  sums.approvedServices += row[7];
  sums.recommendedCents += row[8];
  sums.approvedCents += row[9];
  sums.declinedCents += row[10];
  if (row[7] > 0) sums.approvedInspections += 1;
  if (row[2] === null) return;
  sums.sent += 1;
  if (row[4] !== null) sums.viewed += 1;
  if (toView !== null) sums.toView.push(toView);
  if (toDecision !== null) sums.toDecision.push(toDecision);
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/** The middle value (the mean of the two middle ones for an even count), to a tenth of a minute. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const items = Float64Array.from(values);
  const mid = Math.floor(items.length / 2);
  const upper = select(items, mid);
  // After the selection every value left of mid is at most the middle one: the lower middle is their largest.
  let value = upper;
  if (items.length % 2 === 0) {
    let lower = items[0]!;
    for (let i = 1; i < mid; i++) if (items[i]! > lower) lower = items[i]!;
    value = (lower + upper) / 2;
  }
  return Math.round(value * 10) / 10;
}

/** The k-th smallest value, moving smaller ones before it and larger ones after (Hoare's selection; no full sort). */
function select(items: Float64Array, k: number): number {
  let left = 0;
  let right = items.length - 1;
  while (left < right) {
    const pivot = items[(left + right) >> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (items[i]! < pivot) i++;
      while (items[j]! > pivot) j--;
      if (i <= j) {
        const swap = items[i]!;
        items[i++] = items[j]!;
        items[j--] = swap;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return items[k]!;
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
  return (
    [...buckets.values()]
      .map((b) => ({
        key: b.key,
        userId: b.userId,
        name: b.userId ? (names.get(b.userId) ?? 'Former user') : GROUP_NAMES[b.key]!,
        ...figures(b.sums),
      }))
      // Named people first, busiest first; the catch-all groups last.
      .sort(
        (a, b) =>
          Number(a.userId === null) - Number(b.userId === null) ||
          b.inspections - a.inspections ||
          a.name.localeCompare(b.name),
      )
  );
}

/** The range's first and last local day as UTC instants, with the zone's canonical name. */
export function funnelSpan(query: FunnelQuery): { from: string; to: string; timeZone: string; dates: string[] } {
  const zone = query.tz ?? 'UTC';
  if (!isTimeZone(zone)) throw badRequest('tz must be a time zone name, e.g. America/Chicago');
  if (query.to < query.from) throw badRequest('to must be on or after from');
  // Counted before the dates are listed, so a range of thousands of years costs nothing.
  const days =
    (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / (24 * 60 * MINUTE_MS) + 1;
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
    const [technicianId, createdAt, sent, advisorId, viewed, decided] = row;
    // The waits once per row (it goes to three groups). A view before the first recorded send (a
    // link passed on by other means) has no send to measure from.
    const sentMs = sent === null ? 0 : isoMs(sent);
    const toView = sent !== null && viewed !== null && viewed >= sent ? (isoMs(viewed) - sentMs) / MINUTE_MS : null;
    const toDecision = sent !== null && decided !== null ? (isoMs(decided) - sentMs) / MINUTE_MS : null;
    addRow(overall, row, toView, toDecision);
    addRow(bucketOf(technicians, technicianKey(technicianId), technicianId).sums, row, toView, toDecision);
    addRow(bucketOf(advisors, advisorKey(advisorId, sent !== null), advisorId).sums, row, toView, toDecision);
    if (row[9] !== 0) perDay[dayIndex(dayStarts, isoMs(createdAt))]! += row[9];
  }

  const ids = [...new Set([...technicians.values(), ...advisors.values()].map((bucket) => bucket.userId))].filter(
    (id) => id !== null,
  );
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
