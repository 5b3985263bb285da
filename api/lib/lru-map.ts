/** A bound on what an `LruMap` holds besides its number of entries: each value's weight, and their most in all. */
export interface WeightBound<V> {
  weigh: (value: V) => number;
  most: number;
}

/**
 * A map that keeps at most `capacity` entries (and, with a `bound`, values that weigh at most its
 * `most` in all) and, past it, drops the ones least recently used: a `get` or `set` makes an entry
 * the most recent (a Map iterates in insertion order, so an entry used is re-inserted at the end,
 * and the first one is the oldest). A value heavier than the whole bound is not kept. `onDrop` is
 * told of every value that leaves: deleted, replaced, or dropped past the bounds.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    readonly capacity: number,
    private readonly bound?: WeightBound<V>,
    private readonly onDrop?: (value: V) => void,
  ) {}

  /** The entry, made the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The entry, left where it is in the order. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps the entry as the most recently used, dropping the least recently used ones past the bounds. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.bound?.weigh(value) ?? 0;
    if (this.bound && weight > this.bound.most) return;
    this.entries.set(key, value);
    this.weight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity && (!this.bound || this.weight <= this.bound.most)) break;
      this.delete(oldest);
    }
  }

  delete(key: K): boolean {
    if (!this.entries.has(key)) return false;
    const value = this.entries.get(key)!;
    if (this.bound) this.weight -= this.bound.weigh(value);
    this.entries.delete(key);
    this.onDrop?.(value);
    return true;
  }

  /** Drops every entry (`onDrop` is told of each). */
  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** An `LruMap` of its own for each owner (a database handle, say), made at its first use. */
export function lruMapPer<V>(capacity: number, bound?: WeightBound<V>): (owner: object) => LruMap<string, V> {
  const maps = new WeakMap<object, LruMap<string, V>>();
  return (owner) => {
    let map = maps.get(owner);
    if (!map) maps.set(owner, (map = new LruMap(capacity, bound)));
    return map;
  };
}
