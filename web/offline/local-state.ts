import type { Customer } from '@shared/schemas/customer';
import type { DeferredWork } from '@shared/schemas/deferred';
import type { Inspection } from '@shared/schemas/inspection';
import type { SyncDeletion, SyncEntity } from '@shared/schemas/sync';
import type { Vehicle } from '@shared/schemas/vehicle';
import { applyWrite, isCreateWrite, removeRow, withNestedInStep } from './apply-write';
import { changedEntities, diffStates, type LocalState, type StateChanges, type TechnicianSummary } from './local-rows';
import type { LocalDb } from './local-db';
import type { LocalWrite, OutboxEntry } from './types';

// Reading the rows a change touches into a LocalState, and writing the result back. Everything
// here runs inside the caller's Dexie transaction (see writeTables).

/** The tables a local write or a merge of server rows uses, for `db.transaction('rw', …)`. */
export const writeTables = (db: LocalDb) => [
  db.customers,
  db.vehicles,
  db.inspections,
  db.deferred,
  db.users,
  db.meta,
  db.outbox,
];

/** Which rows to load: by id, plus everything under the "expand" customers and vehicles (cascades, nested copies). */
export interface Scope {
  customers?: Iterable<string>;
  vehicles?: Iterable<string>;
  inspections?: Iterable<string>;
  deferred?: Iterable<string>;
  expandCustomers?: Iterable<string>;
  expandVehicles?: Iterable<string>;
}

const present = <T>(rows: (T | undefined)[]): T[] => rows.filter((r): r is T => r !== undefined);
const text = (value: unknown): string[] => (typeof value === 'string' && value ? [value.trim()] : []);

/** The rows a write reads or changes. */
export function scopeOfWrite(write: LocalWrite): Scope {
  switch (write.kind) {
    case 'customer.create':
      return { customers: [write.id] };
    case 'customer.update':
    case 'customer.delete':
      return { expandCustomers: [write.id] };
    case 'vehicle.create':
      return { vehicles: [write.id], customers: text(write.body.customerId) };
    case 'vehicle.update':
      return { expandVehicles: [write.id], customers: text(write.changes.customerId) };
    case 'vehicle.delete':
      return { expandVehicles: [write.id] };
    case 'inspection.create':
      return { inspections: [write.id], customers: text(write.body.customerId), vehicles: text(write.body.vehicleId) };
    case 'inspection.update':
      return {
        inspections: [write.id],
        customers: text(write.changes.customerId),
        vehicles: text(write.changes.vehicleId),
      };
    case 'inspection.renewLink':
      return { inspections: [write.id] };
    case 'service.status':
    case 'share.send':
    case 'media.update':
    case 'media.delete':
      return { inspections: [write.inspectionId] };
    case 'deferred.update':
      return { deferred: [write.id] };
  }
}

