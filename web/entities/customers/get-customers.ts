import { useQuery } from '@tanstack/react-query';
import { listLocalCustomers } from '@web/offline/local-queries';
import { localPageQueryOptions, pageQuery } from '@web/entities/query-options';
import { customerKeys, type CustomerListParams } from './customer-keys';

export const CUSTOMERS_PAGE_SIZE = 20;

/** A page of customers from this device's copy (the server's until the first pull is done). */
export const customersQueryOptions = (params: CustomerListParams) =>
  localPageQueryOptions(
    customerKeys.list(params),
    { ...pageQuery(params, CUSTOMERS_PAGE_SIZE), status: params.status },
    listLocalCustomers,
    '/api/customers',
  );

export const useCustomers = (params: CustomerListParams) => useQuery(customersQueryOptions(params));
