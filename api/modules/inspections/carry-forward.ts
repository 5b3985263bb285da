import type { Insertable } from 'kysely';
import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import type { DeferredWorkTable } from '@api/db/tables';
import { newId } from '@api/lib/tokens';
import { findServicesOfInspection } from './service.repository';
import { changed, deleted, type Change } from '@api/lib/change-log';
import {
  deleteDeferred,
  findDeferredOfInspection,
  insertDeferred,
  updateDeferred,
  type DeferredRow,
} from '@api/modules/deferred/deferred.repository';

// Declined and still-recommended services of a finished inspection (status other than
// in_progress) are its vehicle's deferred work: one line per service, kept in step with the
// service while the line is open. Lines already added or dismissed are history and stay as they are.

const CARRIED = new Set(['declined', 'recommended']);

type LineFields = Pick<
  DeferredRow,
  'customerId' | 'vehicleId' | 'description' | 'amountCents' | 'sourceStatus' | 'technicianNote' | 'inspectedAt'
>;

const sameFields = (line: DeferredRow, fields: LineFields) =>
  (Object.keys(fields) as (keyof LineFields)[]).every((key) => line[key] === fields[key]);

// Every create and save of an inspection reads these first: compiled once.
const inspectionFields = compiledOnce((db, [id]) =>
  db
    .selectFrom('inspections')
    .select(['customerId', 'vehicleId', 'status', 'notes', 'createdAt'])
    .where('id', '=', id!),
);

/**
 * Brings the inspection's deferred lines in step with its services, inside the caller's
 * transaction. Returns the changes for the caller's `recordChanges` (which must come last).
 */
export async function carryForward(db: Db, inspectionId: string, now: string): Promise<Change[]> {
  const [inspection] = await inspectionFields(db, [inspectionId]);
  if (!inspection) return [];
  // Still in progress, or reopened: its lines stay as they are (with their follow-up dates and
  // outcomes) until it is finished again, when they are brought in step with its services. So the
  // common save of an inspection in progress costs no read here at all.
  if (inspection.status === 'in_progress') return [];
  const lines = await findDeferredOfInspection(db, inspectionId);
  const services = await findServicesOfInspection(db, inspectionId);
  const carried = new Map(services.filter((s) => CARRIED.has(s.status)).map((s) => [s.id, s]));
  const bySource = new Map(lines.map((line) => [line.sourceServiceId, line]));
  // Open lines whose service was approved or removed.
  const removed = lines.filter((line) => line.status === 'open' && !carried.has(line.sourceServiceId)).map((l) => l.id);
  const inserts: Insertable<DeferredWorkTable>[] = [];
  const updated: string[] = [];
  for (const service of carried.values()) {
    const fields: LineFields = {
      customerId: inspection.customerId,
      vehicleId: inspection.vehicleId,
      description: service.description,
      amountCents: service.partsCostCents + service.laborCostCents,
      sourceStatus: service.status,
      technicianNote: inspection.notes?.trim() ? inspection.notes : null,
      inspectedAt: inspection.createdAt,
    };
    const line = bySource.get(service.id);
    if (!line) {
      inserts.push({
        id: newId(),
        sourceInspectionId: inspectionId,
        sourceServiceId: service.id,
        ...fields,
        status: 'open',
        dismissReason: null,
        addedToInspectionId: null,
        followUpDate: null,
        followUpOutcome: null,
        createdAt: now,
        updatedAt: now,
      });
    } else if (line.status === 'open' && !sameFields(line, fields)) {
      await updateDeferred(db, line.id, { ...fields, updatedAt: now });
      updated.push(line.id);
    }
  }
  await deleteDeferred(db, removed);
  await insertDeferred(db, inserts);
  return [
    ...changed('deferred', [...inserts.map((row) => row.id as string), ...updated]),
    ...deleted('deferred', removed),
  ];
}
