import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@shared/seeded-random';
import { isoMs } from './iso-ms';

describe('isoMs', () => {
  it('equals Date.parse for instants across leap years, month ends and centuries', () => {
    const random = mulberry32(7);
    const fixed = [
      '1970-01-01T00:00:00.000Z',
      '2000-02-29T23:59:59.999Z',
      '2024-03-01T00:00:00.001Z',
      '1900-03-01T12:00:00.000Z',
      '2100-12-31T23:59:59.999Z',
    ];
    const drawn = Array.from({ length: 2000 }, () => new Date(Math.floor(random() * 8e12) - 2e12).toISOString());
    for (const text of [...fixed, ...drawn]) expect(isoMs(text), text).toBe(Date.parse(text));
  });

  it('leaves other shapes to Date.parse', () => {
    expect(isoMs('2026-03-02T14:00:00Z')).toBe(Date.parse('2026-03-02T14:00:00Z'));
    expect(isoMs('2026-03-02T14:00:00.000+01:00')).toBe(Date.parse('2026-03-02T13:00:00.000Z'));
    expect(isoMs('not a time')).toBeNaN();
  });
});
