/**
 * A map that keeps at most `capacity` entries and, past it, drops the one least recently used: a
 * `get` or `set` makes an entry the most recent (a Map iterates in insertion order, so an entry
 * used is re-inserted at the end, and the first one is the oldest).
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

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

  /** Keeps the entry as the most recently used, dropping the least recently used one past the capacity. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** An `LruMap` of its own for each owner (a database handle, say), made at its first use. */
export function lruMapPer<V>(capacity: number): (owner: object) => LruMap<string, V> {
  const maps = new WeakMap<object, LruMap<string, V>>();
  return (owner) => {
    let map = maps.get(owner);
    if (!map) maps.set(owner, (map = new LruMap(capacity)));
    return map;
  };
}
