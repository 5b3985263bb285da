import type { Inspection } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import type { InspectionRow } from '@api/db/tables';
import { groupBy, toInspection } from './inspection.mapper';
import * as repo from './inspection.repository';
import { notFound } from '@api/lib/http-error';
import { inIdOrder } from '@api/lib/id-list';

export const INSPECTION_NOT_FOUND = 'Inspection not found';
export const inspectionNotFound = () => notFound(INSPECTION_NOT_FOUND);

type Related = Parameters<typeof toInspection>[1];

function relatedMaps(rows: repo.RelatedRows): Related {
  return {
    customers: new Map(rows.customers.map((c) => [c.id, c])),
    vehicles: new Map(rows.vehicles.map((v) => [v.id, v])),
    technicians: new Map(rows.technicians.map((u) => [u.id, u])),
    services: groupBy(rows.services, (s) => s.inspectionId),
    parts: groupBy(rows.parts, (p) => p.serviceId),
    notes: groupBy(rows.notes, (n) => n.inspectionId),
  };
}

/** The six separate reads (PostgreSQL, where they run at once on the pool). */
async function readRelatedApart(db: Db, rows: readonly InspectionRow[]): Promise<Related> {
  const ids = rows.map((r) => r.id);
  const [customers, vehicles, technicians, services, parts, notes] = await Promise.all([
    repo.findCustomers(db, [...new Set(rows.map((r) => r.customerId))]),
    repo.findVehicles(db, [...new Set(rows.map((r) => r.vehicleId))]),
    repo.findTechnicians(
      db,
      rows.flatMap((r) => (r.technicianId ? [r.technicianId] : [])),
    ),
    repo.findServicesOf(db, ids),
    repo.findPartsOfInspections(db, ids),
    repo.findNotesOf(db, ids),
  ]);
  return relatedMaps({ customers, vehicles, technicians, services, parts, notes });
}

/**
 * Response-shaped inspections built from their rows, in the order of `ids`; unknown ids are left
 * out. The customer, vehicle, technician, services, parts and notes are nested.
 */
export async function getInspectionsByIds(db: Db, ids: readonly string[]): Promise<Inspection[]> {
  if (ids.length === 0) return [];
  const inOne = await repo.findInspectionsWithRelatedInOne(db, ids);
  const rows = inOne?.inspections ?? (await repo.findInspectionRows(db, ids));
  const ordered = inIdOrder([...new Set(ids)], rows);
  // SQLite reads everything in one statement; PostgreSQL reads the six levels apart, at once.
  const related = inOne ? relatedMaps(inOne) : await readRelatedApart(db, ordered);
  return ordered.flatMap((row) => toInspection(row, related) ?? []);
}
