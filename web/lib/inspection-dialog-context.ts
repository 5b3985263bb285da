import { openerContext } from './opener-context';

export interface InspectionDialogOptions {
  /** Edit this inspection; without it the dialog creates a new one. */
  inspectionId?: string;
  /** Locks the customer (the dialog was opened from a customer card). */
  customerId?: string;
}

export interface InspectionDialogApi {
  openInspectionDialog: (options?: InspectionDialogOptions) => void;
}

// Lets any feature open the one inspection dialog without importing the inspections feature.
export const [InspectionDialogContext, useInspectionDialog] = openerContext<InspectionDialogApi>(
  'useInspectionDialog',
  'InspectionDialogProvider',
);
