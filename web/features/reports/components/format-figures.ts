import { formatNumber } from '@web/lib/format';

/** 0.5087 → "50.9%"; whole percents without a decimal; no denominator → "—". */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  const percent = Math.round(rate * 1000) / 10;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** Median minutes as "12 min" or "2 h 5 min"; nothing measured → "—". */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '—';
  const whole = Math.round(minutes);
  if (whole < 60) return `${whole} min`;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${formatNumber(hours)} h` : `${formatNumber(hours)} h ${rest} min`;
}
