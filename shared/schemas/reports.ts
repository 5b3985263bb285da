import { z } from 'zod';

const DATE_MESSAGE = 'must be a date as YYYY-MM-DD, e.g. 2026-11-01';

/** The years a report may cover: a shop's records, far from the ends of the calendar's arithmetic. */
export const FUNNEL_YEARS = { min: 1900, max: 2999 } as const;

/** A calendar date that exists (2026-02-30 does not), in the years a report covers. */
const calendarDate = (name: string) =>
  z
    .string(`${name} ${DATE_MESSAGE}`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} ${DATE_MESSAGE}`, abort: true })
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${name} ${DATE_MESSAGE}`)
    .refine((value) => {
      const year = Number(value.slice(0, 4));
      return year >= FUNNEL_YEARS.min && year <= FUNNEL_YEARS.max;
    }, `${name} must be in the years ${FUNNEL_YEARS.min} to ${FUNNEL_YEARS.max}`);

/** The longest range one call reports on: a leap year. */
export const FUNNEL_MAX_DAYS = 366;

/** Both dates count (the shop's local days); `tz` is the shop's IANA time zone, UTC when absent. */
export const funnelQuery = z.object({
  from: calendarDate('from'),
  to: calendarDate('to'),
  tz: z.string().trim().min(1).max(64).optional(),
});
export type FunnelQuery = z.infer<typeof funnelQuery>;

/**
 * One group's figures. Money is integer cents; rates are fractions (0.5 = 50%) the web formats,
 * null when their denominator is zero; medians are minutes, null without a single pair to measure.
 */
export const funnelFigures = z.object({
  inspections: z.number().int(),
  /** Inspections with at least one send that did not fail. */
  sent: z.number().int(),
  shareRate: z.number().nullable(),
  /** Sent inspections whose report the customer opened. */
  viewed: z.number().int(),
  viewRate: z.number().nullable(),
  medianMinutesToView: z.number().nullable(),
  medianMinutesToDecision: z.number().nullable(),
  services: z.number().int(),
  approvedServices: z.number().int(),
  recommendedCents: z.number().int(),
  approvedCents: z.number().int(),
  declinedCents: z.number().int(),
  approvalRateByCount: z.number().nullable(),
  approvalRateByValue: z.number().nullable(),
  /** Inspections with at least one approved service. */
  approvedInspections: z.number().int(),
  /** Approved cents per inspection with approved work, rounded half up to the cent. */
  averageRepairOrderCents: z.number().int().nullable(),
});
export type FunnelFigures = z.infer<typeof funnelFigures>;

export const funnelGroup = funnelFigures.extend({
  /** A user id, or `none` (no technician) / `not_sent` / `former_user` (a send by a deleted user). */
  key: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
});
export type FunnelGroup = z.infer<typeof funnelGroup>;

export const funnelResponse = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  overall: funnelFigures,
  technicians: z.array(funnelGroup),
  advisors: z.array(funnelGroup),
  /** Every day of the range, days without approved work included, by the inspection's day. */
  days: z.array(z.object({ date: z.string(), approvedCents: z.number().int() })),
});
export type FunnelReport = z.infer<typeof funnelResponse>;
