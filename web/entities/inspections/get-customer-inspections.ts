import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { api } from '@web/lib/api-client';
import { getOffline } from '@web/offline';
import { listLocalCustomerInspections, mergeCustomerInspections } from '@web/offline/local-queries';
import { LOCAL_NETWORK_MODE, localCopyReady, readLocalFirst } from '@web/offline/local-queries-source';
import { inspectionKeys } from './inspection-keys';

const fromServer = (customerId: string, signal?: AbortSignal) =>
  api.get<Inspection[]>('/api/inspections', { query: { customerId, sort: 'recent' }, signal });

/**
 * The customer's inspections, most recent first. This device keeps only recent ones, so when online
 * the server's older history is added under the local rows; offline the card shows what is here.
 */
export async function getCustomerInspections(customerId: string, signal?: AbortSignal): Promise<Inspection[]> {
  const { db } = getOffline();
  if (!navigator.onLine || !(await localCopyReady(db))) {
    return readLocalFirst(
      (local) => listLocalCustomerInspections(local, customerId),
      () => fromServer(customerId, signal),
      signal,
    );
  }
  const local = await listLocalCustomerInspections(db, customerId);
  try {
    return await mergeCustomerInspections(db, local, await fromServer(customerId, signal));
  } catch (error) {
    if (signal?.aborted) throw error;
    // The history is a bonus: without it the card still shows everything this device holds.
    return local;
  }
}

export const customerInspectionsQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: inspectionKeys.byCustomer(customerId),
    queryFn: ({ signal }) => getCustomerInspections(customerId, signal),
    networkMode: LOCAL_NETWORK_MODE,
  });

/** Loaded only while the card's inspections area is open (`enabled`). */
export const useCustomerInspections = (customerId: string, enabled: boolean) =>
  useQuery({ ...customerInspectionsQueryOptions(customerId), enabled });
