import { Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@shared/constants';
import styles from './auth.module.css';

/** The sign-in and invite pages: the product name over one column, and an optional side panel. */
export function AuthLayout({ children, aside }: { children: ReactNode; aside?: ReactNode }) {
  return (
    <div className={styles.page}>
      <main className={styles.formSide}>
        <div className={styles.formColumn}>
          <h1 className={styles.brand}>
            <Wrench className={styles.brandIcon} aria-hidden="true" />
            {PRODUCT_NAME}
          </h1>
          {children}
        </div>
      </main>
      {aside}
    </div>
  );
}
