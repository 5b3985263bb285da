import { useMemo, useState, type ReactNode } from 'react';
import { InspectionDialog } from '@web/features/inspections/components/inspection-dialog';
import { VehicleDialog } from '@web/features/vehicles/components/vehicle-dialog';
import {
  InspectionDialogContext,
  type InspectionDialogApi,
  type InspectionDialogOptions,
} from '@web/lib/inspection-dialog-context';
import {
  VehicleDialogContext,
  type VehicleDialogApi,
  type VehicleDialogOptions,
} from '@web/lib/vehicle-dialog-context';

/**
 * The dialogs one section opens for another's entity: the inspection dialog (create, or edit with
 * `inspectionId`) and the vehicle dialog (the customer cards add and edit vehicles with it).
 */
export function InspectionDialogProvider({ children }: { children: ReactNode }) {
  const [inspection, setInspection] = useState<InspectionDialogOptions | null>(null);
  const [vehicle, setVehicle] = useState<VehicleDialogOptions | null>(null);
  const inspectionApi = useMemo<InspectionDialogApi>(
    () => ({ openInspectionDialog: (options = {}) => setInspection({ ...options }) }),
    [],
  );
  const vehicleApi = useMemo<VehicleDialogApi>(
    () => ({ openVehicleDialog: (options = {}) => setVehicle({ ...options }) }),
    [],
  );
  return (
    <InspectionDialogContext.Provider value={inspectionApi}>
      <VehicleDialogContext.Provider value={vehicleApi}>
        {children}
        <InspectionDialog options={inspection} onClose={() => setInspection(null)} />
        <VehicleDialog options={vehicle} onClose={() => setVehicle(null)} />
      </VehicleDialogContext.Provider>
    </InspectionDialogContext.Provider>
  );
}
