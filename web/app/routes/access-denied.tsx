import { ShieldAlert } from 'lucide-react';
import { Card } from '../../components/ui/card';
import styles from './section.module.css';

/** What a non-admin sees on admin-only pages (spec §2). */
export function AccessDenied() {
  return (
    <Card className={styles.card}>
      <ShieldAlert className={styles.deniedIcon} aria-hidden="true" />
      <h1 className={styles.title}>Access Denied</h1>
      <p className={styles.text}>You need administrator privileges to access user management.</p>
    </Card>
  );
}