/** Loads the scope, the rows under its expanded parents, and the parents of every loaded row. */
export async function loadState(db: LocalDb, scope: Scope): Promise<LocalState> {
  const expandCustomers = [...new Set(scope.expandCustomers ?? [])];
  const customerIds = new Set([...(scope.customers ?? []), ...expandCustomers]);
  const vehicles = new Map<string, Vehicle>();
  const inspections = new Map<string, Inspection>();
  const customers = new Map<string, Customer>();
  const deferred = new Map<string, DeferredWork>();

  for (const v of present(
    await db.vehicles.bulkGet([...new Set([...(scope.vehicles ?? []), ...(scope.expandVehicles ?? [])])]),
  )) {
    vehicles.set(v.id, v);
  }
  if (expandCustomers.length > 0) {
    for (const v of await db.vehicles.where('customerId').anyOf(expandCustomers).toArray()) vehicles.set(v.id, v);
  }
  const expandVehicles = [
    ...new Set([
      ...(scope.expandVehicles ?? []),
      ...[...vehicles.values()].filter((v) => expandCustomers.includes(v.customerId)).map((v) => v.id),
    ]),
  ];
  for (const i of present(await db.inspections.bulkGet([...new Set(scope.inspections ?? [])])))
    inspections.set(i.id, i);
  if (expandCustomers.length > 0) {
    for (const i of await db.inspections.where('customerId').anyOf(expandCustomers).toArray()) inspections.set(i.id, i);
  }
  if (expandVehicles.length > 0) {
    for (const i of await db.inspections.where('vehicleId').anyOf(expandVehicles).toArray()) inspections.set(i.id, i);
  }
  // Deferred lines by id, and those that go with an expanded customer or vehicle.
  for (const d of present(await db.deferred.bulkGet([...new Set(scope.deferred ?? [])]))) deferred.set(d.id, d);
  if (expandCustomers.length > 0) {
    for (const d of await db.deferred.where('customerId').anyOf(expandCustomers).toArray()) deferred.set(d.id, d);
  }
  if (expandVehicles.length > 0) {
    for (const d of await db.deferred.where('vehicleId').anyOf(expandVehicles).toArray()) deferred.set(d.id, d);
  }
  // Parents, for the nested copies and the rules that read them.
  const vehicleParents = [...inspections.values()].map((i) => i.vehicleId).filter((id) => !vehicles.has(id));
  for (const v of present(await db.vehicles.bulkGet([...new Set(vehicleParents)]))) vehicles.set(v.id, v);
  for (const v of vehicles.values()) customerIds.add(v.customerId);
  for (const i of inspections.values()) customerIds.add(i.customerId);
  for (const c of present(await db.customers.bulkGet([...customerIds]))) customers.set(c.id, c);
  return { customers, vehicles, inspections, deferred };
}

export async function saveChanges(db: LocalDb, changes: StateChanges): Promise<SyncEntity[]> {
  await Promise.all([
    changes.put.customers.length ? db.customers.bulkPut(changes.put.customers) : undefined,
    changes.put.vehicles.length ? db.vehicles.bulkPut(changes.put.vehicles) : undefined,
    changes.put.inspections.length ? db.inspections.bulkPut(changes.put.inspections) : undefined,
    changes.remove.customers.length ? db.customers.bulkDelete(changes.remove.customers) : undefined,
    changes.remove.vehicles.length ? db.vehicles.bulkDelete(changes.remove.vehicles) : undefined,
    changes.remove.inspections.length ? db.inspections.bulkDelete(changes.remove.inspections) : undefined,
    changes.put.deferred.length ? db.deferred.bulkPut(changes.put.deferred) : undefined,
    changes.remove.deferred.length ? db.deferred.bulkDelete(changes.remove.deferred) : undefined,
  ]);
  return changedEntities(changes);
}

/** Users this device knows (the technician picker's list, and the signed-in user) as inspections nest them. */
export async function loadTechnicians(db: LocalDb): Promise<Map<string, TechnicianSummary>> {
  const technicians = new Map<string, TechnicianSummary>();
  const current = (await db.meta.get('currentUser'))?.value as Partial<TechnicianSummary> | undefined;
  // An inspection carries its technician's name only, as the server writes it.
  if (current?.id && current.username) technicians.set(current.id, { id: current.id, username: current.username });
  for (const { id, username } of await db.users.toArray()) technicians.set(id, { id, username });
  return technicians;
}

/** Applies entries in order; one that no longer applies (its customer went) leaves its rows as they are. */
export function replay(
  state: LocalState,
  entries: readonly OutboxEntry[],
  technicians: Map<string, TechnicianSummary>,
): LocalState {
  let next = state;
  for (const entry of entries) {
    try {
      next = applyWrite(next, entry.write, { now: entry.createdAt, userId: entry.userId, technicians });
    } catch {
      // Still sent as it is; the server's answer decides (attention or notice).
    }
  }
  return next;
}

export interface ServerChanges {
  customers?: readonly Customer[];
  vehicles?: readonly Vehicle[];
  inspections?: readonly Inspection[];
  deferred?: readonly DeferredWork[];
  deleted?: readonly SyncDeletion[];
}

/**
 * Server rows in: each replaces the local row, tombstones remove rows (with the server's cascades,
 * never to come back), then the writes still in the outbox for those rows are applied again on top,
 * so the screen keeps showing what the user did. Returns the entities whose tables changed.
 * Call inside a rw transaction over `writeTables`.
 */
