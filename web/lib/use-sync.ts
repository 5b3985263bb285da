import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { getOffline } from '@web/offline';
import { readCachedUser, useCurrentUser } from './current-user';
import { unsentUploads } from '@web/offline/media/local-media';
import { pendingEntityIds } from '@web/offline/outbox';
import type { LocalWrite, OutboxEntry, SyncStatus } from '@web/offline/types';

// The sync loop for React: its live state and its actions, for any screen.

/**
 * The loop's state for the header and the sync panel, kept live. The counts are the signed-in
 * user's: what they can send, and what a sign-out would leave behind.
 */
export function useSyncStatus(): SyncStatus {
  const { engine } = getOffline();
  const [status, setStatus] = useState(() => engine.getStatus());
  useEffect(() => {
    setStatus(engine.getStatus());
    return engine.subscribe(setStatus);
  }, [engine]);
  return status;
}

const NO_IDS: ReadonlySet<string> = new Set();

/** Ids of rows with changes not yet on the server, for the 'Not synced' marks. */
export function usePendingIds(): ReadonlySet<string> {
  const { db } = getOffline();
  return useLiveQuery(() => pendingEntityIds(db), [db]) ?? NO_IDS;
}

/** The signed-in user's changes that need them, oldest first (live); undefined while loading. */
export function useAttentionEntries(): OutboxEntry[] | undefined {
  const { engine } = getOffline();
  const userId = useCurrentUser()?.id ?? null;
  return useLiveQuery(() => engine.attentionEntries(), [engine, userId]);
}

/** The sync loop's actions, for the panel and the sign-out warning. */
export function syncActions() {
  const { engine } = getOffline();
  return {
    syncNow: () => engine.syncNow(),
    /** Back to pending (with the user's corrections, if any) and a sync. */
    retry: (entryId: string, editedWrite?: LocalWrite) => engine.retry(entryId, editedWrite),
    /** How many changes a discard would drop, the entry included. */
    discardCount: async (entryId: string) => (await engine.discardPreview(entryId)).length,
    /** Drops the entry and its dependents; resolves to how many went. */
    discard: (entryId: string) => engine.discard(entryId),
    /** What a sign-out of this user would leave unsent right now. */
    unsent: async () => {
      const counts = await engine.unsentCounts();
      return counts.pending + counts.attention + (await unsentUploads(getOffline().db, readCachedUser()?.id ?? null));
    },
  };
}
