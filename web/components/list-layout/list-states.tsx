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
