import { Button } from '@web/components/ui/button';
import styles from './page.module.css';

/** The current user could not be loaded (server down, no network and nothing cached). */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <main className={styles.centered}>
      <h1 className={styles.title}>Cannot reach Baywise</h1>
      <p className={styles.text}>Check the connection, then try again.</p>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}
