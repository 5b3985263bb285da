import type { VEHICLE_SORTS } from '../../../shared/constants';

export interface VehicleListParams {
  q: string;
  customerId: string | null;
  sort: (typeof VEHICLE_SORTS)[number];
  page: number;
}

// Keys start with the entity they hold; a write invalidates that root in every feature.
export const vehicleKeys = {
  all: ['vehicles'] as const,
  lists: () => [...vehicleKeys.all, 'list'] as const,
  list: (params: VehicleListParams) => [...vehicleKeys.lists(), params] as const,
  detail: (id: string) => [...vehicleKeys.all, 'detail', id] as const,
  byCustomer: (customerId: string) => [...vehicleKeys.all, 'by-customer', customerId] as const,
};
