import { describe, expect, it } from 'vitest';
import { idSchema } from '@shared/schemas/common';
import { newRowId, rowIdMaker } from './ids';

const LAYOUT = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The tick in an id's first 32 bits (its first 8 characters, what the screens show). */
const tickOf = (id: string) => parseInt(id.slice(0, 8), 16);
const TICKS = 2 ** 32;
const PER_MS = 16;
const bytesOf = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');

describe('newRowId', () => {
  it('makes UUIDs of version 8 that the API takes as ids, starting with the time in sixteenths of a millisecond', () => {
    const make = rowIdMaker();
    const ms = Date.now();
    const id = make(ms);
    expect(id).toMatch(LAYOUT);
    expect(idSchema.safeParse(id).success).toBe(true);
    expect(tickOf(id)).toBe((ms * PER_MS) % TICKS);
    expect(newRowId()).toMatch(LAYOUT);
  });

  it('sorts each id after the one before, as text, with first 8 characters of its own', () => {
    const make = rowIdMaker();
    // From a time whose tick field is far from coming round; 40 ids a millisecond, faster than its ticks.
    const start = Math.ceil(Date.now() / 2 ** 28) * 2 ** 28 + 1;
    const ids = Array.from({ length: 50_000 }, (_, i) => make(start + Math.floor(i / 40)));
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('moves the tick on for ids made in the same millisecond and when the clock steps back', () => {
    const make = rowIdMaker();
    const ms = 1_800_000_000_000;
    const sameMs = Array.from({ length: 20 }, () => make(ms));
    expect(sameMs.map(tickOf)).toEqual(Array.from({ length: 20 }, (_, i) => (ms * PER_MS + i) % TICKS));
    // A clock set back goes on from the last tick; once the clock passes it again, the time's tick is used.
    expect(tickOf(make(ms - 10_000))).toBe((ms * PER_MS + 20) % TICKS);
    expect(tickOf(make(ms + 5))).toBe(((ms + 5) * PER_MS) % TICKS);
  });

  it('comes round after 2^32 ticks (3.1 days) and goes on from the start of the field', () => {
    const make = rowIdMaker();
    const roundMs = TICKS / PER_MS; // 2^32 ticks, in milliseconds
    const last = make(roundMs * 1_000 - 1);
    const next = make(roundMs * 1_000);
    expect(tickOf(last)).toBe(TICKS - PER_MS);
    expect(tickOf(next)).toBe(0);
  });

  it('fills its other 90 bits at random: ids with the same tick (two tablets in the same instant) differ everywhere else', () => {
    const ids = Array.from({ length: 2_000 }, () => rowIdMaker()(1_800_000_000_000));
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
    expect(new Set(ids).size).toBe(ids.length);
    const bytes = ids.map(bytesOf);
    // Every random bit is seen both set and clear: none is left at a fixed value.
    const randomBits = {
      4: 0xff,
      5: 0xff,
      6: 0x0f,
      7: 0xff,
      8: 0x3f,
      9: 0xff,
      10: 0xff,
      11: 0xff,
      12: 0xff,
      13: 0xff,
      14: 0xff,
      15: 0xff,
    };
    for (const [index, mask] of Object.entries(randomBits)) {
      const ored = bytes.reduce((all, b) => all | (b[Number(index)]! & mask), 0);
      const anded = bytes.reduce((all, b) => all & (b[Number(index)]! | ~mask), 0xff);
      expect({ index, ored }).toEqual({ index, ored: mask });
      expect({ index, anded: anded & mask }).toEqual({ index, anded: 0 });
    }
  });
});
