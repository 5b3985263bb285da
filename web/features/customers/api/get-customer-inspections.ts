import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inspection } from '../../../../shared/schemas/inspection';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export const getCustomerInspections = (customerId: string, signal?: AbortSignal): Promise<Inspection[]> =>
  api.get<Inspection[]>('/api/inspections', { query: { customerId, sort: 'recent' }, signal });

export const customerInspectionsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: customerKeys.inspections(customerId),
    queryFn: ({ signal }) => getCustomerInspections(customerId, signal),
  });

/** Loaded only while the card's inspections area is open (`enabled`). */
export const useCustomerInspections = (customerId: string, enabled: boolean) =>
  useQuery({ ...customerInspectionsQueryOptions(customerId), enabled });
