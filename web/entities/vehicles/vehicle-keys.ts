import type { VEHICLE_SORTS } from '@shared/constants';
import { listKeys, type SearchListParams } from '@web/entities/list-keys';

export interface VehicleListParams extends SearchListParams<(typeof VEHICLE_SORTS)[number]> {
  customerId: string | null;
}

// Keys start with the entity they hold; a write invalidates that root in every feature.
const keys = listKeys<VehicleListParams>('vehicles');

export const vehicleKeys = {
  ...keys,
  detail: (id: string) => [...keys.all, 'detail', id] as const,
  byCustomer: (customerId: string) => [...keys.all, 'by-customer', customerId] as const,
};
