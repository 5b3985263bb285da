import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceStatus } from '../../../shared/constants';
import type { StaffDecisionMethod } from '../../../shared/schemas/decision';
import type { Inspection, Service } from '../../../shared/schemas/inspection';
import { keepRow, LOCAL_NETWORK_MODE, saveLocally } from '../../offline/local-queries-source';
import { inspectionKeys } from './inspection-keys';

export interface ServiceStatusInput {
  inspection: Inspection;
  service: Service;
  status: ServiceStatus;
  /** How the customer gave the decision (in person, phone, text). */
  decisionMethod?: StaffDecisionMethod;
}

/** Staff approve ('approved') and unapprove ('recommended'), applied here at once and recorded on the server. */
export async function updateServiceStatus({ inspection, service, status, decisionMethod }: ServiceStatusInput): Promise<void> {
  const label = status === 'approved' ? `Approve service ${service.description}` : `Move service back to pending ${service.description}`;
  await saveLocally(
    { kind: 'service.status', inspectionId: inspection.id, serviceId: service.id, status, ...(decisionMethod ? { decisionMethod } : {}) },
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all }),
  });
}
