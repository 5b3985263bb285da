import type { Customer } from '@shared/schemas/customer';
import type { Inspection } from '@shared/schemas/inspection';
import type { Vehicle } from '@shared/schemas/vehicle';
import { api, ApiError } from '@web/lib/api-client';
import { readCachedUser } from '@web/lib/current-user';
import { getOffline } from './index';
import type { LocalDb } from './local-db';
import { enqueue } from './outbox';
import { navigatorOnline } from './sync-events';
import type { LocalWrite } from './types';

// How the feature `api/` files reach the shop's data: reads come from this device's copy, writes
// go into it and the outbox at once. Components never see the difference.

/** TanStack pauses 'online' queries and mutations with no network; local ones must always run. */
export const LOCAL_NETWORK_MODE = 'always' as const;

/** The device's copy is complete once its first pull has run to the end. */
export async function localCopyReady(db: LocalDb): Promise<boolean> {
  return (await db.meta.get('lastPulledAt')) !== undefined;
}

/**
 * A list or search: from the local copy, which has this device's unsent changes on top. Until the
 * first pull has finished (a new device or a cleared browser) the server answers as before, so the
 * shop never looks empty; if the server cannot be reached the local copy answers anyway.
 */
export async function readLocalFirst<T>(
  local: (db: LocalDb) => Promise<T>,
  server: () => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const { db } = getOffline();
  if (!navigatorOnline() || (await localCopyReady(db))) return local(db);
  try {
    return await server();
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    return local(db);
  }
}

/** One row: the local copy's when it has it, else the server's (older inspections, a new device). */
export async function readLocalRow<T>(
  local: (db: LocalDb) => Promise<T | undefined>,
  server: () => Promise<T>,
): Promise<T> {
  const row = await local(getOffline().db);
  if (row !== undefined) return row;
  if (!navigatorOnline()) throw new Error('This record is not kept on this device. Connect to load it.');
  return server();
}

/**
 * Applies a change on this device at once and queues it for the server, under the signed-in user
 * (a queued change is only ever sent with that user's session); the sync loop picks it up. `prepare`
 * runs in the same transaction first, e.g. to keep a row this device did not hold yet.
 */
export async function saveLocally(
  write: LocalWrite,
  label: string,
  prepare?: (db: LocalDb) => Promise<void>,
): Promise<void> {
  const user = readCachedUser();
  if (!user) throw new Error('Sign in to save changes.');
  const { db } = getOffline();
  await db.transaction('rw', db.tables, async () => {
    // The signed-in user is who a new inspection names as technician when the form names nobody else.
    const { id, username, email, role } = user;
    await db.meta.put({ key: 'currentUser', value: { id, username, email, role } });
    await prepare?.(db);
    await enqueue(db, user.id, write, label);
  });
}

export type KeptRow =
  | { table: 'customers'; row: Customer }
  | { table: 'vehicles'; row: Vehicle }
  | { table: 'inspections'; row: Inspection };

/**
 * A `prepare` step: keeps a row the screen read from the server (before the first pull, or an
 * inspection older than the window) so the change applies on this device too. A row already here
 * is at least as new and stays.
 */
export function keepRow(kept: KeptRow): (db: LocalDb) => Promise<void> {
  return async (db) => {
    switch (kept.table) {
      case 'customers':
        if (!(await db.customers.get(kept.row.id))) await db.customers.put(kept.row);
        return;
      case 'vehicles':
        if (!(await db.vehicles.get(kept.row.id))) await db.vehicles.put(kept.row);
        return;
      case 'inspections':
        if (!(await db.inspections.get(kept.row.id))) await db.inspections.put(kept.row);
    }
  };
}

/**
 * A new vehicle needs its customer on this device, a new inspection its customer and vehicle. Until
 * the first pull has brought them, the screens picked them from the server: fetch them now (outside
 * any transaction) and return the `prepare` step that keeps them.
 */
export async function keepParents(parents: {
  customerId?: string | undefined;
  vehicleId?: string | undefined;
}): Promise<(db: LocalDb) => Promise<void>> {
  const { db } = getOffline();
  const kept: KeptRow[] = [];
  const customerId = parents.customerId?.trim();
  const vehicleId = parents.vehicleId?.trim();
  if (customerId && !(await db.customers.get(customerId)) && navigatorOnline()) {
    kept.push({ table: 'customers', row: await api.get<Customer>(`/api/customers/${customerId}`) });
  }
  if (vehicleId && !(await db.vehicles.get(vehicleId)) && navigatorOnline()) {
    kept.push({ table: 'vehicles', row: await api.get<Vehicle>(`/api/vehicles/${vehicleId}`) });
  }
  return async (local) => {
    for (const row of kept) await keepRow(row)(local);
  };
}

/** The row a create or update left on this device (what the forms' success path gets). */
export async function localRowAfterSave<T>(read: (db: LocalDb) => Promise<T | undefined>): Promise<T> {
  const row = await read(getOffline().db);
  if (row === undefined) throw new Error('The change was saved but its row is missing on this device.');
  return row;
}
