import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '../../../../shared/schemas/vehicle';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

export const getVehicle = (id: string, signal?: AbortSignal): Promise<Vehicle> =>
  api.get<Vehicle>(`/api/vehicles/${id}`, { signal });

export const vehicleQueryOptions = (id: string) =>
  queryOptions({ queryKey: vehicleKeys.detail(id), queryFn: ({ signal }) => getVehicle(id, signal) });

export const useVehicle = (id: string | undefined) =>
  useQuery({ ...vehicleQueryOptions(id ?? ''), enabled: Boolean(id) });
