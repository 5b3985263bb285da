import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '../../../../shared/schemas/customer';
import { api } from '../../../lib/api-client';
import { inspectionKeys } from './inspection-keys';

export const getCustomer = (id: string, signal?: AbortSignal): Promise<Customer> =>
  api.get<Customer>(`/api/customers/${id}`, { signal });

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: inspectionKeys.customer(id), queryFn: ({ signal }) => getCustomer(id, signal) });

/** The locked customer of a dialog opened from a customer card. */
export const useCustomer = (id: string | undefined) =>
  useQuery({ ...customerQueryOptions(id ?? ''), enabled: Boolean(id) });
