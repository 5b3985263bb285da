import { ArrowLeft, UserRound } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/use-current-user';
import { shortId } from '../../lib/format';
import { AppShell } from '../layout/app-shell';
import { AccessDenied } from './access-denied';
import styles from './section.module.css';

/** `/users/:id`: the admin's view of one user; its data tables come with part 2. */
export function UserRoute() {
  const { id = '' } = useParams();
  const user = useCurrentUser();
  return (
    <AppShell active="users">
      {user?.role !== 'admin' ? (
        <AccessDenied />
      ) : (
        <section aria-labelledby="section-heading">
          <Link to={paths.home('users')} className={buttonClass('ghost')}>
            <ArrowLeft aria-hidden="true" />
            Back to Users
          </Link>
          <h1 id="section-heading" className={styles.heading}>
            User {shortId(id)}
          </h1>
          <Card className={styles.card}>
            <UserRound className={styles.icon} aria-hidden="true" />
            <p className={styles.title}>Coming soon</p>
            <p className={styles.text}>
              This user&apos;s customers, vehicles and inspections will be shown here in the next part of the staff app.
            </p>
          </Card>
        </section>
      )}
    </AppShell>
  );
}