export async function mergeServerChanges(db: LocalDb, changes: ServerChanges): Promise<SyncEntity[]> {
  const deleted = changes.deleted ?? [];
  const idsOf = (entity: SyncEntity) => deleted.filter((d) => d.entity === entity).map((d) => d.id);
  const incomingCustomers = changes.customers ?? [];
  const incomingVehicles = changes.vehicles ?? [];
  const incomingInspections = changes.inspections ?? [];
  const incomingDeferred = changes.deferred ?? [];
  const before = await loadState(db, {
    deferred: [...incomingDeferred.map((d) => d.id), ...idsOf('deferred')],
    expandCustomers: [...incomingCustomers.map((c) => c.id), ...idsOf('customer')],
    expandVehicles: [...incomingVehicles.map((v) => v.id), ...idsOf('vehicle')],
    customers: [...incomingVehicles.map((v) => v.customerId), ...incomingInspections.map((i) => i.customerId)],
    vehicles: incomingInspections.map((i) => i.vehicleId),
    inspections: [...incomingInspections.map((i) => i.id), ...idsOf('inspection')],
  });

  let base: LocalState = {
    customers: new Map([...before.customers, ...incomingCustomers.map((c) => [c.id, c] as const)]),
    vehicles: new Map([...before.vehicles, ...incomingVehicles.map((v) => [v.id, v] as const)]),
    inspections: new Map([...before.inspections, ...incomingInspections.map((i) => [i.id, i] as const)]),
    deferred: new Map([...before.deferred, ...incomingDeferred.map((d) => [d.id, d] as const)]),
  };
  for (const { entity, id } of deleted) base = removeRow(base, entity, id);

  // The writes still waiting for these rows, and, through them, for rows made or moved by earlier ones.
  const touched = new Set<string>();
  for (const state of [before, base]) {
    for (const table of [state.customers, state.vehicles, state.inspections, state.deferred])
      for (const id of table.keys()) touched.add(id);
  }
  const gone = new Set(deleted.map((d) => d.id));
  // The server has these rows, so a create still waiting for one of them already happened there.
  const fromServer = new Set([...incomingCustomers, ...incomingVehicles, ...incomingInspections].map((row) => row.id));
  const entries: OutboxEntry[] = [];
  for (const entry of await db.outbox.orderBy('seq').toArray()) {
    if (gone.has(entry.entityId) || (isCreateWrite(entry.write) && fromServer.has(entry.entityId))) continue;
    if (touched.has(entry.entityId) || entry.dependsOn.some((id) => touched.has(id))) {
      entries.push(entry);
      touched.add(entry.entityId);
    }
  }
  if (entries.length === 0) return saveChanges(db, diffStates(before, withNestedInStep(base)));

  // Rows those writes change that were not loaded yet (never ones removed above: those were loaded).
  const extra = await loadState(db, {
    customers: entries.filter((e) => e.entity === 'customer').map((e) => e.entityId),
    vehicles: entries.filter((e) => e.entity === 'vehicle').map((e) => e.entityId),
    inspections: entries.filter((e) => e.entity === 'inspection').map((e) => e.entityId),
    deferred: entries.filter((e) => e.entity === 'deferred').map((e) => e.entityId),
  });
  const widen = <T>(table: Map<string, T>, from: ReadonlyMap<string, T>, seen: LocalState[keyof LocalState]) => {
    for (const [id, row] of from) if (!seen.has(id)) table.set(id, row);
    return table;
  };
  const fullBefore: LocalState = {
    customers: widen(new Map(before.customers), extra.customers, before.customers),
    vehicles: widen(new Map(before.vehicles), extra.vehicles, before.vehicles),
    inspections: widen(new Map(before.inspections), extra.inspections, before.inspections),
    deferred: widen(new Map(before.deferred), extra.deferred, before.deferred),
  };
  base = {
    customers: widen(new Map(base.customers), extra.customers, before.customers),
    vehicles: widen(new Map(base.vehicles), extra.vehicles, before.vehicles),
    inspections: widen(new Map(base.inspections), extra.inspections, before.inspections),
    deferred: widen(new Map(base.deferred), extra.deferred, before.deferred),
  };
  const after = withNestedInStep(replay(base, entries, await loadTechnicians(db)));
  return saveChanges(db, diffStates(fullBefore, after));
}
