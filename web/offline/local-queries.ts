import type { CUSTOMER_SORTS, VEHICLE_SORTS } from '@shared/constants';
import type { Customer } from '@shared/schemas/customer';
import type { Inspection } from '@shared/schemas/inspection';
import { SYNC_INSPECTION_WINDOW_DAYS } from '@shared/schemas/sync';
import type { User } from '@shared/schemas/user';
import type { Vehicle } from '@shared/schemas/vehicle';
import type { ListResult } from '@web/lib/api-client';
import type { LocalDb } from './local-db';

// Reads over the local database that answer exactly what the REST list and detail calls answer
// (same filters, same order, same paging), so the screens work the same with the network off.

export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export type VehicleSort = (typeof VEHICLE_SORTS)[number];

export interface LocalPage {
  limit?: number | undefined;
  offset?: number | undefined;
}

export interface LocalCustomerQuery extends LocalPage {
  q?: string | undefined;
  status?: 'all' | 'active' | 'inactive' | undefined;
  sort?: CustomerSort | undefined;
}

export interface LocalVehicleQuery extends LocalPage {
  q?: string | undefined;
  customerId?: string | null | undefined;
  sort?: VehicleSort | undefined;
}

/** The server's `lower(col) like %q%` over any of the values (the API trims `q`). */
function matcher(q: string | undefined): ((values: (string | null | undefined)[]) => boolean) | null {
  const needle = (q ?? '').trim().toLowerCase();
  if (!needle) return null;
  return (values) => values.some((value) => typeof value === 'string' && value.toLowerCase().includes(needle));
}

/** Plain code-unit order, as the databases compare text. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const lower = (text: string) => text.toLowerCase();

function page<T>(rows: T[], { limit, offset }: LocalPage): T[] {
  const start = offset ?? 0;
  return rows.slice(start, limit === undefined ? undefined : start + limit);
}

const customerOrders: Record<CustomerSort, (a: Customer, b: Customer) => number> = {
  // Name A-Z ignores case; the raw name then the id settle ties (as the API orders them).
  name: (a, b) => compareText(lower(a.name), lower(b.name)) || compareText(a.name, b.name) || compareText(a.id, b.id),
  recent: (a, b) => compareText(b.createdAt, a.createdAt) || compareText(a.id, b.id),
  updated: (a, b) => compareText(b.updatedAt, a.updatedAt) || compareText(a.id, b.id),
};

/** `GET /api/customers`: search name, email, phone and address; status filter; sort; page. */
export async function listLocalCustomers(db: LocalDb, query: LocalCustomerQuery): Promise<ListResult<Customer>> {
  const status = query.status && query.status !== 'all' ? query.status : null;
  // The status index narrows the scan; the search then runs in memory over what is left.
  const rows = status ? await db.customers.where('status').equals(status).toArray() : await db.customers.toArray();
  const matches = matcher(query.q);
  const filtered = matches ? rows.filter((c) => matches([c.name, c.email, c.phone, c.address])) : rows;
  filtered.sort(customerOrders[query.sort ?? 'name']);
  return { items: page(filtered, query), total: filtered.length };
}

/** The pickers' search: the first customers by name matching `q` (same call as the list). */
export async function searchLocalCustomers(db: LocalDb, q: string, limit: number): Promise<Customer[]> {
  return (await listLocalCustomers(db, { q, sort: 'name', limit })).items;
}

export async function getLocalCustomer(db: LocalDb, id: string): Promise<Customer | undefined> {
  return db.customers.get(id);
}

const vehicleOrders: Record<VehicleSort, (a: Vehicle, b: Vehicle) => number> = {
  year: (a, b) =>
    b.year - a.year ||
    compareText(lower(a.make), lower(b.make)) ||
    compareText(lower(a.model), lower(b.model)) ||
    compareText(a.id, b.id),
  make: (a, b) =>
    compareText(lower(a.make), lower(b.make)) ||
    compareText(lower(a.model), lower(b.model)) ||
    b.year - a.year ||
    compareText(a.id, b.id),
  // Unknown mileage last.
  mileage: (a, b) =>
    (a.mileage === null ? 1 : 0) - (b.mileage === null ? 1 : 0) ||
    (a.mileage ?? 0) - (b.mileage ?? 0) ||
    compareText(a.id, b.id),
};

/** `GET /api/vehicles`: search make, model, VIN, plate and the owner's name; owner filter; sort; page. */
export async function listLocalVehicles(db: LocalDb, query: LocalVehicleQuery): Promise<ListResult<Vehicle>> {
  const rows = query.customerId
    ? await db.vehicles.where('customerId').equals(query.customerId).toArray()
    : await db.vehicles.toArray();
  const matches = matcher(query.q);
  const filtered = matches
    ? rows.filter((v) => matches([v.make, v.model, v.vin, v.licensePlate, v.customerName]))
    : rows;
  filtered.sort(vehicleOrders[query.sort ?? 'year']);
  return { items: page(filtered, query), total: filtered.length };
}

/** `GET /api/customers/:id/vehicles` (newest year first). */
export async function listLocalCustomerVehicles(db: LocalDb, customerId: string): Promise<Vehicle[]> {
  return (await listLocalVehicles(db, { customerId, sort: 'year' })).items;
}

export async function getLocalVehicle(db: LocalDb, id: string): Promise<Vehicle | undefined> {
  return db.vehicles.get(id);
}

/** Most recent first, as `GET /api/inspections?sort=recent` orders them. */
export function byRecent(a: Inspection, b: Inspection): number {
  return compareText(b.createdAt, a.createdAt) || compareText(b.id, a.id);
}

/** `GET /api/inspections?customerId=…&sort=recent`, over the inspections kept on this device. */
export async function listLocalCustomerInspections(db: LocalDb, customerId: string): Promise<Inspection[]> {
  const rows = await db.inspections.where('customerId').equals(customerId).toArray();
  return rows.sort(byRecent);
}

export async function getLocalInspection(db: LocalDb, id: string): Promise<Inspection | undefined> {
  return db.inspections.get(id);
}

/** Whether this device keeps the inspection (in progress, or changed within the window). */
export function inOfflineWindow(inspection: Pick<Inspection, 'status' | 'updatedAt'>, now = Date.now()): boolean {
  if (inspection.status === 'in_progress') return true;
  return now - Date.parse(inspection.updatedAt) <= SYNC_INSPECTION_WINDOW_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * A customer's history: the local rows (with unsent changes) plus the server's older ones. A server
 * row inside the offline window but missing here was deleted on this device (or arrives with the
 * next pull), and one whose vehicle is gone here went with that vehicle: neither is shown.
 */
export async function mergeCustomerInspections(
  db: LocalDb,
  local: Inspection[],
  server: Inspection[],
  now = Date.now(),
): Promise<Inspection[]> {
  const localIds = new Set(local.map((i) => i.id));
  const candidates = server.filter((i) => !localIds.has(i.id) && !inOfflineWindow(i, now));
  const vehicles = await db.vehicles.bulkGet([...new Set(candidates.map((i) => i.vehicleId))]);
  const known = new Set(vehicles.flatMap((v) => (v ? [v.id] : [])));
  return [...local, ...candidates.filter((i) => known.has(i.vehicleId))].sort(byRecent);
}

/** `GET /api/users?limit=500`: everyone who can be picked as the technician, by name. */
export async function listLocalUsers(db: LocalDb): Promise<User[]> {
  const rows = await db.users.toArray();
  return rows.sort((a, b) => compareText(lower(a.username), lower(b.username)) || compareText(a.id, b.id));
}
