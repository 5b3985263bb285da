import { sql, type Insertable, type Updateable } from 'kysely';
import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import type {
  CustomerRow,
  InvoiceLineItemRow,
  InvoiceLineItemsTable,
  InvoiceRow,
  InvoicesTable,
  VehicleRow,
} from '@api/db/tables';
import { likeOperand, likePattern, matchesAny, paginate, type Page } from '@api/lib/list';
import { idPrefixMatch, textMatch } from '@api/lib/text-search';
import { shareLinkLifeColumns, type ShareLinkLife } from '@api/modules/inspections/share-link';

// Keeps `in (...)` lists well under both drivers' bound-parameter limits.
const CHUNK = 5000;

/** Runs `fetch` per chunk of distinct ids: one query for up to 5000 ids. */
async function inChunks<T>(ids: readonly string[], fetch: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids)];
  const results: T[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) results.push(...(await fetch(unique.slice(i, i + CHUNK))));
  return results;
}

export type InvoiceSort = 'date' | 'amount' | 'customer';

export interface InvoiceFilters {
  q?: string | undefined;
  status?: string | undefined;
}

const OWNER_SEARCH = { table: 'customers', index: ['name'], columns: ['customers.name'] } as const;
const VEHICLE_SEARCH = {
  table: 'vehicles',
  index: ['make_model'],
  columns: ['vehicles.make', 'vehicles.model'],
} as const;

/**
 * No joins: every invoice has its customer (a cascading foreign key) and a vehicle or none, so
 * `in (ids that match)` gives the rows the joined search gave, each through its own text index.
 */
function filtered(db: Db, filters: InvoiceFilters) {
  let query = db.selectFrom('invoices');
  if (filters.q) {
    const q = filters.q;
    query = query.where((eb) =>
      eb.or([
        eb(
          'invoices.customerId',
          'in',
          db
            .selectFrom('customers')
            .select('customers.id')
            .where((inner) => textMatch(db, inner, OWNER_SEARCH, q)),
        ),
        eb(
          'invoices.vehicleId',
          'in',
          db
            .selectFrom('vehicles')
            .select('vehicles.id')
            .where((inner) =>
              textMatch(
                db,
                inner,
                VEHICLE_SEARCH,
                q,
                inner.or([
                  matchesAny(db, inner, [...VEHICLE_SEARCH.columns], q),
                  sql<boolean>`lower(${sql.ref('vehicles.make')} || ' ' || ${sql.ref('vehicles.model')}) like ${likeOperand(db, likePattern(q))} escape '\\'`,
                ]),
              ),
            ),
        ),
        // The screen shows ids by their first characters, so the id matches from its start.
        idPrefixMatch(db, eb, 'invoices.id', q),
      ]),
    );
  }
  if (filters.status) query = query.where('invoices.status', '=', filters.status);
  return query;
}

export function listInvoiceRows(db: Db, filters: InvoiceFilters, sort: InvoiceSort, page: Page): Promise<InvoiceRow[]> {
  // Each order ends on the id, so equal values keep one order across pages.
  if (sort === 'customer') {
    const query = filtered(db, filters)
      .innerJoin('customers', 'customers.id', 'invoices.customerId')
      .selectAll('invoices')
      .orderBy(sql`lower(${sql.ref('customers.name')})`)
      .orderBy('customers.name')
      .orderBy('invoices.createdAt', 'desc')
      .orderBy('invoices.id', 'desc');
    return paginate(query, page).execute();
  }
  let query = filtered(db, filters).selectAll('invoices');
  if (sort === 'amount') query = query.orderBy('invoices.totalCents', 'desc');
  query = query.orderBy('invoices.createdAt', 'desc').orderBy('invoices.id', 'desc');
  return paginate(query, page).execute();
}

export async function countInvoices(db: Db, filters: InvoiceFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findInvoiceById(db: Db, id: string): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

// Read by every share invoice view: compiled once.
const invoiceByToken = compiledOnce((db, [token]) =>
  db.selectFrom('invoices').selectAll().select(shareLinkLifeColumns(db, 'invoices')).where('shareToken', '=', token!),
);

/** The invoice a share token names, with what decides whether the link still works: one statement. */
export async function findInvoiceByToken(
  db: Db,
  shareToken: string,
): Promise<(InvoiceRow & ShareLinkLife) | undefined> {
  return (await invoiceByToken(db, [shareToken]))[0];
}

export async function insertInvoice(db: Db, row: Insertable<InvoicesTable>): Promise<void> {
  await db.insertInto('invoices').values(row).execute();
}

/** Returns whether a row was there to update. */
export async function updateInvoiceRow(db: Db, id: string, changes: Updateable<InvoicesTable>): Promise<boolean> {
  const result = await db.updateTable('invoices').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Returns whether a row was deleted; its line items go with it (cascade). */
export async function deleteInvoiceRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('invoices').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findInspectionLinks(
  db: Db,
  inspectionId: string,
): Promise<{ id: string; customerId: string; vehicleId: string } | undefined> {
  return db
    .selectFrom('inspections')
    .select(['id', 'customerId', 'vehicleId'])
    .where('id', '=', inspectionId)
    .executeTakeFirst();
}

export function customersByIds(db: Db, ids: readonly string[]): Promise<CustomerRow[]> {
  return inChunks(ids, (chunk) => db.selectFrom('customers').selectAll().where('id', 'in', chunk).execute());
}

export function vehiclesByIds(db: Db, ids: readonly string[]): Promise<VehicleRow[]> {
  return inChunks(ids, (chunk) => db.selectFrom('vehicles').selectAll().where('id', 'in', chunk).execute());
}

/** Line items of the invoices, oldest first within each invoice. */
const lineItemRows = compiledOnce((db, ids) =>
  db.selectFrom('invoiceLineItems').selectAll().where('invoiceId', 'in', ids).orderBy('createdAt').orderBy('id'),
);

export function lineItemsByInvoiceIds(db: Db, ids: readonly string[]): Promise<InvoiceLineItemRow[]> {
  return inChunks(ids, (chunk) => lineItemRows(db, chunk));
}

export function findLineItemById(db: Db, id: string): Promise<InvoiceLineItemRow | undefined> {
  return db.selectFrom('invoiceLineItems').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Which of the ids are already taken by a line item (of any invoice). */
export function existingLineItemIds(db: Db, ids: readonly string[]): Promise<{ id: string }[]> {
  return inChunks(ids, (chunk) => db.selectFrom('invoiceLineItems').select('id').where('id', 'in', chunk).execute());
}

export async function insertLineItems(db: Db, rows: Insertable<InvoiceLineItemsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('invoiceLineItems').values(rows).execute();
}

/** Returns whether the item existed on that invoice. */
export async function deleteLineItemRow(db: Db, invoiceId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('invoiceLineItems')
    .where('id', '=', id)
    .where('invoiceId', '=', invoiceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
