import { useQuery } from '@tanstack/react-query';
import { listLocalVehicles } from '@web/offline/local-queries';
import { localPageQueryOptions, pageQuery } from '@web/entities/query-options';
import { vehicleKeys, type VehicleListParams } from './vehicle-keys';

export const VEHICLES_PAGE_SIZE = 20;

/** A page of vehicles from this device's copy (the server's until the first pull is done). */
export const vehiclesQueryOptions = (params: VehicleListParams) =>
  localPageQueryOptions(
    vehicleKeys.list(params),
    { ...pageQuery(params, VEHICLES_PAGE_SIZE), customerId: params.customerId },
    listLocalVehicles,
    '/api/vehicles',
  );

export const useVehicles = (params: VehicleListParams) => useQuery(vehiclesQueryOptions(params));
