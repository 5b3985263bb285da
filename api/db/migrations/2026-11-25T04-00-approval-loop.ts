import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// The approval loop: every send of a share link, every view of a share page, every decision on a
// recommended service, re-approval of a changed service, the customer's consent to texts, and the
// declined work carried forward to the vehicle's next visit.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Each send of an inspection's or an invoice's link: who, when, how, to whom, and what came of it.
  await db.schema
    .createTable('share_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inspection_id', 'text', (c) => c.references('inspections.id').onDelete('cascade'))
    .addColumn('invoice_id', 'text', (c) => c.references('invoices.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // email | mail_app | text | share_sheet | copy_link
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text')
    .addColumn('subject', 'text')
    .addColumn('body', 'text')
    // sent | failed (email); opened (handed to the device's app or copied)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'share_sends_one_target',
      sql`(${sql.ref('inspection_id')} is null) <> (${sql.ref('invoice_id')} is null)`,
    )
    .execute();
  await db.schema.createIndex('share_sends_inspection').on('share_sends').columns(['inspection_id', 'sent_at']).execute();
  await db.schema.createIndex('share_sends_invoice').on('share_sends').columns(['invoice_id', 'sent_at']).execute();
  await db.schema.createIndex('share_sends_sent_at').on('share_sends').column('sent_at').execute();

  // Views of a share page by its customer (staff previews are not counted): one row per page.
  await db.schema
    .createTable('share_views')
    // inspection | invoice
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('first_viewed_at', 'text', (c) => c.notNull())
    .addColumn('last_viewed_at', 'text', (c) => c.notNull())
    .addColumn('view_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_views_pkey', ['target_kind', 'target_id'])
    .execute();

  // Every approve, decline or unapprove of a recommended service; rows are only ever added.
  await db.schema
    .createTable('service_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inspection_id', 'text', (c) => c.notNull().references('inspections.id').onDelete('cascade'))
    // No foreign key: the record outlives a service removed from the inspection later.
    .addColumn('service_id', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // approved | declined | unapproved
    .addColumn('decision', 'text', (c) => c.notNull())
    // customer (through the share link) | staff
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    // link | in_person | phone | text
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('client_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('signer_name', 'text')
    // A drawn signature as a PNG data URL.
    .addColumn('signature', 'text')
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('service_decisions_inspection')
    .on('service_decisions')
    .columns(['inspection_id', 'decided_at'])
    .execute();
  await db.schema.createIndex('service_decisions_decided_at').on('service_decisions').column('decided_at').execute();

  // An approved service whose price, parts or description changed after the decision.
  await db.schema.alterTable('services').addColumn('approved_amount_cents', 'integer').execute();
  await db.schema
    .alterTable('services')
    .addColumn('needs_reapproval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // The customer's consent to texts: when and how it was given (null: not given).
  await db.schema.alterTable('customers').addColumn('text_consent_at', 'text').execute();
  await db.schema.alterTable('customers').addColumn('text_consent_source', 'text').execute();

  // Declined or still-recommended work of a finished inspection, offered again at the next visit.
  await db.schema
    .createTable('deferred_work')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'text', (c) => c.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('source_inspection_id', 'text', (c) =>
      c.notNull().references('inspections.id').onDelete('cascade'),
    )
    // One line per service; no foreign key so the line survives the service's later removal.
    .addColumn('source_service_id', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    // declined | recommended: the service's status when the inspection was finished
    .addColumn('source_status', 'text', (c) => c.notNull())
    .addColumn('technician_note', 'text')
    .addColumn('inspected_at', 'text', (c) => c.notNull())
    // open | added | dismissed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('dismiss_reason', 'text')
    .addColumn('added_to_inspection_id', 'text', (c) => c.references('inspections.id').onDelete('set null'))
    .addColumn('follow_up_date', 'text')
    .addColumn('follow_up_outcome', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('deferred_work_vehicle').on('deferred_work').columns(['vehicle_id', 'status']).execute();
  await db.schema.createIndex('deferred_work_status_age').on('deferred_work').columns(['status', 'inspected_at', 'id']).execute();
  await db.schema.createIndex('deferred_work_customer').on('deferred_work').column('customer_id').execute();
  await db.schema.createIndex('deferred_work_source').on('deferred_work').column('source_inspection_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('deferred_work').execute();
  await db.schema.alterTable('customers').dropColumn('text_consent_source').execute();
  await db.schema.alterTable('customers').dropColumn('text_consent_at').execute();
  await db.schema.alterTable('services').dropColumn('needs_reapproval').execute();
  await db.schema.alterTable('services').dropColumn('approved_amount_cents').execute();
  await db.schema.dropTable('service_decisions').execute();
  await db.schema.dropTable('share_views').execute();
  await db.schema.dropTable('share_sends').execute();
}
