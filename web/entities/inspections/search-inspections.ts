import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Inspection } from '@shared/schemas/inspection';
import { api } from '@web/lib/api-client';
import { inspectionKeys } from './inspection-keys';

export const INSPECTION_SEARCH_LIMIT = 20;

/** The newest inspections matching `q` (customer, make, model, plate, VIN or id): never the whole list. */
export const searchInspections = (q: string, signal?: AbortSignal): Promise<Inspection[]> =>
  api.get<Inspection[]>('/api/inspections', {
    query: { q: q.trim(), sort: 'recent', limit: INSPECTION_SEARCH_LIMIT },
    signal,
  });

export const inspectionSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: inspectionKeys.receiptSearch(q.trim()),
    queryFn: ({ signal }) => searchInspections(q, signal),
    placeholderData: keepPreviousData,
  });

export const useInspectionSearch = (q: string) => useQuery(inspectionSearchQueryOptions(q));
