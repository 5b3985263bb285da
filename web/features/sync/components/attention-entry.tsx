import { useId } from 'react';
import { Button } from '@web/components/ui/button';
import { formatDateTime } from '@web/lib/format';
import { editableFields } from '../edit-write';
import type { OutboxEntry } from '@web/offline/types';
import styles from './sync.module.css';

export interface AttentionEntryProps {
  entry: OutboxEntry;
  onEdit: () => void;
  onRetry: () => void;
  onDiscard: () => void;
}

/** One refused change: what the user did, the server's reason, when, and the three choices. */
export function AttentionEntry({ entry, onEdit, onRetry, onDiscard }: AttentionEntryProps) {
  const id = useId();
  const canEdit = editableFields(entry.write) !== null;
  const status = entry.lastError?.status;
  return (
    <li className={styles.entry} data-testid="attention-entry">
      <p id={`${id}-label`} className={styles.entryLabel}>
        {entry.label}
      </p>
      <p id={`${id}-message`} className={styles.entryMessage}>
        {entry.lastError?.message ?? 'The server did not accept this change.'}
        {status ? <span className="visually-hidden"> (error {status})</span> : null}
      </p>
      <p className={styles.muted}>Made {formatDateTime(entry.createdAt)}</p>
      <div className={styles.entryActions}>
        <Button variant="secondary" size="sm" onClick={onDiscard} aria-describedby={`${id}-label`}>
          Discard
        </Button>
        {canEdit ? (
          <Button variant="secondary" size="sm" onClick={onEdit} aria-describedby={`${id}-label`}>
            Edit
          </Button>
        ) : null}
        <Button size="sm" onClick={onRetry} aria-describedby={`${id}-label ${id}-message`}>
          Retry
        </Button>
      </div>
    </li>
  );
}
