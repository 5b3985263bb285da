import { HardDrive, UploadCloud } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast';
import { useUploadStatus } from '@web/lib/use-offline-media';
import { pendingUploadsLabel } from '../media-rules';
import styles from './media.module.css';

/**
 * Beside the sync state in the header: how many photos and videos still wait to go up, and a
 * warning (said once as a toast, kept as a button) when the device runs short of storage.
 */
export function UploadStatus() {
  const { pending, current, storageWarning } = useUploadStatus();
  const warned = useRef<string | null>(null);
  useEffect(() => {
    if (storageWarning && warned.current !== storageWarning)
      toast({ title: 'Storage', description: storageWarning, variant: 'destructive' });
    warned.current = storageWarning;
  }, [storageWarning]);

  const label = pendingUploadsLabel(pending);
  const percent = current && current.total > 0 ? Math.floor((current.sent / current.total) * 100) : null;
  return (
    <>
      {label ? (
        <span className={styles.uploads} data-testid="upload-status" data-pending={pending} role="status" title={label}>
          <UploadCloud aria-hidden="true" />
          <span aria-hidden="true">{pending}</span>
          <span className="visually-hidden">
            {label}
            {percent !== null ? `, ${percent}% of the current one sent` : ''}
          </span>
        </span>
      ) : null}
      {storageWarning ? (
        <Button
          variant="ghost"
          size="icon"
          className={styles.storageWarning}
          aria-label="Storage almost full"
          data-testid="storage-warning"
          onClick={() => toast({ title: 'Storage', description: storageWarning, variant: 'destructive' })}
        >
          <HardDrive aria-hidden="true" />
        </Button>
      ) : null}
    </>
  );
}
