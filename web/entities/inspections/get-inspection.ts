import { useQuery } from '@tanstack/react-query';
import { getLocalInspection } from '@web/offline/local-queries';
import { localRowQueryOptions } from '@web/entities/query-options';
import { inspectionKeys } from './inspection-keys';

/** From this device when it keeps the inspection (with unsent changes); an older one from the server. */
export const inspectionQueryOptions = (id: string) =>
  localRowQueryOptions(inspectionKeys.detail(id), (db) => getLocalInspection(db, id), `/api/inspections/${id}`);

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
