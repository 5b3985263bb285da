import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Inspection } from '../../../../shared/schemas/inspection';
import { api } from '../../../lib/api-client';
import { inspectionKeys } from './inspection-keys';

/** The body as the dialog sends it: the whole inspection, services (with ids) and their parts. */
export type InspectionPayload = Record<string, unknown> & { services: unknown[] };

/** Create (`id` is client-made) or update in ONE call; service and part ids stay stable. */
export type SaveInspectionInput =
  | { mode: 'create'; id: string; body: InspectionPayload }
  | { mode: 'update'; id: string; body: InspectionPayload };

export const saveInspection = (input: SaveInspectionInput): Promise<Inspection> =>
  input.mode === 'create'
    ? api.post<Inspection>('/api/inspections', { id: input.id, ...input.body })
    : api.put<Inspection>(`/api/inspections/${input.id}`, input.body);

export function useSaveInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInspection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all }),
  });
}
