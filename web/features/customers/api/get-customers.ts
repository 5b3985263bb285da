import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CUSTOMER_SORTS } from '../../../../shared/constants';
import type { Customer } from '../../../../shared/schemas/customer';
import { api, type ListResult } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export const CUSTOMERS_PAGE_SIZE = 20;

export interface CustomerListParams {
  q: string;
  status: 'all' | 'active' | 'inactive';
  sort: (typeof CUSTOMER_SORTS)[number];
  page: number;
}

export function getCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<ListResult<Customer>> {
  return api.list<Customer>(
    '/api/customers',
    {
      q: params.q.trim(),
      status: params.status,
      sort: params.sort,
      limit: CUSTOMERS_PAGE_SIZE,
      offset: params.page * CUSTOMERS_PAGE_SIZE,
    },
    { signal },
  );
}

export const customersQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCustomers = (params: CustomerListParams) => useQuery(customersQueryOptions(params));
