import { useState } from 'react';
import { RefreshCw } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/toast';

export interface RenewLinkButtonProps {
  kind: 'inspection' | 'invoice';
  size?: 'sm';
  /** Makes the new link (queued when offline for an inspection); the old one stops working. */
  renew: () => Promise<unknown>;
}

const PAGE = { inspection: 'report', invoice: 'receipt' } as const;

/**
 * Renews a share link after asking: the link the customer has dies at once, so this is for a link
 * sent to the wrong person, forwarded, or expired.
 */
export function RenewLinkButton({ kind, size, renew }: RenewLinkButtonProps) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const page = PAGE[kind];

  const confirm = async () => {
    setPending(true);
    try {
      await renew();
      toast({
        title: 'Link renewed',
        description: navigator.onLine
          ? `The old ${page} link no longer works. Send the new one to the customer.`
          : `The old ${page} link stops working once this device is back online.`,
      });
    } catch {
      toast({ title: 'Error', description: `Failed to renew the ${page} link`, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button variant="ghost" size={size} onClick={() => setAsking(true)} disabled={pending}>
        <RefreshCw aria-hidden="true" /> Renew Link
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Renew this ${page}'s link?`}
        description={`The link sent before stops working and shows the customer the shop's phone instead. Send the new link afterwards.`}
        confirmLabel="Renew Link"
        pending={pending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
