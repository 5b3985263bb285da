import type { Inspection } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import type { CustomerRow, InspectionRow, VehicleRow } from '@api/db/tables';
import { withKnown } from '@api/lib/id-list';
import { groupBy, toInspection } from './inspection.mapper';
import * as repo from './inspection.repository';
import { notFound } from '@api/lib/http-error';

export const INSPECTION_NOT_FOUND = 'Inspection not found';
export const inspectionNotFound = () => notFound(INSPECTION_NOT_FOUND);

/** Customer and vehicle rows the caller has read already; only the others are read again. */
export interface KnownRows {
  customers?: readonly CustomerRow[];
  vehicles?: readonly VehicleRow[];
}

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
async function readRelatedApart(db: Db, rows: readonly InspectionRow[], known: KnownRows): Promise<Related> {
  const ids = rows.map((r) => r.id);
  const [customers, vehicles, technicians, services, parts, notes] = await Promise.all([
    withKnown(
      rows.map((r) => r.customerId),
      known.customers,
      (missing) => repo.findCustomers(db, missing),
    ),
    withKnown(
      rows.map((r) => r.vehicleId),
      known.vehicles,
      (missing) => repo.findVehicles(db, missing),
    ),
    repo.findTechnicians(
      db,
      rows.flatMap((r) => (r.technicianId ? [r.technicianId] : [])),
    ),
    repo.findServicesOf(db, ids),
    repo.findPartsOfInspections(db, ids),
    repo.findNotesOf(db, ids),
  ]);
  return { ...relatedMaps({ customers: [], vehicles: [], technicians, services, parts, notes }), customers, vehicles };
}

/** Nests customer, vehicle, technician, services, parts and notes: one statement on SQLite, six on PostgreSQL. */
export async function assembleInspections(
  db: Db,
  rows: readonly InspectionRow[],
  known: KnownRows = {},
): Promise<Inspection[]> {
  if (rows.length === 0) return [];
  const inOne = await repo.findRelatedInOne(
    db,
    rows.map((r) => r.id),
  );
  const related = inOne ? relatedMaps(inOne) : await readRelatedApart(db, rows, known);
  return rows.flatMap((row) => toInspection(row, related) ?? []);
}

/** Response-shaped inspections in the order of `ids`; unknown ids are left out. */
export async function getInspectionsByIds(db: Db, ids: readonly string[]): Promise<Inspection[]> {
  if (ids.length === 0) return [];
  const inOne = await repo.findInspectionsWithRelatedInOne(db, ids);
  const rows = inOne?.inspections ?? (await repo.findInspectionRows(db, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
  if (!inOne) return assembleInspections(db, ordered);
  const related = relatedMaps(inOne);
  return ordered.flatMap((row) => toInspection(row, related) ?? []);
}
