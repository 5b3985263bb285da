import { LayoutDashboard, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClass } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import styles from './section.module.css';

/** What a non-admin sees on admin-only pages, with the way back to their own work. */
export function AccessDenied() {
  return (
    <Card className={styles.card}>
      <ShieldAlert className={styles.deniedIcon} aria-hidden="true" />
      <h1 className={styles.title}>Access Denied</h1>
      <p className={styles.text}>You need administrator privileges to access user management.</p>
      <Link to={paths.home()} className={buttonClass('primary')}>
        <LayoutDashboard aria-hidden="true" /> Back to Dashboard
      </Link>
    </Card>
  );
}
