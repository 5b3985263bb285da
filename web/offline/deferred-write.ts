import { DISMISS_REASON_REQUIRED, updateDeferredBody } from '@shared/schemas/deferred';
import { definedFields, LocalWriteError, parse, type Draft } from './local-rows';
import type { LocalWrite } from './types';

// The local effect of `PATCH /api/deferred-work/:id`, mirroring api/modules/deferred: a status
// change applies only to an open line; follow-up date and outcome always apply.

export function applyDeferred(
  draft: Draft,
  write: Extract<LocalWrite, { kind: 'deferred.update' }>,
  now: string,
): void {
  const body = parse(updateDeferredBody, write.changes, 'deferred work changes');
  if (body.status === 'dismissed' && !body.dismissReason?.trim()) throw new LocalWriteError(DISMISS_REASON_REQUIRED);
  const line = draft.deferred.get(write.id);
  if (!line) return;
  const next = { ...line };
  if (body.status === 'dismissed' && line.status === 'open') {
    next.status = 'dismissed';
    next.dismissReason = body.dismissReason?.trim() ?? null;
  }
  if (body.status === 'added' && line.status === 'open' && body.addedToInspectionId) {
    next.status = 'added';
    next.addedToInspectionId = body.addedToInspectionId;
  }
  const { followUpDate, followUpOutcome } = definedFields({
    followUpDate: body.followUpDate,
    followUpOutcome: body.followUpOutcome,
  });
  if (followUpDate !== undefined) next.followUpDate = followUpDate;
  if (followUpOutcome !== undefined) next.followUpOutcome = followUpOutcome;
  const differs = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== line[key]);
  if (differs) draft.deferred.set(write.id, { ...next, updatedAt: now });
}
