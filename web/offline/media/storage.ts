// How much room the browser leaves this app for photos and videos, and the warning shown before
// it runs out (a full store would refuse the next capture, or worse, an outbox write).

/** Warn when less than this is free… */
export const STORAGE_FREE_MIN_BYTES = 500 * 1024 * 1024;
/** …or when this share of the quota is used. */
export const STORAGE_USED_MAX_RATIO = 0.9;

const MB = 1024 * 1024;

/** The warning for an estimate, or null when there is room enough (or the browser does not say). */
export function storageWarningFor(estimate: { usage?: number; quota?: number } | undefined): string | null {
  const quota = estimate?.quota;
  const usage = estimate?.usage ?? 0;
  if (!quota) return null;
  const free = Math.max(0, quota - usage);
  if (free >= STORAGE_FREE_MIN_BYTES && usage / quota <= STORAGE_USED_MAX_RATIO) return null;
  return `This device is running out of storage (${Math.round(free / MB)} MB free). Connect to send the photos and videos waiting here, or free up space before taking more.`;
}

let warning: string | null = null;
const listeners = new Set<(warning: string | null) => void>();
let persistAsked = false;

export const currentStorageWarning = () => warning;

export function onStorageWarning(listener: (warning: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the estimate and updates the warning; asks once for persistent storage (no eviction). */
export async function checkStorage(
  storage: StorageManager | undefined = typeof navigator === 'undefined' ? undefined : navigator.storage,
): Promise<string | null> {
  if (!storage?.estimate) return warning;
  try {
    if (!persistAsked && storage.persist) {
      persistAsked = true;
      if (!(await storage.persisted?.())) await storage.persist();
    }
    const next = storageWarningFor(await storage.estimate());
    if (next !== warning) {
      warning = next;
      for (const listener of listeners) listener(warning);
    }
  } catch {
    // No estimate (private mode, old browser): nothing to warn about.
  }
  return warning;
}
