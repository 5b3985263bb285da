const DAY_MS = 24 * 60 * 60 * 1000;

/** 'Today' or 'N days ago', counted in calendar days of the reader's time zone. */
export function serviceAge(createdAt: string, now = new Date()): string {
  const created = new Date(createdAt);
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.max(0, Math.round((startOf(now) - startOf(created)) / DAY_MS));
  return days === 0 ? 'Today' : `${days} days ago`;
}
