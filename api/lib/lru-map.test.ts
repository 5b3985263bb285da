import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map';

describe('LruMap', () => {
  it('drops the least recently used entry past its capacity, a get or set counting as a use', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.peek('b')).toBeUndefined();
    expect([map.peek('a'), map.peek('c'), map.size]).toEqual([1, 3, 2]);
    map.set('a', 10);
    map.set('d', 4);
    expect([map.peek('a'), map.peek('c'), map.peek('d')]).toEqual([10, undefined, 4]);
  });

  it('leaves the order as it is on a peek, and forgets a deleted entry', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.peek('a')).toBe(1);
    map.set('c', 3);
    expect(map.peek('a')).toBeUndefined();
    expect(map.delete('b')).toBe(true);
    expect([map.get('b'), map.size]).toEqual([undefined, 1]);
  });

  it('with a weight bound, drops the least recently used entries until the rest weigh no more than it', () => {
    const map = new LruMap<string, number[]>(10, { weigh: (ids) => ids.length, most: 5 });
    map.set('a', [1, 2]);
    map.set('b', [1, 2]);
    expect(map.get('a')).toEqual([1, 2]);
    map.set('c', [1, 2]);
    expect([map.peek('a'), map.peek('b'), map.peek('c'), map.size]).toEqual([[1, 2], undefined, [1, 2], 2]);
    // A value heavier than the whole bound is not kept, and takes the entry it replaces with it.
    map.set('a', [1, 2, 3, 4, 5, 6]);
    expect([map.peek('a'), map.size]).toEqual([undefined, 1]);
    // A deleted entry's weight is freed: five fit again beside nothing else.
    expect(map.delete('c')).toBe(true);
    map.set('d', [1, 2, 3, 4, 5]);
    expect([map.peek('d'), map.size]).toEqual([[1, 2, 3, 4, 5], 1]);
  });

  it('tells onDrop of every value that leaves: replaced, dropped past the bounds, deleted or cleared', () => {
    const dropped: number[] = [];
    const map = new LruMap<string, number>(2, undefined, (value) => dropped.push(value));
    map.set('a', 1);
    map.set('a', 2);
    map.set('b', 3);
    map.set('c', 4);
    expect(dropped).toEqual([1, 2]);
    // A get keeps the value: it only moves.
    expect(map.get('b')).toBe(3);
    expect(map.delete('b')).toBe(true);
    expect(map.delete('b')).toBe(false);
    map.clear();
    expect([dropped, map.size]).toEqual([[1, 2, 3, 4], 0]);
  });
});
