import { createContext, useContext } from 'react';

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
export const InspectionDialogContext = createContext<InspectionDialogApi | null>(null);

export function useInspectionDialog(): InspectionDialogApi {
  const value = useContext(InspectionDialogContext);
  if (!value) throw new Error('useInspectionDialog needs an <InspectionDialogProvider>');
  return value;
}
