import Dexie from 'dexie';
import type { LocalDb } from '../local-db';

// Page-local signals between the media functions and the sync loop of the same database.

type Signal = { type: 'queued' } | { type: 'dropped'; mediaId: string };
type Listener = (signal: Signal) => void;
const listeners = new WeakMap<LocalDb, Set<Listener>>();

export function onMediaSignal(db: LocalDb, listener: Listener): () => void {
  let set = listeners.get(db);
  if (!set) listeners.set(db, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function announceMedia(db: LocalDb, signal: Signal): void {
  Dexie.ignoreTransaction(() => {
    for (const listener of listeners.get(db) ?? []) listener(signal);
  });
}

/** Hex SHA-256 of a blob's bytes: the identity the server keeps one copy by. */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
