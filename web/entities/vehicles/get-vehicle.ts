import { useQuery } from '@tanstack/react-query';
import { getLocalVehicle } from '@web/offline/local-queries';
import { localRowQueryOptions } from '@web/entities/query-options';
import { vehicleKeys } from './vehicle-keys';

export const vehicleQueryOptions = (id: string) =>
  localRowQueryOptions(vehicleKeys.detail(id), (db) => getLocalVehicle(db, id), `/api/vehicles/${id}`);

export const useVehicle = (id: string | undefined) =>
  useQuery({ ...vehicleQueryOptions(id ?? ''), enabled: Boolean(id) });
