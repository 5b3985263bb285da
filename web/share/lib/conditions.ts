import { BRAKE_PAD_MIN_MM, CONDITION_TONES, type ConditionTone } from '@shared/constants';

export type Tone = ConditionTone | 'neutral';

/** The tone of an option value (good, warning or bad); unknown values stay neutral. */
export function conditionTone(value: string): Tone {
  return CONDITION_TONES[value] ?? 'neutral';
}

/** Every brake pad below 3 mm is poor, 3 mm and above good. */
export function brakePadCondition(mm: number): 'good' | 'poor' {
  return mm < BRAKE_PAD_MIN_MM ? 'poor' : 'good';
}
