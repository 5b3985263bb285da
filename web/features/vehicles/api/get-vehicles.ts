import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VEHICLE_SORTS } from '../../../../shared/constants';
import type { Vehicle } from '../../../../shared/schemas/vehicle';
import { api, type ListResult } from '../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

export const VEHICLES_PAGE_SIZE = 20;

export interface VehicleListParams {
  q: string;
  customerId: string | null;
  sort: (typeof VEHICLE_SORTS)[number];
  page: number;
}

export function getVehicles(params: VehicleListParams, signal?: AbortSignal): Promise<ListResult<Vehicle>> {
  return api.list<Vehicle>(
    '/api/vehicles',
    {
      q: params.q.trim(),
      customerId: params.customerId,
      sort: params.sort,
      limit: VEHICLES_PAGE_SIZE,
      offset: params.page * VEHICLES_PAGE_SIZE,
    },
    { signal },
  );
}

export const vehiclesQueryOptions = (params: VehicleListParams) =>
  queryOptions({
    queryKey: vehicleKeys.list(params),
    queryFn: ({ signal }) => getVehicles(params, signal),
    placeholderData: keepPreviousData,
  });

export const useVehicles = (params: VehicleListParams) => useQuery(vehiclesQueryOptions(params));
