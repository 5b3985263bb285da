import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@shared/schemas/customer';
import { api } from '@web/lib/api-client';
import { searchLocalCustomers } from '@web/offline/local-queries';
import { LOCAL_NETWORK_MODE, readLocalFirst } from '@web/offline/local-queries-source';
import { customerKeys } from './customer-keys';

export const CUSTOMER_SEARCH_LIMIT = 20;

/** The first customers (by name) matching `q`: pickers never show the whole list. */
export const searchCustomers = (q: string, signal?: AbortSignal): Promise<Customer[]> =>
  readLocalFirst(
    (db) => searchLocalCustomers(db, q, CUSTOMER_SEARCH_LIMIT),
    () =>
      api.get<Customer[]>('/api/customers', {
        query: { q: q.trim(), sort: 'name', limit: CUSTOMER_SEARCH_LIMIT },
        signal,
      }),
    signal,
  );

export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: customerKeys.search(q.trim()),
    queryFn: ({ signal }) => searchCustomers(q, signal),
    placeholderData: keepPreviousData,
    networkMode: LOCAL_NETWORK_MODE,
  });

export const useCustomerSearch = (q: string, enabled = true) => useQuery({ ...customerSearchQueryOptions(q), enabled });
