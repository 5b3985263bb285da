import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '../../../shared/schemas/vehicle';
import { api } from '../../lib/api-client';
import { getLocalVehicle } from '../../offline/local-queries';
import { LOCAL_NETWORK_MODE, readLocalRow } from '../../offline/local-queries-source';
import { vehicleKeys } from './vehicle-keys';

export const getVehicle = (id: string, signal?: AbortSignal): Promise<Vehicle> =>
  readLocalRow(
    (db) => getLocalVehicle(db, id),
    () => api.get<Vehicle>(`/api/vehicles/${id}`, { signal }),
  );

export const vehicleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: vehicleKeys.detail(id),
    queryFn: ({ signal }) => getVehicle(id, signal),
    networkMode: LOCAL_NETWORK_MODE,
  });

export const useVehicle = (id: string | undefined) =>
  useQuery({ ...vehicleQueryOptions(id ?? ''), enabled: Boolean(id) });
