import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { buttonClass } from './button';
import styles from './dialog.module.css';
import confirmStyles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. 'Are you sure you want to delete this customer?'. */
  title: ReactNode;
  /** Extra text, e.g. 'This action cannot be undone.'. */
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Disables the buttons while the action runs. */
  pending?: boolean;
  /** A destructive (red) confirm button; default true. */
  destructive?: boolean;
}

/** Asks before an irreversible action. Focus starts on Cancel; the confirm button is bottom-right. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  destructive = true,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={confirmStyles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className={styles.description}>{description}</AlertDialog.Description>
          ) : null}
          <div className={confirmStyles.actions}>
            <AlertDialog.Cancel className={buttonClass('secondary')} disabled={pending}>
              {cancelLabel}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass(destructive ? 'destructive' : 'primary')}
              disabled={pending}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
