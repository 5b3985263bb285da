import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '@web/components/ui/button';
import { SendDialog, type SendDialogProps } from './send-dialog';

export type SendButtonProps = Omit<SendDialogProps, 'onClose'> & { variant?: ButtonVariant; size?: ButtonSize };

/** "Send to customer", opening the send dialog. */
export function SendButton({ variant = 'secondary', size = 'md', ...dialog }: SendButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        <Send aria-hidden="true" /> Send to customer
      </Button>
      {open ? <SendDialog {...dialog} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
