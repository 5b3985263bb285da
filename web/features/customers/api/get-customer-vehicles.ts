import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '../../../../shared/schemas/vehicle';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export const getCustomerVehicles = (customerId: string, signal?: AbortSignal): Promise<Vehicle[]> =>
  api.get<Vehicle[]>(`/api/customers/${customerId}/vehicles`, { signal });

export const customerVehiclesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.vehicles(customerId),
    queryFn: ({ signal }) => getCustomerVehicles(customerId, signal),
  });

/** Loaded only while the card's details are open (`enabled`). */
export const useCustomerVehicles = (customerId: string, enabled: boolean) =>
  useQuery({ ...customerVehiclesQueryOptions(customerId), enabled });
