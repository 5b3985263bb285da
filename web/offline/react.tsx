import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from '../components/ui/toast';
import { readCachedUser, useCurrentUser } from '../lib/current-user';
import { getOffline } from './index';
import { unsentUploads } from './media/local-media';
import { pendingEntityIds } from './outbox';
import { queryRootsFor } from './sync-ui';
import type { LocalWrite, OutboxEntry, SyncStatus } from './types';

// Asked once per page: a granted request lasts, and a refusal does not change by asking again.
let persistAsked = false;

/** Persistent storage keeps IndexedDB (and the outbox in it) from being evicted under storage pressure. */
async function askPersistentStorage(): Promise<void> {
  if (persistAsked) return;
  persistAsked = true;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return;
  try {
    if (await storage.persisted?.()) return;
    await storage.persist();
  } catch {
    // Not granted or not supported: the app works the same, the browser may just evict sooner.
  }
}

/**
 * Runs the sync loop for the signed-in user: starts it after sign-in (resuming a loop paused by an
 * expired session), stops it on sign-out, refreshes the screens when local data changes and shows
 * the loop's notices. Mounted once, inside the query client.
 */
export function OfflineProvider({ children }: { children: ReactNode }) {
  const userId = useCurrentUser()?.id ?? null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const { engine } = getOffline();
    const offData = engine.onDataChange((entities) => {
      for (const root of queryRootsFor(entities)) void queryClient.invalidateQueries({ queryKey: [root] });
    });
    const offNotice = engine.onNotice((message) => toast({ title: 'Sync', description: message }));
    engine.start();
    // A loop paused by an expired session goes on now that a user is signed in again; the engine
    // reads that user for every pass, so another user's changes stay unsent.
    engine.resumeAfterSignIn();
    void askPersistentStorage();
    return () => {
      offData();
      offNotice();
      engine.stop();
    };
  }, [userId, queryClient]);

  return children;
}

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
