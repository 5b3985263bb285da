import type { Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Indexes for the share pages' one statement each: the shop's contact (the earliest-created admin)
// is found down an index instead of sorting the admins on every view, and a receipt's line items
// come in their order (oldest first) from their invoice's index instead of being sorted. The new
// line-item index starts with the invoice, so it serves the lookups the old one did.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('users_role_created').on('users').columns(['role', 'created_at', 'id']).execute();
  await db.schema
    .createIndex('invoice_line_items_invoice_order')
    .on('invoice_line_items')
    .columns(['invoice_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('invoice_line_items_invoice_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.createIndex('invoice_line_items_invoice_id').on('invoice_line_items').column('invoice_id').execute();
  await db.schema.dropIndex('invoice_line_items_invoice_order').execute();
  await db.schema.dropIndex('users_role_created').execute();
}
