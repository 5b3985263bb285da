import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '../../../../shared/schemas/customer';
import { api } from '../../../lib/api-client';
import { inspectionKeys } from './inspection-keys';

export const CUSTOMER_SEARCH_LIMIT = 20;

/** The first customers (by name) matching `q`: the picker never downloads the whole list. */
export const searchCustomers = (q: string, signal?: AbortSignal): Promise<Customer[]> =>
  api.get<Customer[]>('/api/customers', { query: { q: q.trim(), sort: 'name', limit: CUSTOMER_SEARCH_LIMIT }, signal });

export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: inspectionKeys.customerSearch(q.trim()),
    queryFn: ({ signal }) => searchCustomers(q, signal),
    placeholderData: keepPreviousData,
  });

export const useCustomerSearch = (q: string, enabled = true) => useQuery({ ...customerSearchQueryOptions(q), enabled });
