import { useCallback, useEffect, useRef, useState } from 'react';
import type { ShopContact } from '@shared/schemas/inspection';
import { ShareApiError } from '../api/http';

export type ShareData<T> =
  | { status: 'loading' }
  /** `offline`: the connection dropped after loading; the data stays readable, nothing can be sent. */
  | { status: 'ready'; data: T; offline?: boolean }
  | { status: 'not-found'; shop: ShopContact | null; expired: boolean }
  | { status: 'offline' }
  | { status: 'error'; message: string };

export interface ShareDataOptions<T> {
  /** Refresh this often (ms) while it returns a number, e.g. while an inspection is live. */
  pollMs?: (data: T) => number | null;
}

/** Beside the Approve and Decline buttons while they cannot be used. */
export const OFFLINE_DECISIONS = 'No connection: approving and declining will work again once you are back online.';

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Loads a share page's data and keeps it honest: loaded online only, never stored; a connection
 * that drops after loading keeps what is shown (marked offline) instead of blanking the page;
 * refreshed on reconnect, on focus and on demand.
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
      if (kind === 'offline') setState(keepWhileOffline);
      else if (kind === 'not-found')
        setState({
          status: 'not-found',
          shop: err instanceof ShareApiError ? err.shop : null,
          expired: err instanceof ShareApiError && err.expired,
        });
      else setState((prev) => (prev.status === 'ready' ? prev : { status: 'error', message: errorText(err) }));
    }
  }, []);

  /** Loads again; a page already showing data keeps it on screen until the new data arrives. */
  const retry = useCallback(() => {
    setState((prev) => (prev.status === 'ready' ? prev : online() ? { status: 'loading' } : { status: 'offline' }));
    if (online()) void refresh();
  }, [refresh]);

  useEffect(() => {
    if (online()) void refresh();
    const goOffline = () => {
      sequence.current++;
      setState(keepWhileOffline);
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

function keepWhileOffline<T>(prev: ShareData<T>): ShareData<T> {
  return prev.status === 'ready' ? { ...prev, offline: true } : { status: 'offline' };
}

function errorText(err: unknown): string {
  return err instanceof Error && err.message ? err.message : 'Something went wrong.';
}
