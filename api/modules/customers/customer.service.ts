import type { z } from 'zod';
import type { Customer, CustomerListQuery, createCustomerBody, updateCustomerBody } from '@shared/schemas/customer';
import type { Db } from '@api/db/database';
import { isUniqueViolation } from '@api/db/errors';
import { inTransaction } from '@api/db/transaction';
import type { TextPage } from '@api/lib/list';
import { jsonArrayText } from '@api/lib/json-text';
import { conflict, notFound } from '@api/lib/http-error';
import { decodeCursor, encodeCursor, pageWithLookahead, splitPage, totalFromPage } from '@api/lib/keyset';
import { newId, nowIso } from '@api/lib/tokens';
import {
  assertNotDeleted,
  changed,
  customerDependents,
  deferredIdsShowing,
  deleted,
  inspectionDeletions,
  missingRow,
  recordChanges,
} from '@api/lib/change-log';
import {
  countCustomers,
  customerSortKey,
  deleteCustomer as deleteCustomerRow,
  findCustomerById,
  insertCustomer,
  listCustomers as listCustomerRows,
  searchCustomers,
  updateCustomer as updateCustomerRow,
} from './customer.repository';
import { toCustomer } from './customer.mapper';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const CUSTOMER_EXISTS = 'Customer already exists';

/** A page of customers, each answer written as JSON by the database and sent as it is. */
export async function listCustomers(db: Db, query: CustomerListQuery): Promise<TextPage> {
  const filters = { q: query.q, status: query.status };
  const sort = query.sort ?? 'name';
  const after = query.after === undefined ? undefined : decodeCursor(query.after, sort, 2);
  // A search without a cursor gives its own total (a cursor's page would see only what follows it).
  if (filters.q && after === undefined) {
    const search = await searchCustomers(db, filters, sort, { limit: query.limit, offset: query.offset });
    const next = search.more && search.last ? encodeCursor(sort, customerSortKey(search.last, sort)) : undefined;
    return { items: search.items, total: search.total, next };
  }
  const read = { ...pageWithLookahead(query), after };
  const rows = await listCustomerRows(db, filters, sort, read);
  const total = totalFromPage(rows, read) ?? (await countCustomers(db, filters));
  const page = splitPage(rows, query.limit, (row) => encodeCursor(sort, customerSortKey(row, sort)));
  return { items: jsonArrayText(page.rows.map((row) => row.text)), total, next: page.next };
}

export async function getCustomer(db: Db, id: string): Promise<Customer> {
  const row = await findCustomerById(db, id);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return toCustomer(row);
}

/** A create repeated with the same client id answers 409 and never makes a second row. */
export async function createCustomer(
  db: Db,
  userId: string,
  body: z.output<typeof createCustomerBody>,
): Promise<Customer> {
  const { id: clientId, ...fields } = body;
  const id = clientId ?? newId();
  return inTransaction(db, async (trx) => {
    if (clientId) {
      await assertNotDeleted(trx, 'customer', clientId);
      if (await findCustomerById(trx, clientId)) throw conflict(CUSTOMER_EXISTS);
    }
    const now = nowIso();
    try {
      await insertCustomer(trx, { ...fields, id, createdBy: userId, createdAt: now, updatedAt: now });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(CUSTOMER_EXISTS);
      throw err;
    }
    await recordChanges(trx, changed('customer', [id]), now);
    return getCustomer(trx, id);
  });
}

/**
 * Partial update: only the fields sent change; nothing sent changes nothing. The customer's
 * vehicles, inspections and deferred work lines show it, so they are recorded as changed too.
 */
export async function updateCustomer(db: Db, id: string, body: z.output<typeof updateCustomerBody>): Promise<Customer> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  return inTransaction(db, async (trx) => {
    if (Object.keys(changes).length > 0) {
      const now = nowIso();
      const updated = await updateCustomerRow(trx, id, { ...changes, updatedAt: now });
      if (!updated) throw await missingRow(trx, 'customer', id, notFound(CUSTOMER_NOT_FOUND));
      const { vehicleIds, inspectionIds } = await customerDependents(trx, id);
      const deferredIds = await deferredIdsShowing(trx, 'customerId', id);
      await recordChanges(
        trx,
        [
          ...changed('customer', [id]),
          ...changed('vehicle', vehicleIds),
          ...changed('inspection', inspectionIds),
          ...changed('deferred', deferredIds),
        ],
        now,
      );
    } else if (!(await findCustomerById(trx, id))) {
      throw await missingRow(trx, 'customer', id, notFound(CUSTOMER_NOT_FOUND));
    }
    return getCustomer(trx, id);
  });
}

/** Vehicles and inspections go by cascade, so they are recorded as deleted with the customer. */
export async function deleteCustomer(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const { vehicleIds, inspectionIds } = await customerDependents(trx, id);
    const deletions = [
      ...deleted('customer', [id]),
      ...deleted('vehicle', vehicleIds),
      ...(await inspectionDeletions(trx, inspectionIds)),
    ];
    if (!(await deleteCustomerRow(trx, id))) throw await missingRow(trx, 'customer', id, notFound(CUSTOMER_NOT_FOUND));
    await recordChanges(trx, deletions);
  });
}
