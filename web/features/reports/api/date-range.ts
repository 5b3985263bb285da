// Date ranges as local calendar dates (YYYY-MM-DD), both ends included.
import type { DateRange } from '@web/entities/reports/report-keys';

export type { DateRange };

export const PRESETS = ['week', 'month', 'last30', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABELS: Record<Preset, string> = {
  week: 'This week',
  month: 'This month',
  last30: 'Last 30 days',
  custom: 'Custom',
};

/** A local date as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const daysBefore = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() - days);

/** The range of a preset up to today: the week from Sunday, the month from the 1st, or 30 days. */
export function presetRange(preset: Exclude<Preset, 'custom'>, today = new Date()): DateRange {
  const to = isoDate(today);
  if (preset === 'week') return { from: isoDate(daysBefore(today, today.getDay())), to };
  if (preset === 'month') return { from: isoDate(new Date(today.getFullYear(), today.getMonth(), 1)), to };
  return { from: isoDate(daysBefore(today, 29)), to };
}

/** Why a custom range cannot be reported on, or null when it can. */
export function rangeProblem(range: DateRange, maxDays = 366): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.from) || !/^\d{4}-\d{2}-\d{2}$/.test(range.to)) return 'Choose both dates';
  if (range.to < range.from) return 'The end date must be on or after the start date';
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > maxDays) return `Choose at most ${maxDays} days`;
  return null;
}
