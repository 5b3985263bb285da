// Shop-local calendar days as UTC instants, with the platform's time zone data (no library).

const DAY_MS = 24 * 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter for a zone, or null when the name is not a time zone the platform knows. */
function formatter(timeZone: string): Intl.DateTimeFormat | null {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  try {
    const created = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, created);
    return created;
  } catch {
    return null;
  }
}

export function isTimeZone(name: string): boolean {
  return formatter(name) !== null;
}

/** The canonical spelling of a zone name ("utc" → "UTC"). */
export function canonicalZone(name: string): string {
  return formatter(name)!.resolvedOptions().timeZone;
}

function parts(ms: number, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of formatter(timeZone)!.formatToParts(new Date(ms))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

/** The zone's offset from UTC at an instant, in milliseconds (east positive). */
function offsetAt(ms: number, timeZone: string): number {
  const p = parts(ms, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

// Day starts already found, by zone and date: a report of a year needs 366 of them (four
// formatter calls each), the same ones call after call. Emptied when full, so it stays small.
const dayStarts = new Map<string, number>();
const DAY_STARTS_KEPT = 20_000;

/** The first instant of a local date; where midnight is skipped by a clock change, the change itself. */
export function startOfLocalDay(date: string, timeZone: string): number {
  const key = `${timeZone} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, (start = findStartOfLocalDay(date, timeZone)));
  }
  return start;
}

function findStartOfLocalDay(date: string, timeZone: string): number {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  const candidates = [offsetAt(midnightUtc - DAY_MS, timeZone), offsetAt(midnightUtc + DAY_MS, timeZone)]
    .map((offset) => midnightUtc - offset)
    .filter((ms) => localDate(ms, timeZone) === date);
  return Math.min(...candidates);
}

/** The dates from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS) {
    dates.push(new Date(ms).toISOString().slice(0, 10));
  }
  return dates;
}
