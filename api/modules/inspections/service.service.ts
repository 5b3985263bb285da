import type { Updateable } from 'kysely';
import type { CreateServiceBody, PartInput, Service, ServicePart, UpdateServiceBody } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import { isForeignKeyViolation, isUniqueViolation } from '@api/db/errors';
import type { ServiceRow, ServicesTable } from '@api/db/tables';
import { inTransaction } from '@api/db/transaction';
import { badRequest, conflict, notFound } from '@api/lib/http-error';
import { newId, nowIso } from '@api/lib/tokens';
import { carryForward } from './carry-forward';
import { formatCents, servicePartsCents } from '@shared/money';
import { recalculateInvoiceTotals } from '@api/lib/invoice-totals';
import { sumParts } from './inspection-services';
import { toPart, toService } from './inspection.mapper';
import {
  assertNotDeleted,
  changed,
  deleted,
  missingRow,
  recordChanges,
  serviceMediaDeletions,
  type Change,
} from '@api/lib/change-log';
import { DEFAULT_STAFF_METHOD, type PublicApproveBody } from '@shared/schemas/decision';
import {
  approvalColumns,
  approvalSignature,
  decisionOf,
  reapprovalColumns,
  recordDecision,
  type DecisionActor,
} from '@api/modules/decisions/decision.service';
import * as repo from './service.repository';

const SERVICE_NOT_FOUND = 'Service not found';

/** The service for a staff write: 404 for one never seen, 410 for one deleted. */
async function serviceForWrite(db: Db, id: string) {
  const row = await repo.findServiceRow(db, id);
  if (!row) throw await missingRow(db, 'service', id, notFound(SERVICE_NOT_FOUND));
  return row;
}

async function loadService(db: Db, id: string): Promise<Service> {
  const row = await repo.findServiceRow(db, id);
  if (!row) throw notFound(SERVICE_NOT_FOUND);
  return toService(row, await repo.findPartsOfService(db, id));
}

/** Turns constraint races into clean answers instead of a 500. */
async function guarded<T>(existsMessage: string, missingMessage: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(existsMessage);
    if (isForeignKeyViolation(err)) throw notFound(missingMessage);
    throw err;
  }
}

/**
 * After any change to a service or its parts: the inspection moves on, unpaid invoices follow and
 * the inspection enters the change feed (last, see recordChanges).
 */
async function afterChange(db: Db, inspectionId: string, now: string, also: readonly Change[] = []): Promise<void> {
  await repo.touchInspection(db, inspectionId, now);
  await recalculateInvoiceTotals(db, { inspectionId });
  // A decision that finishes the work, or a change to a declined service, moves its deferred line.
  const carried = await carryForward(db, inspectionId, now);
  await recordChanges(db, [...changed('inspection', [inspectionId]), ...also, ...carried], now);
}

/** The share page's client: its address and browser, kept with the decision. */
export interface ShareClient {
  address: string | null;
  userAgent: string | null;
}

/**
 * The customer's decision on a share page: a recommended service, or an approved one that changed
 * and needs re-approval. One conditional UPDATE, so of two racing taps one wins and the other gets 409.
 */
export async function decideRecommendedService(
  db: Db,
  args: {
    inspectionId: string;
    serviceId: string;
    status: 'approved' | 'declined';
    client: ShareClient;
    body?: PublicApproveBody;
  },
): Promise<Service> {
  return inTransaction(db, async (trx) => {
    const current = await repo.findServiceRow(trx, args.serviceId);
    if (!current || current.inspectionId !== args.inspectionId) throw notFound(SERVICE_NOT_FOUND);
    const signed =
      args.status === 'approved'
        ? await approvalSignature(trx, args.inspectionId, args.body)
        : { signerName: null, signature: null };
    const now = nowIso();
    const decision = args.status === 'approved' ? 'approved' : 'declined';
    const amountCents = await amountNow(trx, current);
    // The customer approves the price on their screen: one changed since is asked about again.
    const shown = args.status === 'approved' ? args.body?.shownAmount : undefined;
    if (shown !== undefined && shown !== amountCents) throw conflict(priceChangedMessage(amountCents), 'price_changed');
    const changed = await repo.decideIfOpen(trx, {
      inspectionId: args.inspectionId,
      serviceId: args.serviceId,
      status: args.status,
      updatedAt: now,
      ...approvalColumns(decision, amountCents),
    });
    if (changed === 0) {
      const latest = await repo.findServiceRow(trx, args.serviceId);
      const status = latest?.status === 'declined' ? 'declined' : 'approved';
      throw conflict(`This service has already been ${status}`);
    }
    const by: DecisionActor = {
      actor: 'customer',
      clientAddress: args.client.address,
      userAgent: args.client.userAgent,
      ...signed,
    };
    await recordDecision(trx, { service: current, amountCents, decision, by, decidedAt: now });
    await afterChange(trx, args.inspectionId, now);
    return loadService(trx, args.serviceId);
  });
}

