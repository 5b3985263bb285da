import { SHORT_ID_LENGTH } from '@shared/constants';
import { formatCents, parseCents } from '@shared/money';

/** The one money formatter: API money strings ("1234.5" or "1234.50") to "$1,234.50". */
export function formatMoney(amount: string | number | null | undefined): string {
  return formatMoneyCents(amount === null || amount === undefined ? 0 : (parseCents(amount) ?? 0));
}

/** Integer cents to "$1,234.50" (exact: no floating point on the way). */
export function formatMoneyCents(cents: number): string {
  const [whole = '0', fraction = '00'] = formatCents(cents).split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** Cents of an API money string; missing or malformed counts as zero, so a page still renders. */
export function toCents(amount: string | null | undefined): number {
  return amount ? (parseCents(amount) ?? 0) : 0;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** The one date formatter: an ISO timestamp to "March 1, 2026" in the reader's time zone. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** Ids are shown as their first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

/** A millimetre measurement with one decimal, or N/A when missing. */
export function formatMm(value: number | null | undefined): string {
  return value === null || value === undefined ? 'N/A' : `${value.toFixed(1)} mm`;
}

/** "slightly_dirty" → "Slightly dirty". */
export function humanize(value: string): string {
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A website as a link target: without http(s) it gets https:// prepended. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export function vehicleName(vehicle: { year: number; make: string; model: string }): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}
