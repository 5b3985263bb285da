import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import styles from './deferred.module.css';

export interface DismissFormProps {
  /** What is dismissed, for the buttons' names ("Dismiss Rear brake pads"). */
  description: string;
  pending: boolean;
  onDismiss: (reason: string) => void;
}

/** "Dismiss", then a short reason and a confirm: a line never goes without one. */
export function DismissForm({ description, pending, onDismiss }: DismissFormProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)} aria-label={`Dismiss ${description}`}>
        Dismiss
      </Button>
    );
  }
  return (
    <div className={styles.actions}>
      <FormField label="Reason for dismissing">
        <Input value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} autoFocus />
      </FormField>
      <Button variant="destructive" disabled={pending || reason.trim() === ''} onClick={() => onDismiss(reason.trim())}>
        Confirm dismiss
      </Button>
      <Button variant="ghost" onClick={() => setOpen(false)}>
        Keep
      </Button>
    </div>
  );
}
