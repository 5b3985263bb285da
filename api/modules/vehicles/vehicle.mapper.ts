import type { Vehicle, VehicleSummary } from '@shared/schemas/vehicle';
import type { VehicleRow } from '@api/db/tables';
import type { VehicleWithCustomerRow } from './vehicle.repository';

/** The vehicle as nested in inspections and invoices. */
export function toVehicleSummary(row: Omit<VehicleRow, 'createdBy'>): VehicleSummary {
  return {
    id: row.id,
    customerId: row.customerId,
    year: row.year,
    make: row.make,
    model: row.model,
    vin: row.vin,
    licensePlate: row.licensePlate,
    mileage: row.mileage,
    color: row.color,
  };
}

export function toVehicle(row: VehicleWithCustomerRow): Vehicle {
  return {
    ...toVehicleSummary(row),
    customerName: row.customerName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
