import type { ReactNode } from 'react';
import { EmptyState, type EmptyStateProps } from '../ui/empty-state';
import { LoadingBlock } from '../ui/spinner';
import styles from './list-layout.module.css';

export interface ListStatesProps {
  /** Nothing is loaded yet. */
  pending: boolean;
  /** The spinner's text while loading; none shows nothing (e.g. offline, where a notice says why). */
  loadingText?: string | undefined;
  /** Loading failed (and there is nothing to show). */
  failed: boolean;
  /** The alert's text when loading failed. */
  error: ReactNode;
  /** A button beside the alert, e.g. 'Try again'. */
  errorAction?: ReactNode;
  /** Loaded, and there is nothing to list. */
  empty: boolean;
  emptyState: EmptyStateProps;
  /** Shows none of the states (a notice above is the one message). */
  hidden?: boolean;
  /** The list itself (CardGrid, Pager). */
  children: ReactNode;
}

/** The one order of a list's states: loading, could not load, nothing to list, the list. */
export function ListStates(props: ListStatesProps) {
  const { pending, loadingText, failed, error, errorAction, empty, emptyState, hidden, children } = props;
  if (hidden) return null;
  if (pending) return loadingText ? <LoadingBlock text={loadingText} /> : null;
  if (failed) {
    return (
      <p role="alert" className={errorAction ? styles.error : undefined}>
        {error}
        {errorAction}
      </p>
    );
  }
  if (empty) return <EmptyState {...emptyState} />;
  return <>{children}</>;
}

/** What a list query has loaded so far. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  data?: { items: readonly unknown[] } | undefined;
}

/** ListStates' loading, failed and empty states of a list that loads over the connection, named by what it lists. */
export function loadStates(query: ListQuery, what: string) {
  const What = what.charAt(0).toUpperCase() + what.slice(1);
  return {
    pending: query.isPending,
    loadingText: `Loading ${what}...`,
    failed: query.isError,
    error: `${What} could not be loaded. Check the connection and try again.`,
    empty: (query.data?.items.length ?? 0) === 0,
  };
}
