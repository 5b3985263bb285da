import { AlertCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@web/components/ui/button';
import styles from './page.module.css';

export const NOT_FOUND_TITLE = '404 Page Not Found';

/** Any path the app does not know. */
export function NotFoundPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = NOT_FOUND_TITLE;
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <main className={styles.centered}>
      <AlertCircle className={styles.icon} aria-hidden="true" />
      <h1 className={styles.title}>{NOT_FOUND_TITLE}</h1>
      <p className={styles.text}>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonClass('primary')}>
        Go to Dashboard
      </Link>
    </main>
  );
}
