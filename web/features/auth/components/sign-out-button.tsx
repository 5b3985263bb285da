import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClass } from '@web/components/ui/button';
import confirmStyles from '@web/components/ui/confirm-dialog.module.css';
import dialogStyles from '@web/components/ui/dialog.module.css';
import { Tooltip } from '@web/components/ui/tooltip';
import { plural } from '@shared/plural';
import { cn } from '@web/lib/cn';
import { useCurrentUser } from '@web/lib/current-user';
import { useOnline } from '@web/lib/use-online';
import { syncActions, useSyncStatus } from '@web/lib/use-sync';
import { unsentCount, unsentExplanation, unsentTitle } from '../sign-out-warning';
import { useLogout } from '../api/logout';
import styles from './auth.module.css';

/**
 * Logout. With changes not yet on the server it asks first: they stay on this device (and are
 * only ever sent under their author's session), and the user may send them before leaving.
 */
export function SignOutButton({ textClassName }: { textClassName?: string }) {
  const logout = useLogout();
  const user = useCurrentUser();
  const online = useOnline();
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [leftOver, setLeftOver] = useState(false);
  const unsent = unsentCount(status);
  // The loop may finish sending while the question is open.
  const allSent = unsent === 0;

  const signOut = () => {
    setOpen(false);
    logout.mutate();
  };

  // Counted from the outbox at the press, so a count still loading never skips the question.
  const start = () => {
    void (user ? syncActions().unsent() : Promise.resolve(0)).then((count) => {
      if (count === 0) {
        logout.mutate();
        return;
      }
      setLeftOver(false);
      setOpen(true);
    });
  };

  // Sending first was the point of pressing it: once nothing is left, the sign-out goes ahead.
  const syncThenSignOut = () => {
    const actions = syncActions();
    setSyncing(true);
    void actions
      .syncNow()
      .then(() => (user ? actions.unsent() : 0))
      .then((left) => {
        if (left === 0) signOut();
        else setLeftOver(true);
      })
      .finally(() => setSyncing(false));
  };

  return (
    <>
      <Tooltip content="Log out">
        <Button variant="ghost" onClick={start} disabled={logout.isPending} aria-label="Logout">
          <LogOut aria-hidden="true" />
          <span className={textClassName}>Logout</span>
        </Button>
      </Tooltip>
      <AlertDialog.Root open={open} onOpenChange={(next) => !syncing && setOpen(next)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={dialogStyles.overlay} />
          <AlertDialog.Content className={cn(confirmStyles.content, styles.signOutDialog)}>
            <AlertDialog.Title className={dialogStyles.title}>
              {allSent ? 'All your changes are sent' : unsentTitle(unsent)}
            </AlertDialog.Title>
            <AlertDialog.Description className={dialogStyles.description}>
              {allSent ? 'Nothing is left on this device to send.' : unsentExplanation(unsent, user?.username ?? 'you')}
            </AlertDialog.Description>
            {allSent ? null : leftOver ? (
              <p className={dialogStyles.description} role="alert">
                Not everything could be sent. The sync panel in the header shows why.
              </p>
            ) : !online ? (
              <p className={dialogStyles.description}>
                You&apos;re offline, so {plural(unsent, 'it', 'they')} cannot be sent now.
              </p>
            ) : null}
            <div className={cn(confirmStyles.actions, styles.signOutActions)}>
              <AlertDialog.Cancel className={buttonClass('secondary')} disabled={syncing}>
                Cancel
              </AlertDialog.Cancel>
              {allSent ? (
                <button type="button" className={buttonClass('primary')} disabled={syncing} onClick={signOut}>
                  Sign out
                </button>
              ) : (
                <>
                  <button type="button" className={buttonClass('destructive')} disabled={syncing} onClick={signOut}>
                    Sign out anyway
                  </button>
                  {/* Offline nothing can be sent: no button that only looks pressable. */}
                  {online ? (
                    <button
                      type="button"
                      className={buttonClass('primary')}
                      disabled={syncing}
                      onClick={syncThenSignOut}
                    >
                      {syncing ? 'Syncing…' : 'Sync now'}
                    </button>
                  ) : null}
                </>
              )}
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
