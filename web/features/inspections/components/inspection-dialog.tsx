import { Dialog } from '@web/components/ui/dialog';
import { LoadingBlock } from '@web/components/ui/spinner';
import type { InspectionDialogOptions } from '@web/lib/inspection-dialog-context';
import { useCustomer } from '@web/entities/customers/get-customer';
import { useInspection } from '@web/entities/inspections/get-inspection';
import { useSignedInUser } from '../api/get-signed-in-user';
import { InspectionForm } from './inspection-form';

export interface InspectionDialogProps {
  /** What to open; null when closed. */
  options: InspectionDialogOptions | null;
  onClose: () => void;
}

/** The create/edit inspection dialog: loads what the form needs, then shows it. */
export function InspectionDialog({ options, onClose }: InspectionDialogProps) {
  const inspection = useInspection(options?.inspectionId);
  const customer = useCustomer(options?.customerId);
  const user = useSignedInUser();
  if (!options) return null;

  const failed = inspection.isError || customer.isError || user.isError;
  // An edit waits for its own fresh fetch once; later refetches never swap the form out.
  const ready =
    user.data &&
    (!options.inspectionId || (inspection.data && inspection.isFetchedAfterMount)) &&
    (!options.customerId || customer.data);
  if (!ready || !user.data) {
    return (
      <Dialog
        open
        placeholder
        onOpenChange={(open) => !open && onClose()}
        wide
        title={options.inspectionId ? 'Edit Inspection' : 'Create Inspection'}
      >
        {failed ? (
          <p role="alert">This inspection could not be loaded. Check the connection and try again.</p>
        ) : (
          <LoadingBlock />
        )}
      </Dialog>
    );
  }
  return (
    <InspectionForm
      key={`${options.inspectionId ?? 'new'}:${options.customerId ?? ''}`}
      inspection={inspection.data}
      lockedCustomer={customer.data ? { id: customer.data.id, name: customer.data.name } : undefined}
      signedInUser={user.data}
      onClose={onClose}
    />
  );
}
