import { useQuery } from '@tanstack/react-query';
import { getLocalCustomer } from '@web/offline/local-queries';
import { localRowQueryOptions } from '@web/entities/query-options';
import { customerKeys } from './customer-keys';

export const customerQueryOptions = (id: string) =>
  localRowQueryOptions(customerKeys.detail(id), (db) => getLocalCustomer(db, id), `/api/customers/${id}`);

/** The locked customer of a dialog opened from a customer card. */
export const useCustomer = (id: string | undefined) =>
  useQuery({ ...customerQueryOptions(id ?? ''), enabled: Boolean(id) });
