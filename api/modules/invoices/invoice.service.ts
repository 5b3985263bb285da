import type { Updateable } from 'kysely';
import type {
  CreateInvoiceBody,
  Invoice,
  InvoiceLineItem,
  InvoiceListQuery,
  LineItemBody,
  UpdateInvoiceBody,
} from '@shared/schemas/invoice';
import type { Db } from '@api/db/database';
import { isForeignKeyViolation, isUniqueViolation } from '@api/db/errors';
import type { InvoiceLineItemRow, InvoiceRow, InvoicesTable, UserRow } from '@api/db/tables';
import { inTransaction } from '@api/db/transaction';
import type { ListPage } from '@api/lib/list';
import { badRequest, conflict, notFound } from '@api/lib/http-error';
import { newId, newShareToken, nowIso } from '@api/lib/tokens';
import { inspectionsByIds } from '@api/modules/inspections/inspection-documents';
import { recalculateInvoiceTotals } from '@api/lib/invoice-totals';
import { toInvoice, toLineItem } from './invoice.mapper';
import * as repo from './invoice.repository';
import { renewInvoiceLink } from '@api/modules/inspections/share-link';

export const INVOICE_NOT_FOUND = 'Invoice not found';
const INVOICE_EXISTS = 'Invoice already exists';
const LINE_ITEM_NOT_FOUND = 'Line item not found';
const LINE_ITEM_EXISTS = 'Line item already exists';
const INSPECTION_NOT_FOUND = 'Inspection not found';

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** Nests customer, vehicle, inspection and line items: a fixed number of queries for any count. */
async function assemble(db: Db, rows: readonly InvoiceRow[]): Promise<Invoice[]> {
  if (rows.length === 0) return [];
  const present = <T>(values: (T | null)[]) => values.filter((v): v is T => v !== null);
  const [customers, vehicles, lineItems, inspections] = await Promise.all([
    repo.customersByIds(
      db,
      rows.map((r) => r.customerId),
    ),
    repo.vehiclesByIds(db, present(rows.map((r) => r.vehicleId))),
    repo.lineItemsByInvoiceIds(
      db,
      rows.map((r) => r.id),
    ),
    inspectionsByIds(db, present(rows.map((r) => r.inspectionId))),
  ]);
  const related = {
    customers: new Map(customers.map((c) => [c.id, c])),
    vehicles: new Map(vehicles.map((v) => [v.id, v])),
    inspections: new Map(inspections.map((i) => [i.id, i])),
    lineItems: groupBy(lineItems, (item) => item.invoiceId),
  };
  return rows.flatMap((row) => toInvoice(row, related) ?? []);
}

export async function listInvoices(db: Db, query: InvoiceListQuery): Promise<ListPage<Invoice>> {
  const filters = { q: query.q, status: query.status === 'all' ? undefined : query.status };
  const [rows, total] = await Promise.all([
    repo.listInvoiceRows(db, filters, query.sort ?? 'date', query),
    repo.countInvoices(db, filters),
  ]);
  return { items: await assemble(db, rows), total };
}

export async function getInvoice(db: Db, id: string): Promise<Invoice> {
  const row = await repo.findInvoiceById(db, id);
  const [invoice] = row ? await assemble(db, [row]) : [];
  if (!invoice) throw notFound(INVOICE_NOT_FOUND);
  return invoice;
}

/** Turns constraint races into clean answers instead of a 500. */
async function guarded<T>(existsMessage: string, missing: () => Error, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(existsMessage);
    if (isForeignKeyViolation(err)) throw missing();
    throw err;
  }
}

/**
 * Creation times for new line items, strictly after the invoice's newest one, a millisecond
 * apart, so "oldest first" keeps the order they were entered in.
 */
function lineItemStamps(existing: readonly InvoiceLineItemRow[], count: number): string[] {
  const newest = existing.reduce((max, item) => Math.max(max, Date.parse(item.createdAt) + 1), 0);
  const start = Math.max(Date.now(), newest);
  return Array.from({ length: count }, (_, i) => new Date(start + i).toISOString());
}

/** 409 when a client-made line item id is repeated or already taken. */
async function assertNewLineItemIds(db: Db, ids: readonly string[]): Promise<void> {
  if (new Set(ids).size !== ids.length) throw conflict(LINE_ITEM_EXISTS);
  if ((await repo.existingLineItemIds(db, ids)).length > 0) throw conflict(LINE_ITEM_EXISTS);
}

