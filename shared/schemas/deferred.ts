import { z } from 'zod';
import { idSchema, listQuery, textWholeNumber, timestamp } from './common';

// Declined or still-recommended work of a finished inspection, offered again at the vehicle's
// next visit and followed up from the "Deferred work" screen (docs/deferred-work.md).

export const DEFERRED_STATUSES = ['open', 'added', 'dismissed'] as const;
export type DeferredStatus = (typeof DEFERRED_STATUSES)[number];

/** What came of a follow-up call; the screen's labels are in the web app. */
export const FOLLOW_UP_OUTCOMES = [
  'called_booked',
  'called_no_answer',
  'left_message',
  'call_back_later',
  'not_interested',
] as const;
export type FollowUpOutcome = (typeof FOLLOW_UP_OUTCOMES)[number];

export const DEFERRED_SORTS = ['age', 'value', 'customer'] as const;
export type DeferredSort = (typeof DEFERRED_SORTS)[number];

export const DEFERRED_NOT_FOUND = 'Deferred work not found';
export const DISMISS_REASON_REQUIRED = 'A reason is required to dismiss this line';
export const ADDED_TO_REQUIRED = 'The inspection it was added to is required';
export const FOLLOW_UP_DATE_INVALID = 'Follow-up date must be a date (YYYY-MM-DD)';
export const FOLLOW_UP_OUTCOME_INVALID = `Outcome must be one of: ${FOLLOW_UP_OUTCOMES.join(', ')}`;

const isoDate = z
  .string(FOLLOW_UP_DATE_INVALID)
  .regex(/^\d{4}-\d{2}-\d{2}$/, FOLLOW_UP_DATE_INVALID)
  .refine(
    (text) =>
      !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    FOLLOW_UP_DATE_INVALID,
  );

export const deferredWorkResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  vehicleId: z.string(),
  sourceInspectionId: z.string(),
  sourceServiceId: z.string(),
  description: z.string(),
  /** Parts plus labour of the service, in cents. */
  amountCents: z.number().int(),
  sourceStatus: z.enum(['declined', 'recommended']),
  technicianNote: z.string().nullable(),
  /** When the source inspection was made. */
  inspectedAt: timestamp,
  status: z.enum(DEFERRED_STATUSES),
  dismissReason: z.string().nullable(),
  addedToInspectionId: z.string().nullable(),
  followUpDate: z.string().nullable(),
  followUpOutcome: z.enum(FOLLOW_UP_OUTCOMES).nullable(),
  customerName: z.string(),
  customerPhone: z.string(),
  /** "2019 Honda Civic". */
  vehicleLabel: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type DeferredWork = z.output<typeof deferredWorkResponse>;

export const deferredListQuery = listQuery.extend({
  status: z.enum([...DEFERRED_STATUSES, 'all'], 'Status must be open, added, dismissed or all').optional(),
  sort: z.enum(DEFERRED_SORTS, `Sort must be one of: ${DEFERRED_SORTS.join(', ')}`).optional(),
  vehicleId: idSchema.optional(),
  customerId: idSchema.optional(),
  minAmountCents: textWholeNumber('minAmountCents', { min: 0 }).optional(),
  /** Only lines with a follow-up date on or before this day (the caller's today). */
  followUpDueBy: isoDate.optional(),
});
export type DeferredListQuery = z.output<typeof deferredListQuery>;

/**
 * `PATCH /api/deferred-work/:id`: only the fields sent change. `status: 'dismissed'` needs a
 * reason; `status: 'added'` names the new inspection the work was added to.
 */
export const updateDeferredBody = z.object({
  followUpDate: isoDate.nullable().optional(),
  followUpOutcome: z.enum(FOLLOW_UP_OUTCOMES, FOLLOW_UP_OUTCOME_INVALID).nullable().optional(),
  status: z.enum(['added', 'dismissed'], 'Status must be added or dismissed').optional(),
  dismissReason: z.string().trim().max(500, 'Reason must be at most 500 characters').optional(),
  addedToInspectionId: idSchema.optional(),
});
export type UpdateDeferredBody = z.input<typeof updateDeferredBody>;
