import { describe, expect, it } from 'vitest';
import { idSchema } from '@shared/schemas/common';
import { newRowId, rowIdMaker } from './ids';

const LAYOUT = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The tick in an id's first 32 bits (its first 8 characters, what the screens show). */
const tickOf = (id: string) => parseInt(id.slice(0, 8), 16);
const TICKS = 2 ** 32;

describe('newRowId', () => {
  it('makes UUIDs of version 8 that the API takes as ids, starting with the time in quarter milliseconds', () => {
    const make = rowIdMaker();
    const ms = Date.now();
    const id = make(ms);
    expect(id).toMatch(LAYOUT);
    expect(idSchema.safeParse(id).success).toBe(true);
    expect(tickOf(id)).toBe((ms * 4) % TICKS);
    expect(newRowId()).toMatch(LAYOUT);
  });

  it('sorts each id after the one before, as text, with first 8 characters of its own', () => {
    const make = rowIdMaker();
    // From a time whose tick field is far from coming round.
    const start = Math.ceil(Date.now() / 2 ** 30) * 2 ** 30 + 1;
    const ids = Array.from({ length: 50_000 }, (_, i) => make(start + Math.floor(i / 10)));
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
  });

  it('moves the tick on for ids made in the same millisecond and when the clock steps back', () => {
    const make = rowIdMaker();
    const ms = 1_800_000_000_000;
    const sameMs = Array.from({ length: 10 }, () => make(ms));
    expect(sameMs.map(tickOf)).toEqual(Array.from({ length: 10 }, (_, i) => (ms * 4 + i) % TICKS));
    // A clock set back goes on from the last tick; once it passes it again, the time's tick is used.
    expect(tickOf(make(ms - 10_000))).toBe((ms * 4 + 10) % TICKS);
    expect(tickOf(make(ms + 5))).toBe(((ms + 5) * 4) % TICKS);
  });

  it('comes round after 2^32 ticks (12.4 days) and goes on from the start of the field', () => {
    const make = rowIdMaker();
    const roundMs = TICKS / 4; // a multiple of 2^32 ticks, in milliseconds
    const last = make(roundMs * 1_000 - 1);
    const next = make(roundMs * 1_000);
    expect(tickOf(last)).toBe(TICKS - 4);
    expect(tickOf(next)).toBe(0);
  });

  it('keeps 90 random bits: ids with the same tick (two tablets in the same instant) still differ', () => {
    const ids = Array.from({ length: 1_000 }, () => rowIdMaker()(1_800_000_000_000));
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
    expect(new Set(ids).size).toBe(1_000);
  });
});
