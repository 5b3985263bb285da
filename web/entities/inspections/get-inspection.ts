import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inspection } from '../../../shared/schemas/inspection';
import { api } from '../../lib/api-client';
import { getLocalInspection } from '../../offline/local-queries';
import { LOCAL_NETWORK_MODE, readLocalRow } from '../../offline/local-queries-source';
import { inspectionKeys } from './inspection-keys';

/** From this device when it keeps the inspection (with unsent changes); an older one from the server. */
export const getInspection = (id: string, signal?: AbortSignal): Promise<Inspection> =>
  readLocalRow(
    (db) => getLocalInspection(db, id),
    () => api.get<Inspection>(`/api/inspections/${id}`, { signal }),
  );

export const inspectionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: inspectionKeys.detail(id),
    queryFn: ({ signal }) => getInspection(id, signal),
    networkMode: LOCAL_NETWORK_MODE,
  });

/**
 * The inspection being edited: read fresh when the dialog opens (`staleTime: 0`); the form keeps
 * the copy it opened with, so a refresh behind it never changes what counts as edited.
 */
export const useInspection = (id: string | undefined) =>
  useQuery({
    ...inspectionQueryOptions(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
