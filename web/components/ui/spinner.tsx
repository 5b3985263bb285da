import { cn } from '@web/lib/cn';
import styles from './spinner.module.css';

export interface SpinnerProps {
  size?: 'md' | 'lg';
  /** Read by screen readers; default 'Loading'. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cn(styles.spinner, size === 'lg' && styles.lg, className)} />
  );
}

/** Covers the screen while the app finds out who is signed in. */
export function FullScreenSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.fullScreen} data-testid="full-screen-spinner">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/** A spinner with visible text (e.g. 'Loading templates...') inside a section. */
export function LoadingBlock({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className={styles.block} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
