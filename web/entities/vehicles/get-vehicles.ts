import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '../../../shared/schemas/vehicle';
import { api, type ListResult } from '../../lib/api-client';
import { listLocalVehicles } from '../../offline/local-queries';
import { LOCAL_NETWORK_MODE, readLocalFirst } from '../../offline/local-queries-source';
import { vehicleKeys, type VehicleListParams } from './vehicle-keys';

export const VEHICLES_PAGE_SIZE = 20;

/** A page of vehicles from this device's copy (the server's until the first pull is done). */
export function getVehicles(params: VehicleListParams, signal?: AbortSignal): Promise<ListResult<Vehicle>> {
  const query = {
    q: params.q.trim(),
    customerId: params.customerId,
    sort: params.sort,
    limit: VEHICLES_PAGE_SIZE,
    offset: params.page * VEHICLES_PAGE_SIZE,
  };
  return readLocalFirst(
    (db) => listLocalVehicles(db, query),
    () => api.list<Vehicle>('/api/vehicles', query, { signal }),
    signal,
  );
}

export const vehiclesQueryOptions = (params: VehicleListParams) =>
  queryOptions({
    queryKey: vehicleKeys.list(params),
    queryFn: ({ signal }) => getVehicles(params, signal),
    placeholderData: keepPreviousData,
    networkMode: LOCAL_NETWORK_MODE,
  });

export const useVehicles = (params: VehicleListParams) => useQuery(vehiclesQueryOptions(params));
