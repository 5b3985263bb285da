import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '../../../shared/schemas/customer';
import { api, type ListResult } from '../../lib/api-client';
import { listLocalCustomers } from '../../offline/local-queries';
import { LOCAL_NETWORK_MODE, readLocalFirst } from '../../offline/local-queries-source';
import { customerKeys, type CustomerListParams } from './customer-keys';

export const CUSTOMERS_PAGE_SIZE = 20;

/** A page of customers from this device's copy (the server's until the first pull is done). */
export function getCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<ListResult<Customer>> {
  const query = {
    q: params.q.trim(),
    status: params.status,
    sort: params.sort,
    limit: CUSTOMERS_PAGE_SIZE,
    offset: params.page * CUSTOMERS_PAGE_SIZE,
  };
  return readLocalFirst(
    (db) => listLocalCustomers(db, query),
    () => api.list<Customer>('/api/customers', query, { signal }),
    signal,
  );
}

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
    networkMode: LOCAL_NETWORK_MODE,
  });

export const useCustomers = (params: CustomerListParams) => useQuery(customersQueryOptions(params));
