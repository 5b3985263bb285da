import Dexie from 'dexie';
import type { LocalDb } from './local-db';

/**
 * Listeners per local database within this page: `listen` adds one and returns its removal;
 * `announce` calls each outside any caller's transaction, since listeners start their own work.
 */
export function dbSignal<Args extends unknown[]>() {
  const listeners = new WeakMap<LocalDb, Set<(...args: Args) => void>>();
  return {
    listen(db: LocalDb, listener: (...args: Args) => void): () => void {
      let set = listeners.get(db);
      if (!set) listeners.set(db, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    announce(db: LocalDb, ...args: Args): void {
      Dexie.ignoreTransaction(() => {
        for (const listener of listeners.get(db) ?? []) listener(...args);
      });
    },
  };
}
