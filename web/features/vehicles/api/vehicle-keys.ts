import type { VehicleListParams } from './get-vehicles';

// Keys start with the entity they hold; a write invalidates that root in every feature.
export const vehicleKeys = {
  all: ['vehicles'] as const,
  lists: () => [...vehicleKeys.all, 'list'] as const,
  list: (params: VehicleListParams) => [...vehicleKeys.lists(), params] as const,
  detail: (id: string) => [...vehicleKeys.all, 'detail', id] as const,
  customerSearch: (q: string) => ['customers', 'search', q] as const,
};
