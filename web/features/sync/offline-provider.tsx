import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { toast } from '@web/components/ui/toast';
import { useCurrentUser } from '@web/lib/current-user';
import { getOffline } from '@web/offline';
import { noticeText } from './notice-text';
import { queryRootsFor } from './sync-ui';

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
  const user = useCurrentUser();
  // An account that must choose its own password first may not sync yet (the server refuses it).
  const userId = user && !user.mustChangePassword ? user.id : null;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const { engine } = getOffline();
    const offData = engine.onDataChange((entities) => {
      for (const root of queryRootsFor(entities)) void queryClient.invalidateQueries({ queryKey: [root] });
    });
    const offNotice = engine.onNotice((notice) => toast({ title: 'Sync', description: noticeText(notice) }));
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
