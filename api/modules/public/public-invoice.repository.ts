import { compiledOnce } from '@api/db/compiled-once';
import { sql } from 'kysely';
import { isPostgres, type Db } from '@api/db/database';
import { jsonArray } from '@api/db/json-rows';
import type { InvoiceLineItemRow, InvoiceRow } from '@api/db/tables';
import { shareLinkLifeColumns } from '@api/modules/inspections/share-link';
import { sharePageColumns, sharePageOf, sharePageRead, type SharePageRead, type SharePageRow } from './share-page.repository';

/** What a receipt shows of the invoice's own row. */
const INVOICE_COLUMNS = [
  'id',
  'inspectionId',
  'customerId',
  'vehicleId',
  'status',
  'notes',
  'subtotalCents',
  'taxCents',
  'totalCents',
  'createdAt',
] as const satisfies readonly (keyof InvoiceRow)[];

export type ReceiptInvoice = Pick<InvoiceRow, (typeof INVOICE_COLUMNS)[number]>;

/**
 * The invoice's line items as one JSON text, `[[id, description, amountCents], …]` oldest first, so
 * they come in the same statement as the invoice.
 */
function lineItemsJson(db: Db) {
  const postgres = isPostgres(db);
  const item = jsonArray(postgres, sql.raw('l.id, l.description, l.amount_cents'));
  if (postgres)
    return sql<string>`(select coalesce(json_agg(${item} order by l.created_at, l.id), '[]')::text
      from invoice_line_items l where l.invoice_id = ${sql.ref('invoices.id')})`;
  return sql<string>`(select json_group_array(${item})
      from (select * from invoice_line_items l where l.invoice_id = ${sql.ref('invoices.id')} order by l.created_at, l.id) l)`;
}

// Every view of a receipt runs it: compiled once. One statement instead of six (the invoice, its
// line items, the signature setting, the customer's approvals, whether there are media, the shop).
const invoicePageByToken = compiledOnce((db, [token]) =>
  db
    .selectFrom('invoices')
    .select(INVOICE_COLUMNS.map((column) => `invoices.${column}` as const))
    .select(lineItemsJson(db).as('lineItems'))
    .select(sharePageColumns(db, 'invoices.inspectionId'))
    .select(shareLinkLifeColumns(db, 'invoices'))
    .where('invoices.shareToken', '=', token!),
);

export interface InvoicePageRow extends SharePageRow {
  invoice: ReceiptInvoice;
  lineItems: Pick<InvoiceLineItemRow, 'id' | 'description' | 'amountCents'>[];
}

/** Everything a receipt page shows besides its inspection and media, found by the page's token. */
export async function findInvoicePageByToken(db: Db, token: string): Promise<SharePageRead<InvoicePageRow> | undefined> {
  const [row] = await invoicePageByToken(db, [token]);
  return row && sharePageRead(row, row.inspectionId, invoicePageOf);
}

type InvoicePageColumns = Awaited<ReturnType<typeof invoicePageByToken>>[number];

function invoicePageOf(row: InvoicePageColumns): InvoicePageRow {
  const invoice = Object.fromEntries(INVOICE_COLUMNS.map((column) => [column, row[column]])) as ReceiptInvoice;
  return {
    invoice,
    lineItems: (JSON.parse(row.lineItems) as [string, string, number][]).map(([id, description, amountCents]) => ({
      id,
      description,
      amountCents: Number(amountCents),
    })),
    ...sharePageOf(row),
  };
}
