import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceStatus } from '../../../../shared/constants';
import type { Service } from '../../../../shared/schemas/inspection';
import { api } from '../../../lib/api-client';

export interface ServiceStatusInput {
  serviceId: string;
  status: ServiceStatus;
}

/** Staff approve ('approved') and unapprove ('recommended'). */
export const updateServiceStatus = ({ serviceId, status }: ServiceStatusInput): Promise<Service> =>
  api.put<Service>(`/api/services/${serviceId}`, { status });

export function useUpdateServiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['inspections'] }),
  });
}
