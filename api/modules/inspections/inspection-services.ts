import { MAX_CENTS } from '@shared/money';
import { PARTS_TOTAL_TOO_LARGE, type InspectionServiceInput, type PartInput } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import type { ServicePartRow, ServiceRow } from '@api/db/tables';
import { badRequest, conflict } from '@api/lib/http-error';
import { newId } from '@api/lib/tokens';
import {
  deleteParts,
  deleteServices,
  findPartRows,
  findPartsOfServices,
  findServiceRows,
  findServicesOfInspection,
  insertParts,
  insertServices,
  updatePartRow,
  updateServiceRow,
} from './service.repository';
import { deleted, deletedIds, serviceMediaDeletions, type Change } from '@api/lib/change-log';
import {
  amountOf,
  approvalColumns,
  decisionOf,
  reapprovalColumns,
  recordDecision,
} from '@api/modules/decisions/decision.service';

// "Services keep their identity": a save upserts by id and removes only what was left out, and
// never changes the status of a service that already exists (docs/offline-sync.md, "Conflict rules").

function assertNoDuplicates(ids: (string | undefined)[], what: string): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (!id) continue;
    if (seen.has(id)) throw badRequest(`${what} ${id} is listed twice`);
    seen.add(id);
  }
}

/** The parts amount of a service, refused when it would not fit its column. */
export function sumParts(parts: readonly { partCost: number }[]): number {
  const sum = parts.reduce((total, p) => total + p.partCost, 0);
  if (sum > MAX_CENTS) throw badRequest(PARTS_TOTAL_TOO_LARGE);
  return sum;
}

/** Checks that sent ids are either this inspection's own rows or not taken anywhere. */
async function assertOwnIds(
  db: Db,
  inputs: readonly InspectionServiceInput[],
  own: Map<string, ServiceRow>,
  ownParts: Map<string, ServicePartRow>,
  creating: boolean,
): Promise<void> {
  const foreignServiceIds = inputs.map((s) => s.id).filter((id): id is string => !!id && !own.has(id));
  const takenServices = await findServiceRows(db, foreignServiceIds);
  if (takenServices[0]) {
    if (creating) throw conflict('Service already exists');
    throw badRequest(`Service ${takenServices[0].id} belongs to another inspection`);
  }
  const misplaced: string[] = [];
  const unknownPartIds: string[] = [];
  for (const service of inputs) {
    for (const part of service.parts ?? []) {
      if (!part.id) continue;
      const existing = ownParts.get(part.id);
      if (!existing) unknownPartIds.push(part.id);
      else if (existing.serviceId !== service.id) misplaced.push(part.id);
    }
  }
  const takenParts = await findPartRows(db, unknownPartIds);
  const foreignPart = misplaced[0] ?? takenParts[0]?.id;
  if (foreignPart) {
    if (creating) throw conflict('Part already exists');
    throw badRequest(`Part ${foreignPart} belongs to another service`);
  }
}

function newPartRows(serviceId: string, parts: readonly PartInput[], now: string, from = 0): ServicePartRow[] {
  return parts.map((part, index) => ({
    id: part.id ?? newId(),
    serviceId,
    partName: part.partName,
    partUrl: part.partUrl,
    partCostCents: part.partCost,
    position: from + index,
    createdAt: now,
  }));
}

/**
 * Makes the inspection's services match the full list sent, in one transaction the caller owns.
 * Parts follow the same rule inside each service whose `parts` was sent. Returns the deletions
 * to record: the services it removed and the media they took with them.
 */
