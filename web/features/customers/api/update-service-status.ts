import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceStatus } from '../../../../shared/constants';
import type { Inspection, Service } from '../../../../shared/schemas/inspection';
import { keepRow, LOCAL_NETWORK_MODE, saveLocally } from '../../../offline/local-queries-source';

export interface ServiceStatusInput {
  inspection: Inspection;
  service: Service;
  status: ServiceStatus;
}

/** Staff approve ('approved') and unapprove ('recommended'), applied here at once. */
export async function updateServiceStatus({ inspection, service, status }: ServiceStatusInput): Promise<void> {
  const label = status === 'approved' ? `Approve service ${service.description}` : `Move service back to pending ${service.description}`;
  await saveLocally(
    { kind: 'service.status', inspectionId: inspection.id, serviceId: service.id, status },
    label,
    // An older inspection comes from the server only; keep it so the change shows here too.
    keepRow({ table: 'inspections', row: inspection }),
  );
}

export function useUpdateServiceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceStatus,
    networkMode: LOCAL_NETWORK_MODE,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['inspections'] }),
  });
}
