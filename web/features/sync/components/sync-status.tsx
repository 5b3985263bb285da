import { AlertTriangle, Cloud, CloudOff, LogIn, RefreshCw, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@web/lib/cn';
import { useOnline } from '@web/lib/use-online';
import { useSyncStatus } from '@web/lib/use-sync';
import { statusDetail, statusLabel, syncTone, type SyncTone } from '../sync-ui';
import { SyncPanel } from './sync-panel';
import styles from './sync.module.css';

const ICONS: Record<SyncTone, LucideIcon> = {
  online: Cloud,
  offline: CloudOff,
  syncing: RefreshCw,
  attention: AlertTriangle,
  'sign-in': LogIn,
};

/** The header's sync state (always visible); pressing it opens the sync panel. */
export function SyncStatusControl() {
  const online = useOnline();
  const status = useSyncStatus();
  const [open, setOpen] = useState(false);
  const tone = syncTone(status, online);
  const Icon = ICONS[tone];
  const detail = statusDetail(status, online);
  return (
    <>
      {/* The live region wraps the button: a button cannot also be a status. */}
      <div role="status" aria-live="polite" className={styles.chipRegion}>
        <button
          type="button"
          className={cn(styles.chip, styles[tone])}
          data-testid="sync-status"
          data-tone={tone}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <Icon className={cn(tone === 'syncing' && status.syncing && styles.spin)} aria-hidden="true" />
          <span className={styles.chipText}>
            <span data-testid="sync-status-label">{statusLabel(status, online)}</span>
            {detail ? <span>, {detail}</span> : null}
          </span>
        </button>
      </div>
      {open ? <SyncPanel onClose={() => setOpen(false)} /> : null}
    </>
  );
}
