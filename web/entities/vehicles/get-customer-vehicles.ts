import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@shared/schemas/vehicle';
import { api } from '@web/lib/api-client';
import { listLocalCustomerVehicles } from '@web/offline/local-queries';
import { LOCAL_NETWORK_MODE, readLocalFirst } from '@web/offline/local-queries-source';
import { vehicleKeys } from './vehicle-keys';

export const getCustomerVehicles = (customerId: string, signal?: AbortSignal): Promise<Vehicle[]> =>
  readLocalFirst(
    (db) => listLocalCustomerVehicles(db, customerId),
    () => api.get<Vehicle[]>(`/api/customers/${customerId}/vehicles`, { signal }),
    signal,
  );

export const customerVehiclesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: vehicleKeys.byCustomer(customerId),
    queryFn: ({ signal }) => getCustomerVehicles(customerId, signal),
    networkMode: LOCAL_NETWORK_MODE,
  });

/** Nothing until a customer is chosen; a customer card asks only while its details are open (`enabled`). */
export const useCustomerVehicles = (customerId: string, enabled = true) =>
  useQuery({ ...customerVehiclesQueryOptions(customerId), enabled: enabled && Boolean(customerId) });
