import type { DeferredWork, UpdateDeferredBody } from '@shared/schemas/deferred';
import { saveLocally } from '@web/offline/local-queries-source';
import { deferredKeys } from './deferred-keys';
import { useLocalMutation } from '@web/entities/use-invalidating-mutation';

export interface UpdateDeferredInput {
  line: DeferredWork;
  changes: UpdateDeferredBody;
}

function labelOf({ line, changes }: UpdateDeferredInput): string {
  if (changes.status === 'dismissed') return `Dismiss deferred ${line.description}`;
  if (changes.status === 'added') return `Add deferred ${line.description} to the inspection`;
  return `Follow up deferred ${line.description}`;
}

/** Applied on this device at once and queued (PATCH /api/deferred-work/:id), like every offline write. */
export async function updateDeferred(input: UpdateDeferredInput): Promise<void> {
  await saveLocally(
    { kind: 'deferred.update', id: input.line.id, changes: input.changes },
    labelOf(input),
    async (db) => {
      // A line read from the server before the first pull: keep it so the change shows here too.
      if (!(await db.deferred.get(input.line.id))) await db.deferred.put(input.line);
    },
  );
}

export function useUpdateDeferred() {
  return useLocalMutation(updateDeferred, [deferredKeys.all]);
}

/** Marks the lines added to a just-saved inspection; queued after its save, so sent after it. */
export async function markAddedTo(inspectionId: string, lines: readonly DeferredWork[]): Promise<void> {
  for (const line of lines)
    await updateDeferred({ line, changes: { status: 'added', addedToInspectionId: inspectionId } });
}
