import { useQuery } from '@tanstack/react-query';
import type { DecisionList } from '@shared/schemas/decision';
import { api } from '@web/lib/api-client';
import { inspectionKeys } from './inspection-keys';

/** GET /api/inspections/:id/decisions: the decision history, newest first (server only, not kept offline). */
export const getDecisions = (inspectionId: string, signal?: AbortSignal) =>
  api.get<DecisionList>(`/api/inspections/${inspectionId}/decisions`, { signal });

export const useDecisions = (inspectionId: string, enabled: boolean) =>
  useQuery({
    queryKey: inspectionKeys.decisions(inspectionId),
    queryFn: ({ signal }) => getDecisions(inspectionId, signal),
    enabled,
    staleTime: 0,
  });
