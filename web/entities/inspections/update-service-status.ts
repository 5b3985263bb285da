import type { ServiceStatus } from '@shared/constants';
import type { StaffDecisionMethod } from '@shared/schemas/decision';
import type { Inspection, Service } from '@shared/schemas/inspection';
import { keepRow, saveLocally } from '@web/offline/local-queries-source';
import { inspectionKeys } from './inspection-keys';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';

export interface ServiceStatusInput {
  inspection: Inspection;
  service: Service;
  status: ServiceStatus;
  /** How the customer gave the decision (in person, phone, text). */
  decisionMethod?: StaffDecisionMethod;
}

/** Staff approve ('approved') and unapprove ('recommended'), applied here at once and recorded on the server. */
export async function updateServiceStatus({
  inspection,
  service,
  status,
  decisionMethod,
}: ServiceStatusInput): Promise<void> {
  const label =
    status === 'approved'
      ? `Approve service ${service.description}`
      : `Move service back to pending ${service.description}`;
  await saveLocally(
    {
      kind: 'service.status',
      inspectionId: inspection.id,
      serviceId: service.id,
      status,
      ...(decisionMethod ? { decisionMethod } : {}),
    },
    label,
    // An older inspection comes from the server only; keep it so the change shows here too.
    keepRow({ table: 'inspections', row: inspection }),
  );
}

export function useUpdateServiceStatus() {
  return useLocalMutation(updateServiceStatus, [inspectionKeys.all]);
}
