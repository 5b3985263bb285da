import { describe, expect, it } from 'vitest';
import { datesBetween, localDate, startOfLocalDay } from './local-days';

const iso = (ms: number) => new Date(ms).toISOString();

describe('local days', () => {
  it('start at local midnight across a clock change (America/Chicago, 8 March 2026)', () => {
    expect(iso(startOfLocalDay('2026-03-08', 'America/Chicago'))).toBe('2026-03-08T06:00:00.000Z');
    expect(iso(startOfLocalDay('2026-03-09', 'America/Chicago'))).toBe('2026-03-09T05:00:00.000Z');
    expect(iso(startOfLocalDay('2026-11-01', 'America/Chicago'))).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(startOfLocalDay('2026-11-02', 'America/Chicago'))).toBe('2026-11-02T06:00:00.000Z');
  });

  it('start at the clock change where midnight is skipped (America/Santiago, 6 September 2026)', () => {
    expect(iso(startOfLocalDay('2026-09-06', 'America/Santiago'))).toBe('2026-09-06T04:00:00.000Z');
    expect(localDate(Date.parse('2026-09-06T04:00:00.000Z'), 'America/Santiago')).toBe('2026-09-06');
  });

  it('list every date of a range, both ends included', () => {
    expect(datesBetween('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29', '2028-03-01']);
  });
});
