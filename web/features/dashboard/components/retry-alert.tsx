import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import styles from './dashboard.module.css';

/** What could not be loaded, with the one way to ask again. */
export function RetryAlert({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <p className={styles.error} role="alert">
      {children}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </p>
  );
}
