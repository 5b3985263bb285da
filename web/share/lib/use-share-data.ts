import { useCallback, useEffect, useRef, useState } from 'react';
import { ShareApiError } from '../api/http';

export type ShareData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'not-found' }
  | { status: 'offline' }
  | { status: 'error'; message: string };

export interface ShareDataOptions<T> {
  /** Refresh this often (ms) while it returns a number, e.g. while an inspection is live. */
  pollMs?: (data: T) => number | null;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Loads a share page's data and keeps it honest: online only (offline replaces the page with the
 * connection message, never stale data), refreshed on reconnect, on focus and on demand.
 */
export function useShareData<T>(load: () => Promise<T>, options: ShareDataOptions<T> = {}) {
  const [state, setState] = useState<ShareData<T>>(() => (online() ? { status: 'loading' } : { status: 'offline' }));
  const loadRef = useRef(load);
  loadRef.current = load;
  const sequence = useRef(0);

  /** Reloads; keeps showing the current data while it loads, and on a passing server error. */
  const refresh = useCallback(async (): Promise<void> => {
    const mine = ++sequence.current;
    try {
      const data = await loadRef.current();
      if (mine === sequence.current) setState({ status: 'ready', data });
    } catch (err) {
      if (mine !== sequence.current) return;
      const kind = err instanceof ShareApiError ? err.kind : 'server';
      if (kind === 'offline') setState({ status: 'offline' });
      else if (kind === 'not-found') setState({ status: 'not-found' });
      else setState((prev) => (prev.status === 'ready' ? prev : { status: 'error', message: errorText(err) }));
    }
  }, []);

  const retry = useCallback(() => {
    setState(online() ? { status: 'loading' } : { status: 'offline' });
    if (online()) void refresh();
  }, [refresh]);

  useEffect(() => {
    if (online()) void refresh();
    const goOffline = () => {
      sequence.current++;
      setState({ status: 'offline' });
    };
    const goOnline = () => retry();
    const onVisible = () => {
      if (document.visibilityState === 'visible' && online()) void refresh();
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh, retry]);

  const pollMs = state.status === 'ready' && options.pollMs ? options.pollMs(state.data) : null;
  useEffect(() => {
    if (!pollMs) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && online()) void refresh();
    }, pollMs);
    return () => window.clearInterval(timer);
  }, [pollMs, refresh]);

  return { state, refresh, retry };
}

function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Something went wrong.';
}
