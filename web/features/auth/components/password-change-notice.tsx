import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';
import { useCurrentUser } from '../api/use-current-user';
import styles from './password-change-notice.module.css';

/** Shown while the signed-in user's password predates today's rules, until they choose a new one. */
export function PasswordChangeNotice() {
  const user = useCurrentUser();
  if (!user?.passwordChangeRequired) return null;
  return (
    <div className={styles.notice} role="status" data-testid="password-change-notice">
      <p>
        Your password no longer meets the shop&apos;s rules (at least 8 characters, not a common password). Please
        choose a new one.
      </p>
      <Link to={paths.home('settings')} className={styles.link}>
        Change password
      </Link>
    </div>
  );
}
