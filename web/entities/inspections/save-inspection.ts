import type { DeferredWork } from '@shared/schemas/deferred';
import type { Inspection } from '@shared/schemas/inspection';
import { getOffline } from '@web/offline';
import { keepParents, keepRow, saveLocally } from '@web/offline/local-queries-source';
import type { CreateInspectionInput, UpdateInspectionInput } from '@web/offline/types';
import { markAddedTo } from '@web/entities/deferred/update-deferred';
import { deferredKeys } from '@web/entities/deferred/deferred-keys';
import { inspectionKeys } from './inspection-keys';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';

/**
 * Create (the id is made by the dialog once) or update with only what changed. Either is applied
 * on this device at once and queued for the server; service and part ids stay stable.
 */
export type SaveInspectionInput = (
  | { mode: 'create'; id: string; body: Omit<CreateInspectionInput, 'id'>; customerName: string }
  | { mode: 'update'; inspection: Inspection; changes: UpdateInspectionInput; customerName: string }
) & {
  /** "Previously declined" lines whose service this save adds: marked added after it, in the outbox too. */
  deferredAdded?: readonly DeferredWork[];
};

/** The row as this device now holds it (undefined when an edit changed nothing). */
export async function saveInspection(input: SaveInspectionInput): Promise<Inspection | undefined> {
  const { db } = getOffline();
  if (input.mode === 'create') {
    const { body } = input;
    const parents = await keepParents({ customerId: body.customerId, vehicleId: body.vehicleId });
    await saveLocally(
      { kind: 'inspection.create', id: input.id, body },
      `Create inspection for ${input.customerName}`,
      parents,
    );
    await markAddedTo(input.id, input.deferredAdded ?? []);
    return db.inspections.get(input.id);
  }
  const { inspection, changes } = input;
  if (Object.keys(changes).length === 0) return undefined;
  const marked = input.deferredAdded ?? [];
  const parents = await keepParents({ customerId: changes.customerId, vehicleId: changes.vehicleId });
  await saveLocally(
    { kind: 'inspection.update', id: inspection.id, changes },
    `Edit inspection for ${input.customerName}`,
    async (local) => {
      // An inspection older than the window was read from the server; keep it so the edit shows here.
      await keepRow({ table: 'inspections', row: inspection })(local);
      await parents(local);
    },
  );
  await markAddedTo(inspection.id, marked);
  return db.inspections.get(inspection.id);
}

export function useSaveInspection() {
  return useLocalMutation(saveInspection, [inspectionKeys.all, deferredKeys.all]);
}
