import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import styles from './field.module.css';
import { Label } from './label';

/** What a control inside a FormField receives. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The per-field message (e.g. 'Username is required'); shown under the control. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Marks the label with an asterisk and the control with aria-required. */
  required?: boolean;
  /** The control's id; one is made when not given. */
  id?: string;
  className?: string;
  /** One control element (Input, Textarea, Select…), or a render function for anything else. */
  children: ReactElement<Partial<FieldControlProps>> | ((props: FieldControlProps) => ReactNode);
}

/** Label + control + hint + per-field error, wired with aria-describedby and aria-invalid. */
export function FormField({ label, error, hint, required, id, className, children }: FormFieldProps) {
  const madeId = useId();
  const controlId = id ?? `field-${madeId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const controlProps: FieldControlProps = {
    id: controlId,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };
  const control =
    typeof children === 'function'
      ? children(controlProps)
      : isValidElement(children)
        ? cloneElement(children, controlProps)
        : children;
  return (
    <div className={cn(styles.field, className)}>
      <Label htmlFor={controlId}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {control}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
