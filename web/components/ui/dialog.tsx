import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { Button } from './button';
import styles from './dialog.module.css';

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The wide variant (the inspection dialog). */
  wide?: boolean;
  /** An element that opens the dialog (rendered asChild). */
  trigger?: ReactNode;
  /** Actions, primary one LAST so it sits bottom-right. Stays visible while the body scrolls. */
  footer?: ReactNode;
  children?: ReactNode;
  className?: string;
  /**
   * Makes body and footer one <form> (noValidate: the zod schema validates), so Enter submits and
   * a footer button with type="submit" submits.
   */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /**
   * A loading stand-in that another dialog replaces: leaving must not hand focus back to the
   * opener, or it would steal focus (and keystrokes) from the dialog that takes its place.
   */
  placeholder?: boolean;
}

/** Full-screen on phones, centred and scrollable from tablets; closes on Escape and the X button. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  wide,
  trigger,
  footer,
  children,
  className,
  onSubmit,
  placeholder,
}: DialogProps) {
  const main = (
    <>
      <div className={styles.body}>{children}</div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </>
  );
  return (
    <DialogPrimitive.Root {...(open !== undefined ? { open } : {})} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.overlay} />
        <DialogPrimitive.Content
          className={cn(styles.content, wide && styles.wide, className)}
          {...(placeholder ? { onCloseAutoFocus: (event: Event) => event.preventDefault() } : {})}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <div>
              <DialogPrimitive.Title className={styles.title}>{title}</DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className={styles.description}>{description}</DialogPrimitive.Description>
              ) : null}
            </div>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" className={styles.close} aria-label="Close">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {onSubmit ? (
            <form className={styles.form} onSubmit={onSubmit} noValidate>
              {main}
            </form>
          ) : (
            main
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A button (or anything, asChild) that closes the surrounding dialog, e.g. Cancel. */
export const DialogClose = DialogPrimitive.Close;
