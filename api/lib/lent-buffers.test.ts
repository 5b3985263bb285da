import { afterEach, describe, expect, it, vi } from 'vitest';
import { LentBuffers } from './lent-buffers';

describe('LentBuffers', () => {
  afterEach(() => vi.useRealTimers());

  it('lends the bytes asked for, and lends a buffer given back again to an answer it fits', () => {
    const buffers = new LentBuffers();
    const first = buffers.lend(100_000);
    expect(first.bytes.length).toBe(100_000);
    first.bytes.fill(7);
    first.giveBack();
    // Given back twice, it waits once.
    first.giveBack();
    expect(buffers.waiting).toBe(1);
    const second = buffers.lend(120_000);
    expect(second.bytes.length).toBe(120_000);
    // The same memory: what the first answer wrote is there (the reader overwrites it).
    expect(second.bytes[0]).toBe(7);
    expect(buffers.waiting).toBe(0);
    // Too small for a larger answer: a new one is made, and the smaller one keeps waiting.
    second.giveBack();
    const large = buffers.lend(300_000);
    expect([large.bytes.length, large.bytes[0] === 7 ? 'reused' : 'new', buffers.waiting]).toEqual([300_000, 'new', 1]);
  });

  it('keeps at most so many waiting, and lets them go once none was lent for a while', () => {
    vi.useFakeTimers();
    const buffers = new LentBuffers(2, 1000);
    const lent = [buffers.lend(10), buffers.lend(10), buffers.lend(10)];
    for (const buffer of lent) buffer.giveBack();
    expect(buffers.waiting).toBe(2);
    vi.advanceTimersByTime(500);
    buffers.lend(10).giveBack();
    vi.advanceTimersByTime(900);
    expect(buffers.waiting).toBe(2);
    vi.advanceTimersByTime(2000);
    expect(buffers.waiting).toBe(0);
  });
});
