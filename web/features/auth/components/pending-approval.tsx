import { Hourglass } from 'lucide-react';
import { PRODUCT_NAME } from '@shared/constants';
import { Button } from '@web/components/ui/button';
import { useCurrentUserQuery } from '../api/use-current-user';
import { useLogout } from '../api/logout';
import styles from './auth.module.css';

/** A signed-in account from the open sign-up that an administrator has not approved yet. */
export function PendingApproval({ username }: { username: string }) {
  const query = useCurrentUserQuery();
  const logout = useLogout();
  return (
    <main className={styles.pending}>
      <Hourglass className={styles.pendingIcon} aria-hidden="true" />
      <h1>Waiting for approval</h1>
      <p>
        Your account <strong>{username}</strong> is ready, but an administrator has to approve it before you can use{' '}
        {PRODUCT_NAME}. Ask them to approve it on the Users screen.
      </p>
      <div className={styles.pendingActions}>
        <Button onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Checking...' : 'Check again'}
        </Button>
        <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
          Sign Out
        </Button>
      </div>
    </main>
  );
}
