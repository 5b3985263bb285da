import type { FormEvent, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { Button } from '../ui/button';
import { Dialog, DialogClose } from '../ui/dialog';
import styles from './form-dialog.module.css';

export interface FormDialogProps {
  /** The form the dialog submits (from useEntityForm). */
  form: { pending: boolean; submit: (event: FormEvent<HTMLFormElement>) => void };
  title: string;
  /** The primary button's text, e.g. 'Create Customer' or 'Update Customer'. */
  submitLabel: string;
  onClose: () => void;
  /** The wide dialog (long text such as a template's body). */
  wide?: boolean;
  /** A layout of the body's own (e.g. fields side by side). */
  className?: string;
  children: ReactNode;
}

/**
 * The shell of every add/edit dialog: the title, the fields as one form (Enter submits, the
 * schema validates), Cancel and the primary button, which reads 'Saving…' while the save runs.
 * Focus follows the dialog's: first field on open, back to the opener on close.
 */
export function FormDialog({ form, title, submitLabel, onClose, wide, className, children }: FormDialogProps) {
  return (
    <Dialog
      open
      {...(wide ? { wide } : {})}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      onSubmit={form.submit}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Saving…' : submitLabel}
          </Button>
        </>
      }
    >
      <div className={cn(styles.form, className)}>{children}</div>
    </Dialog>
  );
}
