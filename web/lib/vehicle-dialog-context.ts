import { openerContext } from './opener-context';

export interface VehicleDialogOptions {
  /** Edit this vehicle; without it the dialog adds a new one. */
  vehicleId?: string;
  /** Preselects and locks the owner (opened from a customer card). */
  customerId?: string;
  customerName?: string;
}

export interface VehicleDialogApi {
  openVehicleDialog: (options?: VehicleDialogOptions) => void;
}

// Lets the customers feature add and edit vehicles without importing the vehicles feature.
export const [VehicleDialogContext, useVehicleDialog] = openerContext<VehicleDialogApi>(
  'useVehicleDialog',
  'InspectionDialogProvider',
);
