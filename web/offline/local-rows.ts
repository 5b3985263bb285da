import type { z } from 'zod';
import type { Customer, CustomerSummary } from '@shared/schemas/customer';
import type { DeferredWork } from '@shared/schemas/deferred';
import type { Inspection } from '@shared/schemas/inspection';
import type { SyncEntity } from '@shared/schemas/sync';
import type { Vehicle, VehicleSummary } from '@shared/schemas/vehicle';

// The in-memory view of local rows that writes and merges work on, and its difference to store.

/** The rows a write may touch, by id. Rows not loaded are simply not there. */
export interface LocalState {
  customers: ReadonlyMap<string, Customer>;
  vehicles: ReadonlyMap<string, Vehicle>;
  inspections: ReadonlyMap<string, Inspection>;
  deferred: ReadonlyMap<string, DeferredWork>;
}

export type TechnicianSummary = NonNullable<Inspection['technician']>;

export interface ApplyContext {
  /** When the user made the change; becomes the local `updatedAt` (the server's replaces it later). */
  now: string;
  /** The user who made the change: the technician of a new inspection that names none. */
  userId: string;
  /** Users known on this device, for the nested `technician`. */
  technicians: ReadonlyMap<string, TechnicianSummary>;
}

/** A write that cannot apply: invalid input, or a new row whose customer or vehicle is not here. */
export class LocalWriteError extends Error {
  override name = 'LocalWriteError';
}

export interface Draft {
  customers: Map<string, Customer>;
  vehicles: Map<string, Vehicle>;
  inspections: Map<string, Inspection>;
  deferred: Map<string, DeferredWork>;
}

export const emptyState = (): LocalState => ({
  customers: new Map(),
  vehicles: new Map(),
  inspections: new Map(),
  deferred: new Map(),
});

export const draftOf = (state: LocalState): Draft => ({
  customers: new Map(state.customers),
  vehicles: new Map(state.vehicles),
  inspections: new Map(state.inspections),
  deferred: new Map(state.deferred),
});

export function parse<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw new LocalWriteError(`Invalid ${what}: ${result.error.issues[0]?.message ?? 'invalid input'}`);
  return result.data;
}

/** The fields a partial body sets (the server ignores the ones left out the same way). */
export function definedFields<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function customerSummary(customer: Customer): CustomerSummary {
  const { id, name, email, phone, address, status } = customer;
  // Rows stored before consent was recorded have neither field: no consent.
  return {
    id,
    name,
    email,
    phone,
    address,
    status,
    textConsentAt: customer.textConsentAt ?? null,
    textConsentSource: customer.textConsentSource ?? null,
  };
}

export function vehicleSummary(vehicle: Vehicle): VehicleSummary {
  const { id, customerId, year, make, model, vin, licensePlate, mileage, color } = vehicle;
  return { id, customerId, year, make, model, vin, licensePlate, mileage, color };
}

/** Deep equality of JSON-like values, ignoring key order (server JSON and local rows differ in it). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((k) => left[k] !== undefined);
  if (keys.length !== Object.keys(right).filter((k) => right[k] !== undefined).length) return false;
  return keys.every((k) => sameValue(left[k], right[k]));
}

// ---- Removal with the server's cascades (vehicles and inspections go with their customer) ----

// ---- Persisting the difference ----

export interface StateChanges {
  put: { customers: Customer[]; vehicles: Vehicle[]; inspections: Inspection[]; deferred: DeferredWork[] };
  remove: { customers: string[]; vehicles: string[]; inspections: string[]; deferred: string[] };
}

const TABLE_ENTITY = {
  customers: 'customer',
  vehicles: 'vehicle',
  inspections: 'inspection',
  deferred: 'deferred',
} as const;
export const DATA_TABLES = ['customers', 'vehicles', 'inspections', 'deferred'] as const;

function diffTable<T extends { id: string }>(before: ReadonlyMap<string, T>, after: ReadonlyMap<string, T>) {
  const put = [...after.values()].filter((row) => {
    const old = before.get(row.id);
    return old !== row && !sameValue(old, row);
  });
  const remove = [...before.keys()].filter((id) => !after.has(id));
  return { put, remove };
}

/** What to write to turn `before` into `after`. */
export function diffStates(before: LocalState, after: LocalState): StateChanges {
  const customers = diffTable(before.customers, after.customers);
  const vehicles = diffTable(before.vehicles, after.vehicles);
  const inspections = diffTable(before.inspections, after.inspections);
  const deferred = diffTable(before.deferred, after.deferred);
  return {
    put: { customers: customers.put, vehicles: vehicles.put, inspections: inspections.put, deferred: deferred.put },
    remove: {
      customers: customers.remove,
      vehicles: vehicles.remove,
      inspections: inspections.remove,
      deferred: deferred.remove,
    },
  };
}

/** The entities whose tables a change set touches. */
export function changedEntities(changes: StateChanges): SyncEntity[] {
  return DATA_TABLES.filter((t) => changes.put[t].length > 0 || changes.remove[t].length > 0).map(
    (t) => TABLE_ENTITY[t],
  );
}
