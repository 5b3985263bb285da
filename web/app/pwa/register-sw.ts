import { useSyncExternalStore } from 'react';
import { Workbox } from 'workbox-window';

/** Tablets keep the app open for days: look for a new version this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | undefined;
let updateAvailable = false;
// Set once the user pressed Reload: only then does a change of worker reload this page.
let reloadRequested = false;
// The new worker already controls this page (another tab applied the update): Reload only reloads.
let newWorkerInControl = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function setUpdateAvailable(value: boolean) {
  if (updateAvailable === value) return;
  updateAvailable = value;
  for (const listener of listeners) listener();
}

/**
 * Registers the service worker of the staff app (built app only: the dev server has no worker).
 * A new version installs in the background and waits: the update prompt lets the user switch.
 */
export function registerServiceWorker(): void {
  // The build's mode, not PROD: PROD is false when a build runs with NODE_ENV set (test runners).
  if (import.meta.env.MODE !== 'production' || !('serviceWorker' in navigator) || workbox) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  workbox = wb;
  wb.addEventListener('waiting', () => setUpdateAvailable(true));
  wb.addEventListener('controlling', () => {
    if (reloadRequested) window.location.reload();
    else newWorkerInControl = true;
  });
  void wb.register();
  window.setInterval(() => {
    if (navigator.onLine) void wb.update();
  }, UPDATE_CHECK_MS);
}

/** Whether a new version has been installed and waits for the user's Reload. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => updateAvailable,
    () => false,
  );
}

/** The user's Reload: the waiting worker takes over, then the page reloads on the new version. */
export function applyUpdate(): void {
  reloadRequested = true;
  if (newWorkerInControl || !workbox) {
    window.location.reload();
    return;
  }
  workbox.messageSkipWaiting();
}