export async function saveInspectionServices(
  db: Db,
  inspectionId: string,
  sent: readonly InspectionServiceInput[],
  now: string,
  creating = false,
  userId: string | null = null,
): Promise<Change[]> {
  assertNoDuplicates(
    sent.map((s) => s.id),
    'Service',
  );
  assertNoDuplicates(
    sent.flatMap((s) => (s.parts ?? []).map((p) => p.id)),
    'Part',
  );

  const existing = creating ? [] : await findServicesOfInspection(db, inspectionId);
  const own = new Map(existing.map((s) => [s.id, s]));
  // Deletes win: a list edited before a service was deleted elsewhere does not bring it back.
  const deletedElsewhere = await deletedIds(
    db,
    'service',
    sent.flatMap((s) => (s.id && !own.has(s.id) ? [s.id] : [])),
  );
  const inputs = sent.filter((s) => !s.id || !deletedElsewhere.has(s.id));
  const existingParts = await findPartsOfServices(db, [...own.keys()]);
  const ownParts = new Map(existingParts.map((p) => [p.id, p]));
  await assertOwnIds(db, inputs, own, ownParts, creating);

  const keptIds = new Set(inputs.map((s) => s.id).filter((id): id is string => !!id && own.has(id)));
  const removedIds = existing.filter((s) => !keptIds.has(s.id)).map((s) => s.id);
  // Their media go by cascade: read which before.
  const removed = [...deleted('service', removedIds), ...(await serviceMediaDeletions(db, removedIds))];
  await deleteServices(db, removedIds);

  const newServices: ServiceRow[] = [];
  const newParts: ServicePartRow[] = [];
  for (const [position, input] of inputs.entries()) {
    const current = input.id ? own.get(input.id) : undefined;
    if (!current) {
      const id = input.id ?? newId();
      const parts = input.parts ?? [];
      newServices.push({
        id,
        inspectionId,
        description: input.description,
        partsLink: input.partsLink ?? null,
        partsCostCents: parts.length > 0 ? sumParts(parts) : (input.partsCost ?? 0),
        laborCostCents: input.laborCost ?? 0,
        status: input.status ?? 'recommended',
        position,
        approvedAmountCents: null,
        needsReapproval: 0,
        createdAt: now,
        updatedAt: now,
      });
      newParts.push(...newPartRows(id, parts, now));
      continue;
    }

    const currentParts = existingParts.filter((p) => p.serviceId === current.id);
    let partsCostCents = input.partsCost ?? current.partsCostCents;
    let partsChanged = false;
    if (input.parts) {
      const sentIds = new Set(input.parts.map((p) => p.id));
      const removed = currentParts.filter((p) => !sentIds.has(p.id)).map((p) => p.id);
      await deleteParts(db, removed);
      partsChanged = removed.length > 0;
      for (const [partPosition, part] of input.parts.entries()) {
        const saved = part.id ? ownParts.get(part.id) : undefined;
        if (!saved) {
          newParts.push(...newPartRows(current.id, [part], now, partPosition));
          partsChanged = true;
        } else if (
          saved.partName !== part.partName ||
          saved.partUrl !== part.partUrl ||
          saved.partCostCents !== part.partCost ||
          saved.position !== partPosition
        ) {
          await updatePartRow(db, saved.id, {
            partName: part.partName,
            partUrl: part.partUrl,
            partCostCents: part.partCost,
            position: partPosition,
          });
          partsChanged = true;
        }
      }
      if (input.parts.length > 0) partsCostCents = sumParts(input.parts);
    } else if (currentParts.length > 0) {
      partsCostCents = sumParts(currentParts.map((p) => ({ partCost: p.partCostCents })));
    }

    // Status is deliberately absent: only the status calls change it.
    const changes = {
      description: input.description,
      partsLink: input.partsLink === undefined ? current.partsLink : input.partsLink,
      laborCostCents: input.laborCost ?? current.laborCostCents,
      partsCostCents,
      position,
    };
    const changed = (Object.keys(changes) as (keyof typeof changes)[]).some((k) => changes[k] !== current[k]);
    // Price, parts or description, not the link or the order: what the customer approved.
    const edited =
      partsChanged || changes.description !== current.description || amountOf(changes) !== amountOf(current);
    const reapproval = reapprovalColumns(current, edited);
    if (changed || partsChanged) await updateServiceRow(db, current.id, { ...changes, ...reapproval, updatedAt: now });
  }
  // A service added as approved keeps the amount approved; added as decided, it is on record.
  for (const service of newServices) {
    if (service.status === 'approved') Object.assign(service, approvalColumns('approved', amountOf(service)));
  }
  await insertServices(db, newServices);
  await insertParts(db, newParts);
  for (const service of newServices) {
    const decision = decisionOf({ status: 'recommended', needsReapproval: 0 }, service.status);
    if (decision)
      await recordDecision(db, {
        service,
        decision,
        by: { actor: 'staff', userId, method: 'in_person' },
        decidedAt: now,
      });
  }
  return removed;
}
