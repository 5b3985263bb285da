import { useId, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { useBlockReload, useReloadBlocked } from '@web/lib/reload-guard';
import { useSyncStatus } from '@web/lib/use-sync';
import { applyUpdate, useUpdateAvailable } from './register-sw';
import styles from './pwa.module.css';

/** The outbox sending right now holds the reload back (watched only while an update waits). */
function SendingHoldsReload() {
  useBlockReload(useSyncStatus().syncing);
  return null;
}

/**
 * "A new version is available — Reload", shown until the user reloads; never reloads by itself.
 * Reload waits while a form is dirty or the outbox is sending, so nothing in progress is lost.
 * Mounted once in the providers; the live region stays mounted so the message is announced.
 */
export function UpdatePrompt() {
  const available = useUpdateAvailable();
  const blocked = useReloadBlocked();
  const [reloading, setReloading] = useState(false);
  const reasonId = useId();
  return (
    <div
      role="status"
      aria-live="polite"
      className={available ? styles.updatePrompt : undefined}
      data-testid="update-prompt"
    >
      {available ? (
        <>
          <SendingHoldsReload />
          <div className={styles.updateText}>
            <p className={styles.updateTitle}>A new version is available</p>
            {blocked ? (
              <p id={reasonId} className={styles.updateReason}>
                Finish saving first
              </p>
            ) : null}
          </div>
          <Button
            disabled={blocked || reloading}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={() => {
              setReloading(true);
              applyUpdate();
            }}
          >
            Reload
          </Button>
        </>
      ) : null}
    </div>
  );
}
