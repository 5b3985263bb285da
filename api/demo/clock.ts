import type { DemoRandom } from './random';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Demo timestamps relative to one "now"; none lands in the future. */
export class DemoClock {
  constructor(readonly now: Date) {}

  /** A time during shop hours `daysAgo` local days back; today, a time earlier today. */
  workTime(rng: DemoRandom, daysAgo: number): Date {
    const hour = rng.int(8, 16);
    const minute = rng.int(0, 59);
    const back = rng.next();
    if (daysAgo <= 0) {
      const midnight = new Date(this.now);
      midnight.setHours(0, 0, 0, 0);
      // Some of today's work, never before local midnight, so "Inspections Today" counts it.
      const span = Math.min(this.now.getTime() - midnight.getTime(), 6 * HOUR);
      return new Date(this.now.getTime() - Math.floor(back * span));
    }
    const day = new Date(this.now);
    day.setDate(day.getDate() - daysAgo);
    day.setHours(hour, minute, rng.int(0, 59), 0);
    return day;
  }

  /** A moment `minMinutes` to `maxMinutes` after `from`, but not after now. */
  after(rng: DemoRandom, from: Date, minMinutes: number, maxMinutes: number): Date {
    const at = from.getTime() + rng.int(minMinutes, maxMinutes) * MINUTE;
    return new Date(Math.max(from.getTime(), Math.min(at, this.now.getTime())));
  }
}

export const iso = (date: Date): string => date.toISOString();
