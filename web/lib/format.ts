import { SHORT_ID_LENGTH } from '@shared/constants';
import { formatCents, parseCents } from '@shared/money';

/** The shop's locale: dates and numbers are written the way a US shop writes them. */
export const SHOP_LOCALE = 'en-US';

/** The one money formatter: API money strings ("1234.5", "1234.50") or numbers to "$1,234.50". */
export function formatMoney(amount: string | number | null | undefined): string {
  return formatMoneyCents(amount === null || amount === undefined || amount === '' ? 0 : (parseCents(amount) ?? 0));
}

/** Integer cents to "$1,234.50" (exact: no floating point on the way). */
export function formatMoneyCents(cents: number): string {
  const [whole = '0', fraction = '00'] = formatCents(cents).split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${digits}.${fraction}`;
}

/** Cents of an API money string; missing or malformed counts as zero, so a page still renders. */
export function toCents(amount: string | number | null | undefined): number {
  return amount === null || amount === undefined || amount === '' ? 0 : (parseCents(amount) ?? 0);
}

const dateFormat = new Intl.DateTimeFormat(SHOP_LOCALE, { year: 'numeric', month: 'long', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(SHOP_LOCALE, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const numberFormat = new Intl.NumberFormat(SHOP_LOCALE);

/** The one date formatter: an ISO timestamp to "March 1, 2026" in the reader's time zone. */
export function formatDate(iso: string | Date): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : dateFormat.format(date);
}

/** "Mar 1, 2026, 9:30 AM". */
export function formatDateTime(iso: string | Date): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? String(iso) : dateTimeFormat.format(date);
}

/** 12345 → "12,345". */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Ids are shown as their first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, SHORT_ID_LENGTH);
}

/** Status and option values as text: underscores shown as spaces ("in_progress" → "in progress"). */
export function statusText(value: string): string {
  return value.replace(/_/g, ' ');
}

/** "slightly_dirty" → "Slightly dirty". */
export function humanize(value: string): string {
  const text = statusText(value);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A website as a link target: without http(s) it gets https:// prepended. */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

export function vehicleName(vehicle: { year: number; make: string; model: string }): string {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
}

/** A whole-percent change as the dashboard shows it: 12 → "+12%", -3 → "-3%", 0 → "+0%". */
export function formatGrowth(percent: number): string {
  return `${percent >= 0 ? '+' : ''}${percent}%`;
}