function lineItemRows(invoiceId: string, items: readonly LineItemBody[], stamps: readonly string[]) {
  return items.map((item, i) => {
    return {
      id: item.id ?? newId(),
      invoiceId,
      description: item.description,
      amountCents: item.amount,
      createdAt: stamps[i] ?? nowIso(),
    };
  });
}

/** Customer and vehicle come from the inspection; totals from its approved services and the items. */
export async function createInvoice(db: Db, user: UserRow, body: CreateInvoiceBody): Promise<Invoice> {
  const id = body.id ?? newId();
  const items = body.lineItems ?? [];
  await guarded(
    INVOICE_EXISTS,
    () => badRequest(INSPECTION_NOT_FOUND),
    () =>
      inTransaction(db, async (trx) => {
        // A repeated create with the same client id never makes a second invoice.
        if (await repo.findInvoiceById(trx, id)) throw conflict(INVOICE_EXISTS);
        const inspection = await repo.findInspectionLinks(trx, body.inspectionId);
        if (!inspection) throw badRequest(INSPECTION_NOT_FOUND);
        await assertNewLineItemIds(
          trx,
          items.flatMap((item) => (item.id ? [item.id] : [])),
        );
        const now = nowIso();
        await repo.insertInvoice(trx, {
          id,
          inspectionId: inspection.id,
          customerId: inspection.customerId,
          vehicleId: inspection.vehicleId,
          shareToken: newShareToken(),
          subtotalCents: 0,
          taxCents: 0,
          totalCents: 0,
          notes: body.notes,
          status: body.status,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        });
        await repo.insertLineItems(trx, lineItemRows(id, items, lineItemStamps([], items.length)));
        await recalculateInvoiceTotals(trx, { invoiceId: id });
      }),
  );
  return getInvoice(db, id);
}

/** Partial: only the fields sent change. An invoice reopened from paid gets current totals again. */
export async function updateInvoice(db: Db, id: string, body: UpdateInvoiceBody): Promise<Invoice> {
  const changes: Updateable<InvoicesTable> = {};
  if (body.status !== undefined) changes.status = body.status;
  if (body.notes !== undefined) changes.notes = body.notes;
  if (Object.keys(changes).length === 0) return getInvoice(db, id);
  await inTransaction(db, async (trx) => {
    const current = await repo.findInvoiceById(trx, id);
    if (!current) throw notFound(INVOICE_NOT_FOUND);
    await repo.updateInvoiceRow(trx, id, { ...changes, updatedAt: nowIso() });
    if (current.status === 'paid' && body.status !== undefined && body.status !== 'paid') {
      await recalculateInvoiceTotals(trx, { invoiceId: id });
    }
  });
  return getInvoice(db, id);
}

/** A new link for the invoice and its receipt (staff's Renew link); the old one dies. */
export async function renewInvoiceShareLink(db: Db, id: string): Promise<Invoice> {
  await inTransaction(db, async (trx) => {
    if (!(await repo.findInvoiceById(trx, id))) throw notFound(INVOICE_NOT_FOUND);
    await renewInvoiceLink(trx, id, nowIso());
  });
  return getInvoice(db, id);
}

export async function deleteInvoice(db: Db, id: string): Promise<void> {
  if (!(await repo.deleteInvoiceRow(db, id))) throw notFound(INVOICE_NOT_FOUND);
}

export async function addLineItem(db: Db, invoiceId: string, body: LineItemBody): Promise<InvoiceLineItem> {
  const id = body.id ?? newId();
  await guarded(
    LINE_ITEM_EXISTS,
    () => notFound(INVOICE_NOT_FOUND),
    () =>
      inTransaction(db, async (trx) => {
        if (!(await repo.findInvoiceById(trx, invoiceId))) throw notFound(INVOICE_NOT_FOUND);
        await assertNewLineItemIds(trx, [id]);
        const existing = await repo.lineItemsByInvoiceIds(trx, [invoiceId]);
        await repo.insertLineItems(trx, lineItemRows(invoiceId, [{ ...body, id }], lineItemStamps(existing, 1)));
        await recalculateInvoiceTotals(trx, { invoiceId });
      }),
  );
  const row = await repo.findLineItemById(db, id);
  if (!row) throw notFound(LINE_ITEM_NOT_FOUND);
  return toLineItem(row);
}

export async function removeLineItem(db: Db, invoiceId: string, itemId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await repo.findInvoiceById(trx, invoiceId))) throw notFound(INVOICE_NOT_FOUND);
    if (!(await repo.deleteLineItemRow(trx, invoiceId, itemId))) throw notFound(LINE_ITEM_NOT_FOUND);
    await recalculateInvoiceTotals(trx, { invoiceId });
  });
}
