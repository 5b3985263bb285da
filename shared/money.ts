// Money is integer cents inside; these are the only conversions to and from its text form.

/** Largest amount a DECIMAL(10,2) column can hold, in cents. */
export const MAX_CENTS = 99_999_999_99;

const DECIMAL = /^(\d+)(?:\.(\d*))?$/;

/**
 * Parses a non-negative amount ("45", "45.5", "45.50", 45.5) to cents, rounding half up past the
 * second decimal. Returns null for anything that is not a plain non-negative decimal.
 */
export function parseCents(value: number | string): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    if (value >= 1e13) return null;
    // toPrecision(15) drops binary noise such as 0.30000000000000004 before rounding.
    text = String(Number(value.toPrecision(15)));
    // Exponent form only remains for amounts far below a cent.
    if (text.includes('e')) text = '0';
  } else {
    text = value.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(3, '0');
  if (whole.length > 13) return null;
  let cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  return cents;
}

/** Formats cents as a string with exactly two decimals: 4500 -> "45.00". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** `cents * percent / 100`, rounded half up to the cent (non-negative amounts). */
export function percentOf(cents: number, percentTimes10: number): number {
  // percentTimes10 keeps rates such as 8.5% integral: 85 means 8.5%.
  return Math.floor((cents * percentTimes10 + 500) / 1000);
}

export interface CostedPart {
  partCostCents: number;
}

export interface CostedService {
  laborCostCents: number;
  partsCostCents: number;
  parts: readonly CostedPart[];
}

/** A service's parts amount: the sum of its parts when it has any, else its own partsCost. */
export function servicePartsCents(service: CostedService): number {
  if (service.parts.length === 0) return service.partsCostCents;
  return service.parts.reduce((sum, part) => sum + part.partCostCents, 0);
}

export function serviceTotalCents(service: CostedService): number {
  return service.laborCostCents + servicePartsCents(service);
}

export interface Totals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

export function totalsWithTax(subtotalCents: number, ratePercentTimes10: number): Totals {
  const taxCents = percentOf(subtotalCents, ratePercentTimes10);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}
