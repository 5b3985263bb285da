import { dbSignal } from '../db-signal';
import type { LocalDb } from '../local-db';

// Page-local signals between the media functions and the sync loop of the same database.

type Signal = { type: 'queued' } | { type: 'dropped'; mediaId: string };
const mediaSignal = dbSignal<[Signal]>();

export function onMediaSignal(db: LocalDb, listener: (signal: Signal) => void): () => void {
  return mediaSignal.listen(db, listener);
}

export function announceMedia(db: LocalDb, signal: Signal): void {
  mediaSignal.announce(db, signal);
}

/** Hex SHA-256 of a blob's bytes: the identity the server keeps one copy by. */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