/** The refusal of an approval of a price that has changed since the page was loaded. */
export const priceChangedMessage = (cents: number) =>
  `The price of this service changed to $${formatCents(cents)}. The page now shows it: approve again if you agree.`;

/** A service's amount now: labour and its parts (their sum when it has any, as the pages show it). */
async function amountNow(db: Db, row: ServiceRow): Promise<number> {
  return row.laborCostCents + servicePartsCents({ ...row, parts: await repo.findPartsOfService(db, row.id) });
}

/** Marks an approved service whose price, parts or description just changed as needing re-approval. */
async function flagIfChanged(db: Db, before: ServiceRow, changed: boolean): Promise<void> {
  const columns = reapprovalColumns(before, changed);
  if (columns) await repo.updateServiceRow(db, before.id, columns);
}

export async function createService(db: Db, userId: string | null, body: CreateServiceBody): Promise<Service> {
  const id = body.id ?? newId();
  await guarded('Service already exists', 'Inspection not found', () =>
    inTransaction(db, async (trx) => {
      const inspection = await trx
        .selectFrom('inspections')
        .select('id')
        .where('id', '=', body.inspectionId)
        .executeTakeFirst();
      if (!inspection) throw await missingRow(trx, 'inspection', body.inspectionId, badRequest('Inspection not found'));
      if (body.id) await assertNotDeleted(trx, 'service', body.id);
      if (await repo.findServiceRow(trx, id)) throw conflict('Service already exists');
      const parts = body.parts ?? [];
      const partIds = parts.flatMap((p) => (p.id ? [p.id] : []));
      if (new Set(partIds).size !== partIds.length || (await repo.findPartRows(trx, partIds)).length > 0) {
        throw conflict('Part already exists');
      }
      const now = nowIso();
      await repo.insertServices(trx, [
        {
          id,
          inspectionId: body.inspectionId,
          description: body.description,
          partsLink: body.partsLink,
          partsCostCents: parts.length > 0 ? sumParts(parts) : body.partsCost,
          laborCostCents: body.laborCost,
          status: body.status,
          position: await repo.nextServicePosition(trx, body.inspectionId),
          approvedAmountCents: null,
          needsReapproval: 0,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      // A service added as approved or declined is a decision the staff records.
      const decision = decisionOf({ status: 'recommended', needsReapproval: 0 }, body.status);
      const method = body.decisionMethod ?? DEFAULT_STAFF_METHOD;
      await repo.insertParts(
        trx,
        parts.map((p, position) => ({
          id: p.id ?? newId(),
          serviceId: id,
          partName: p.partName,
          partUrl: p.partUrl,
          partCostCents: p.partCost,
          position,
          createdAt: now,
        })),
      );
      if (decision) {
        await repo.syncPartsCost(trx, id);
        const service = (await repo.findServiceRow(trx, id))!;
        const amountCents = await amountNow(trx, service);
        await repo.updateServiceRow(trx, id, approvalColumns(decision, amountCents));
        await recordDecision(trx, {
          service,
          amountCents,
          decision,
          by: { actor: 'staff', userId, method },
          decidedAt: now,
        });
      }
      await afterChange(trx, body.inspectionId, now);
    }),
  );
  return loadService(db, id);
}

/**
 * The staff edit and status change (approve, unapprove, decline); only fields sent change. A status
 * change is recorded as a decision; an edit of an approved service's price, parts or description
 * asks for re-approval unless the same call approves it again.
 */
export async function updateService(
  db: Db,
  userId: string | null,
  id: string,
  body: UpdateServiceBody,
): Promise<Service> {
  return inTransaction(db, async (trx) => {
    const current = await serviceForWrite(trx, id);
    const amountBefore = await amountNow(trx, current);
    const now = nowIso();
    const changes: Updateable<ServicesTable> = { updatedAt: now };
    if (body.status !== undefined) changes.status = body.status;
    if (body.description !== undefined) changes.description = body.description;
    if (body.partsLink !== undefined) changes.partsLink = body.partsLink;
    if (body.laborCost !== undefined) changes.laborCostCents = body.laborCost;
    if (body.partsCost !== undefined) changes.partsCostCents = body.partsCost;
    await repo.updateServiceRow(trx, id, changes);
    // A service with parts always costs the sum of its parts.
    await repo.syncPartsCost(trx, id);
    const after = (await repo.findServiceRow(trx, id))!;
    const amountCents = await amountNow(trx, after);
    const edited = after.description !== current.description || amountCents !== amountBefore;
    const flagged = {
      ...current,
      needsReapproval: edited && current.status === 'approved' ? 1 : current.needsReapproval,
    };
    const decision = body.status === undefined ? null : decisionOf(flagged, body.status);
    if (decision) {
      await repo.updateServiceRow(trx, id, approvalColumns(decision, amountCents));
      const method = body.decisionMethod ?? DEFAULT_STAFF_METHOD;
      await recordDecision(trx, {
        service: after,
        amountCents,
        decision,
        by: { actor: 'staff', userId, method },
        decidedAt: now,
      });
    } else {
      await flagIfChanged(trx, current, edited);
    }
    await afterChange(trx, current.inspectionId, now);
    return loadService(trx, id);
  });
}

export async function deleteService(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await serviceForWrite(trx, id);
    const media = await serviceMediaDeletions(trx, [id]);
    await repo.deleteServices(trx, [id]);
    await afterChange(trx, current.inspectionId, nowIso(), [...deleted('service', [id]), ...media]);
  });
}

export async function addPart(db: Db, serviceId: string, body: PartInput): Promise<ServicePart> {
  const now = nowIso();
  const id = body.id ?? newId();
  await guarded('Part already exists', SERVICE_NOT_FOUND, () =>
    inTransaction(db, async (trx) => {
      const service = await serviceForWrite(trx, serviceId);
      if ((await repo.findPartRows(trx, [id])).length > 0) throw conflict('Part already exists');
      await repo.insertParts(trx, [
        {
          id,
          serviceId,
          partName: body.partName,
          partUrl: body.partUrl,
          partCostCents: body.partCost,
          position: await repo.nextPartPosition(trx, serviceId),
          createdAt: now,
        },
      ]);
      await repo.syncPartsCost(trx, serviceId);
      await repo.updateServiceRow(trx, serviceId, { updatedAt: now });
      await flagIfChanged(trx, service, true);
      await afterChange(trx, service.inspectionId, now);
    }),
  );
  const [part] = await repo.findPartRows(db, [id]);
  if (!part) throw notFound('Part not found');
  return toPart(part);
}

export async function deletePart(db: Db, serviceId: string, partId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const service = await serviceForWrite(trx, serviceId);
    const [part] = await repo.findPartRows(trx, [partId]);
    if (!part || part.serviceId !== serviceId) throw notFound('Part not found');
    await repo.deleteParts(trx, [partId]);
    const now = nowIso();
    const remaining = await repo.findPartsOfService(trx, serviceId);
    // The parts amount came from the parts; with none left it is zero.
    const partsCostCents = remaining.reduce((sum, p) => sum + p.partCostCents, 0);
    await repo.updateServiceRow(trx, serviceId, { partsCostCents, updatedAt: now });
    await flagIfChanged(trx, service, true);
    await afterChange(trx, service.inspectionId, now);
  });
}
