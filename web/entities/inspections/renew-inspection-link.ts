import type { Inspection } from '@shared/schemas/inspection';
import { keepRow, saveLocally } from '@web/offline/local-queries-source';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';
import { inspectionKeys } from './inspection-keys';

/**
 * Queued like every staff write (offline too, sent once under its outbox key); the server makes the
 * new link and its answer replaces the row on this device, the change feed on the others.
 */
export const renewInspectionLink = (inspection: Inspection): Promise<void> =>
  saveLocally(
    { kind: 'inspection.renewLink', id: inspection.id },
    `Renew the report link for ${inspection.customer.name}`,
    keepRow({ table: 'inspections', row: inspection }),
  );

export function useRenewInspectionLink() {
  return useLocalMutation(renewInspectionLink, [inspectionKeys.all]);
}
