import type { FormEvent, ReactNode } from 'react';
import { Button } from '../ui/button';
import styles from './form-dialog.module.css';

export interface PageFormProps {
  /** The form's accessible name, e.g. 'Sign In'. */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  pending: boolean;
  submitLabel: string;
  /** The button's text while the request runs, e.g. 'Signing in...'. */
  pendingLabel: string;
  children: ReactNode;
}

/** The body of a form that is a page (sign-in, sign-up, an invite): fields, then one full-width submit. */
export function PageForm({ label, onSubmit, pending, submitLabel, pendingLabel, children }: PageFormProps) {
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      <Button type="submit" block disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
