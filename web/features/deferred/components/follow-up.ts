import { FOLLOW_UP_OUTCOMES, type FollowUpOutcome } from '@shared/schemas/deferred';

/** The outcome picker's words; 'none' stands for "not called yet" (Radix reserves ''). */
export const OUTCOME_LABELS: Record<FollowUpOutcome, string> = {
  called_booked: 'Called – booked',
  called_no_answer: 'Called – no answer',
  left_message: 'Left a message',
  call_back_later: 'Call back later',
  not_interested: 'Not interested',
};

export const OUTCOME_OPTIONS = [
  { value: 'none', label: 'No outcome yet' },
  ...FOLLOW_UP_OUTCOMES.map((value) => ({ value, label: OUTCOME_LABELS[value] })),
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since the inspection the work was found in. */
export function ageInDays(inspectedAt: string, now = Date.now()): number {
  return Math.max(0, Math.floor((now - Date.parse(inspectedAt)) / DAY_MS));
}

export const ageText = (days: number) => (days === 1 ? '1 day' : `${days} days`);
