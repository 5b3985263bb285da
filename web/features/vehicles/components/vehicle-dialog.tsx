import { Dialog } from '@web/components/ui/dialog';
import { LoadingBlock } from '@web/components/ui/spinner';
import type { VehicleDialogOptions } from '@web/lib/vehicle-dialog-context';
import { useVehicle } from '@web/entities/vehicles/get-vehicle';
import { VehicleForm } from './vehicle-form';

export interface VehicleDialogProps {
  /** What to open; null when closed. */
  options: VehicleDialogOptions | null;
  onClose: () => void;
}

/** Add or edit a vehicle; an edit loads the vehicle first. */
export function VehicleDialog({ options, onClose }: VehicleDialogProps) {
  const vehicle = useVehicle(options?.vehicleId);
  if (!options) return null;
  if (options.vehicleId && !vehicle.data) {
    return (
      <Dialog open placeholder onOpenChange={(open) => !open && onClose()} title="Edit Vehicle">
        {vehicle.isError ? <p role="alert">This vehicle could not be loaded.</p> : <LoadingBlock />}
      </Dialog>
    );
  }
  const customer = options.customerId ? { id: options.customerId, name: options.customerName ?? '' } : undefined;
  return (
    <VehicleForm
      key={options.vehicleId ?? `new:${options.customerId ?? ''}`}
      vehicle={vehicle.data}
      customer={customer}
      onClose={onClose}
    />
  );
}
