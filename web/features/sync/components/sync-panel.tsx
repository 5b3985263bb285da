import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Dialog, DialogClose } from '@web/components/ui/dialog';
import { LoadingBlock } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast';
import { paths } from '@web/config/paths';
import { setCurrentUser } from '@web/lib/current-user';
import { formatDateTime } from '@web/lib/format';
import { useOnline } from '@web/lib/use-online';
import { syncActions, useAttentionEntries, useSyncStatus } from '@web/lib/use-sync';
import { changesText, discardedText, discardExplanation } from '../sync-ui';
import type { OutboxEntry } from '@web/offline/types';
import { AttentionEntry } from './attention-entry';
import { EditChangeDialog } from './edit-change-dialog';
import styles from './sync.module.css';

/**
 * What is waiting to be sent, and every change the server refused, each with the server's message.
 * Nothing leaves the outbox here without the user's explicit choice (retry, edit, discard).
 */
export function SyncPanel({ onClose }: { onClose: () => void }) {
  const online = useOnline();
  const status = useSyncStatus();
  const attention = useAttentionEntries();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [syncing, setSyncing] = useState(false);
  const [editing, setEditing] = useState<OutboxEntry | null>(null);
  const [discarding, setDiscarding] = useState<{ entry: OutboxEntry; dropping: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const actions = syncActions();

  const syncNow = () => {
    setSyncing(true);
    void actions.syncNow().finally(() => setSyncing(false));
  };

  const retry = (entry: OutboxEntry) => {
    void actions.retry(entry.id);
  };

  // The question says up front which later changes cannot be sent without this one.
  const askDiscard = (entry: OutboxEntry) => {
    void actions.discardCount(entry.id).then((dropping) => setDiscarding({ entry, dropping: Math.max(1, dropping) }));
  };

  const discard = () => {
    const entry = discarding?.entry;
    if (!entry) return;
    setBusy(true);
    actions
      .discard(entry.id)
      .then(
        (dropped) => toast(discardedText(dropped)),
        () => toast({ title: 'Error', description: 'The change could not be discarded', variant: 'destructive' }),
      )
      .finally(() => {
        setBusy(false);
        setDiscarding(null);
      });
  };

  // The session is gone: forget the signed-in user so the sign-in page opens, and come back here
  // afterwards. The outbox stays; the loop resumes after the sign-in.
  const signIn = () => {
    setCurrentUser(queryClient, null);
    void navigate(paths.auth, { replace: true, state: { from: location } });
  };

  const pendingText =
    status.pending === 0 ? 'No changes waiting to be sent.' : `${changesText(status.pending)} waiting to be sent.`;

  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Sync"
        description="Changes made on this device are sent to the shop's server in the order they were made."
        footer={
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        }
      >
        <div className={styles.panel}>
          {status.needsSignIn ? (
            <div className={styles.alert} role="alert">
              <p>Your session expired. Sign in again to send your changes.</p>
              <Button onClick={signIn}>Sign in</Button>
            </div>
          ) : null}
          {online ? null : (
            <p className={styles.note}>
              You&apos;re offline. Changes are kept on this device and sent when the connection is back.
            </p>
          )}
          <div className={styles.summary}>
            <div className={styles.summaryText}>
              <p data-testid="sync-pending">{pendingText}</p>
              <p className={styles.muted}>
                {status.lastPulledAt
                  ? `Last updated ${formatDateTime(status.lastPulledAt)}`
                  : 'Not updated from the server yet'}
              </p>
            </div>
            <Button onClick={syncNow} disabled={!online || status.needsSignIn || syncing || status.syncing}>
              {syncing || status.syncing ? 'Syncing…' : 'Sync now'}
            </Button>
          </div>
          <section aria-labelledby="sync-attention-heading">
            <h3 id="sync-attention-heading" className={styles.heading}>
              Needs attention
            </h3>
            {attention === undefined ? (
              <LoadingBlock text="Loading changes..." />
            ) : attention.length === 0 ? (
              <p className={styles.muted}>No changes need attention.</p>
            ) : (
              <ul className={styles.list} aria-label="Changes that need attention">
                {attention.map((entry) => (
                  <AttentionEntry
                    key={entry.id}
                    entry={entry}
                    onEdit={() => setEditing(entry)}
                    onRetry={() => retry(entry)}
                    onDiscard={() => askDiscard(entry)}
                  />
                ))}
              </ul>
            )}
          </section>
        </div>
      </Dialog>
      {editing ? <EditChangeDialog entry={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => !open && !busy && setDiscarding(null)}
        title="Discard this change?"
        description={discardExplanation(discarding?.dropping ?? 1)}
        confirmLabel="Discard"
        onConfirm={discard}
        pending={busy}
      />
    </>
  );
}
