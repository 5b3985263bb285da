import type { z } from 'zod';
import type { createVehicleBody, updateVehicleBody, Vehicle, VehicleListQuery } from '@shared/schemas/vehicle';
import type { Db } from '@api/db/database';
import type { TextPage } from '@api/lib/list';
import { jsonArrayText } from '@api/lib/json-text';
import { totalFromPage } from '@api/lib/keyset';
import { isForeignKeyViolation, isUniqueViolation } from '@api/db/errors';
import { inTransaction } from '@api/db/transaction';
import { badRequest, conflict, notFound } from '@api/lib/http-error';
import { newId, nowIso } from '@api/lib/tokens';
import { findCustomerById } from '@api/modules/customers/customer.repository';
import {
  assertNotDeleted,
  changed,
  deferredIdsShowing,
  deleted,
  inspectionDeletions,
  inspectionIdsOfVehicles,
  missingRow,
  recordChanges,
} from '@api/lib/change-log';
import {
  countVehicles,
  deleteVehicle as deleteVehicleRow,
  findVehicleById,
  insertVehicle,
  listVehicles as listVehicleRows,
  searchVehicles,
  updateVehicle as updateVehicleRow,
  vehicleIdTaken,
} from './vehicle.repository';
import { toVehicle } from './vehicle.mapper';

export const VEHICLE_NOT_FOUND = 'Vehicle not found';
export const VEHICLE_EXISTS = 'Vehicle already exists';
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** A page of vehicles, each answer written as JSON by the database and sent as it is. */
export async function listVehicles(db: Db, query: VehicleListQuery): Promise<TextPage> {
  const filters = { q: query.q, customerId: query.customerId };
  const sort = query.sort ?? 'year';
  if (filters.q) {
    const search = await searchVehicles(db, filters, sort, query);
    return { items: search.items, total: search.total };
  }
  const rows = await listVehicleRows(db, filters, sort, query);
  const total = totalFromPage(rows, query) ?? (await countVehicles(db, filters));
  return { items: jsonArrayText(rows.map((row) => row.text)), total };
}

/** One customer's vehicles; an unknown customer is a 404, not an empty list. */
export async function listCustomerVehicles(
  db: Db,
  customerId: string,
  query: Omit<VehicleListQuery, 'customerId'>,
): Promise<TextPage> {
  const page = await listVehicles(db, { ...query, customerId });
  // A vehicle read is its customer's proof of life (vehicles go with their customer); only a customer
  // with no vehicles at all asks.
  if (page.total === 0 && !(await findCustomerById(db, customerId))) throw notFound(CUSTOMER_NOT_FOUND);
  return page;
}

export async function getVehicle(db: Db, id: string): Promise<Vehicle> {
  const row = await findVehicleById(db, id);
  if (!row) throw notFound(VEHICLE_NOT_FOUND);
  return toVehicle(row);
}

/** 400 for a customer never seen; 410 for one deleted (the vehicle cannot follow it). */
async function assertCustomerExists(db: Db, customerId: string): Promise<void> {
  if (!(await findCustomerById(db, customerId))) {
    throw await missingRow(db, 'customer', customerId, badRequest(CUSTOMER_NOT_FOUND));
  }
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
  return inTransaction(db, async (trx) => {
    if (clientId) {
      await assertNotDeleted(trx, 'vehicle', clientId);
      if (await vehicleIdTaken(trx, clientId)) throw conflict(VEHICLE_EXISTS);
    }
    await assertCustomerExists(trx, fields.customerId);
    const now = nowIso();
    await withCustomer(() => insertVehicle(trx, { ...fields, id, createdBy: userId, createdAt: now, updatedAt: now }));
    await recordChanges(trx, changed('vehicle', [id]), now);
    return getVehicle(trx, id);
  });
}

/**
 * Partial update; moving the vehicle to another customer needs that customer to exist. The
 * vehicle's inspections and deferred work lines show it, so they are recorded as changed too.
 */
export async function updateVehicle(db: Db, id: string, body: z.output<typeof updateVehicleBody>): Promise<Vehicle> {
  return inTransaction(db, async (trx) => {
    const existing = await findVehicleById(trx, id);
    if (!existing) throw await missingRow(trx, 'vehicle', id, notFound(VEHICLE_NOT_FOUND));
    const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    if (Object.keys(changes).length === 0) return toVehicle(existing);
    if (body.customerId && body.customerId !== existing.customerId) {
      await assertCustomerExists(trx, body.customerId);
    }
    const now = nowIso();
    const updated = await withCustomer(() => updateVehicleRow(trx, id, { ...changes, updatedAt: now }));
    if (!updated) throw notFound(VEHICLE_NOT_FOUND);
    const inspectionIds = await inspectionIdsOfVehicles(trx, [id]);
    const deferredIds = await deferredIdsShowing(trx, 'vehicleId', id);
    await recordChanges(
      trx,
      [...changed('vehicle', [id]), ...changed('inspection', inspectionIds), ...changed('deferred', deferredIds)],
      now,
    );
    return getVehicle(trx, id);
  });
}

/** The vehicle's inspections go by cascade, so they are recorded as deleted with it. */
export async function deleteVehicle(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const deletions = [
      ...deleted('vehicle', [id]),
      ...(await inspectionDeletions(trx, await inspectionIdsOfVehicles(trx, [id]))),
    ];
    if (!(await deleteVehicleRow(trx, id))) throw await missingRow(trx, 'vehicle', id, notFound(VEHICLE_NOT_FOUND));
    await recordChanges(trx, deletions);
  });
}
