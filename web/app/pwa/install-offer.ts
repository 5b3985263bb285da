import { useSyncExternalStore } from 'react';

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

// The browser's offer to install, kept from start-up: it can fire before the header is drawn.
let offer: BeforeInstallPromptEvent | null = null;
let watching = false;
const listeners = new Set<() => void>();

function setOffer(value: BeforeInstallPromptEvent | null) {
  offer = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Starts keeping the install offer (called once at start-up by the staff entry). */
export function watchInstallOffer(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // The header's button asks instead of the browser's own mini-infobar.
    event.preventDefault();
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

/** The pending offer, or null when the browser does not offer to install (or it is installed). */
export function useInstallOffer(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
}

/** Shows the browser's install dialog; an offer prompts once (a declined one comes back as a new event). */
export function promptInstall(): void {
  const current = offer;
  if (!current) return;
  setOffer(null);
  void current.prompt();
}
