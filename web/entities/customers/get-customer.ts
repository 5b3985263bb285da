import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '../../../shared/schemas/customer';
import { api } from '../../lib/api-client';
import { getLocalCustomer } from '../../offline/local-queries';
import { LOCAL_NETWORK_MODE, readLocalRow } from '../../offline/local-queries-source';
import { customerKeys } from './customer-keys';

export const getCustomer = (id: string, signal?: AbortSignal): Promise<Customer> =>
  readLocalRow(
    (db) => getLocalCustomer(db, id),
    () => api.get<Customer>(`/api/customers/${id}`, { signal }),
  );

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
    networkMode: LOCAL_NETWORK_MODE,
  });

/** The locked customer of a dialog opened from a customer card. */
export const useCustomer = (id: string | undefined) =>
  useQuery({ ...customerQueryOptions(id ?? ''), enabled: Boolean(id) });
