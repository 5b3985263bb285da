import { useEffect, useId, useSyncExternalStore } from 'react';

// Who is holding back a reload right now (a dirty form, the outbox while it sends). A module store,
// so code outside React (the sync loop) can take part too.
const blockers = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Marks `name` as holding back (or no longer holding back) the update's reload. */
export function setReloadBlocker(name: string, blocked: boolean): void {
  if (blocked === blockers.has(name)) return;
  if (blocked) blockers.add(name);
  else blockers.delete(name);
  for (const listener of listeners) listener();
}

/** Whether anything holds back a reload: reloading now could lose what the user is doing. */
export function isReloadBlocked(): boolean {
  return blockers.size > 0;
}

export function useReloadBlocked(): boolean {
  return useSyncExternalStore(subscribe, isReloadBlocked, () => false);
}

/** Holds back the reload while `blocked` is true and the calling component is mounted. */
export function useBlockReload(blocked: boolean): void {
  const name = useId();
  useEffect(() => {
    setReloadBlocker(name, blocked);
    return () => setReloadBlocker(name, false);
  }, [name, blocked]);
}
