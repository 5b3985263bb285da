import type { z } from 'zod';
import type {
  createVehicleBody,
  updateVehicleBody,
  Vehicle,
  VehicleListQuery,
  VehicleSummary,
} from '../../../shared/schemas/vehicle';
import type { Db } from '../../db/database';
import type { VehicleRow } from '../../db/tables';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { newId, nowIso } from '../../lib/tokens';
import { findCustomerById } from '../customers/customer.repository';
import {
  countVehicles,
  deleteVehicle as deleteVehicleRow,
  findVehicleById,
  insertVehicle,
  listVehicles as listVehicleRows,
  updateVehicle as updateVehicleRow,
  vehicleIdTaken,
  type VehicleWithCustomerRow,
} from './vehicle.repository';

export const VEHICLE_NOT_FOUND = 'Vehicle not found';
export const VEHICLE_EXISTS = 'Vehicle already exists';
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** The vehicle as nested in inspections and invoices. */
export function toVehicleSummary(row: Omit<VehicleRow, 'createdBy'>): VehicleSummary {
  return {
    id: row.id,
    customerId: row.customerId,
    year: row.year,
    make: row.make,
    model: row.model,
    vin: row.vin,
    licensePlate: row.licensePlate,
    mileage: row.mileage,
    color: row.color,
  };
}

export function toVehicle(row: VehicleWithCustomerRow): Vehicle {
  return {
    ...toVehicleSummary(row),
    customerName: row.customerName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listVehicles(
  db: Db,
  query: VehicleListQuery,
): Promise<{ vehicles: Vehicle[]; total: number }> {
  const filters = { q: query.q, customerId: query.customerId };
  const [rows, total] = await Promise.all([
    listVehicleRows(db, filters, query.sort ?? 'year', query),
    countVehicles(db, filters),
  ]);
  return { vehicles: rows.map(toVehicle), total };
}

/** One customer's vehicles; an unknown customer is a 404, not an empty list. */
export async function listCustomerVehicles(
  db: Db,
  customerId: string,
  query: Omit<VehicleListQuery, 'customerId'>,
): Promise<{ vehicles: Vehicle[]; total: number }> {
  if (!(await findCustomerById(db, customerId))) throw notFound(CUSTOMER_NOT_FOUND);
  return listVehicles(db, { ...query, customerId });
}

export async function getVehicle(db: Db, id: string): Promise<Vehicle> {
  const row = await findVehicleById(db, id);
  if (!row) throw notFound(VEHICLE_NOT_FOUND);
  return toVehicle(row);
}

async function assertCustomerExists(db: Db, customerId: string): Promise<void> {
  if (!(await findCustomerById(db, customerId))) throw badRequest(CUSTOMER_NOT_FOUND);
}

/** Runs a write; a customer deleted between the check and the write is a 400, not an FK crash. */
async function withCustomer<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw badRequest(CUSTOMER_NOT_FOUND);
    if (isUniqueViolation(err)) throw conflict(VEHICLE_EXISTS);
    throw err;
  }
}

/** A create repeated with the same client id answers 409 and never makes a second row. */
export async function createVehicle(
  db: Db,
  userId: string,
  body: z.output<typeof createVehicleBody>,
): Promise<Vehicle> {
  const { id: clientId, ...fields } = body;
  const id = clientId ?? newId();
  if (clientId && (await vehicleIdTaken(db, clientId))) throw conflict(VEHICLE_EXISTS);
  await assertCustomerExists(db, fields.customerId);
  const now = nowIso();
  await withCustomer(() =>
    insertVehicle(db, { ...fields, id, createdBy: userId, createdAt: now, updatedAt: now }),
  );
  return getVehicle(db, id);
}

/** Partial update; moving the vehicle to another customer needs that customer to exist. */
export async function updateVehicle(
  db: Db,
  id: string,
  body: z.output<typeof updateVehicleBody>,
): Promise<Vehicle> {
  const existing = await findVehicleById(db, id);
  if (!existing) throw notFound(VEHICLE_NOT_FOUND);
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return toVehicle(existing);
  if (body.customerId && body.customerId !== existing.customerId) {
    await assertCustomerExists(db, body.customerId);
  }
  const updated = await withCustomer(() => updateVehicleRow(db, id, { ...changes, updatedAt: nowIso() }));
  if (!updated) throw notFound(VEHICLE_NOT_FOUND);
  return getVehicle(db, id);
}

export async function deleteVehicle(db: Db, id: string): Promise<void> {
  if (!(await deleteVehicleRow(db, id))) throw notFound(VEHICLE_NOT_FOUND);
}
