import { sql, type Kysely } from 'kysely';

// Frozen in time: this file never imports application code.
// Money is integer cents in bigint columns, so amounts up to 99,999,999.99 (DECIMAL(10,2)) fit on PostgreSQL.

const now = sql`CURRENT_TIMESTAMP`;

function inList(column: string, values: string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('technician'))
    .addColumn('company_name', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('website', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('users_role_check', inList('role', ['admin', 'technician', 'service_advisor']))
    .execute();
  await db.schema
    .createIndex('users_username_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex('users_email_unique')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('sid', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_time')
    .on('login_failures')
    .columns(['username_key', 'failed_at'])
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('customers_status_check', inList('status', ['active', 'inactive']))
    .execute();
  await db.schema.createIndex('customers_name').on('customers').column('name').execute();
  await db.schema.createIndex('customers_created_at').on('customers').column('created_at').execute();
  await db.schema.createIndex('customers_updated_at').on('customers').column('updated_at').execute();
  await db.schema.createIndex('customers_created_by').on('customers').column('created_by').execute();

  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('make', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('vin', 'text')
    .addColumn('license_plate', 'text')
    .addColumn('mileage', 'integer')
    .addColumn('color', 'text')
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('vehicles_customer_id').on('vehicles').column('customer_id').execute();
  await db.schema.createIndex('vehicles_created_by').on('vehicles').column('created_by').execute();

  await db.schema
    .createTable('inspections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('vehicle_id', 'text', (c) =>
      c.notNull().references('vehicles.id').onDelete('cascade'),
    )
    .addColumn('technician_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('share_token', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('in_progress'))
    .addColumn('front_left_tread', 'integer')
    .addColumn('front_right_tread', 'integer')
    .addColumn('rear_left_tread', 'integer')
    .addColumn('rear_right_tread', 'integer')
    .addColumn('front_left_brake', 'integer')
    .addColumn('front_right_brake', 'integer')
    .addColumn('rear_left_brake', 'integer')
    .addColumn('rear_right_brake', 'integer')
    .addColumn('cabin_filter_condition', 'text')
    .addColumn('engine_filter_condition', 'text')
    .addColumn('oil_condition', 'text')
    .addColumn('oil_level', 'text')
    .addColumn('coolant_level', 'text')
    .addColumn('suspension_condition', 'text')
    .addColumn('leaks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('check_engine_light', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('diagnostic_codes', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'inspections_status_check',
      inList('status', ['in_progress', 'completed', 'approved', 'declined']),
    )
    .execute();
  for (const column of ['customer_id', 'vehicle_id', 'technician_id', 'created_at', 'status']) {
    await db.schema.createIndex(`inspections_${column}`).on('inspections').column(column).execute();
  }

  await db.schema
    .createTable('inspection_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inspection_id', 'text', (c) =>
      c.notNull().references('inspections.id').onDelete('cascade'),
    )
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('inspection_notes_inspection_id')
    .on('inspection_notes')
    .column('inspection_id')
    .execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inspection_id', 'text', (c) =>
      c.notNull().references('inspections.id').onDelete('cascade'),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('parts_link', 'text')
    .addColumn('parts_cost_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('labor_cost_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('recommended'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      'services_status_check',
      inList('status', ['recommended', 'approved', 'declined']),
    )
    .execute();
  await db.schema.createIndex('services_inspection_id').on('services').column('inspection_id').execute();

  await db.schema
    .createTable('service_parts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('service_id', 'text', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addColumn('part_name', 'text', (c) => c.notNull())
    .addColumn('part_url', 'text')
    .addColumn('part_cost_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('service_parts_service_id')
    .on('service_parts')
    .column('service_id')
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('inspection_id', 'text', (c) => c.references('inspections.id').onDelete('set null'))
    .addColumn('customer_id', 'text', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('vehicle_id', 'text', (c) => c.references('vehicles.id').onDelete('set null'))
    .addColumn('share_token', 'text', (c) => c.notNull().unique())
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('tax_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('invoices_status_check', inList('status', ['draft', 'sent', 'paid']))
    .execute();
  for (const column of ['customer_id', 'inspection_id', 'created_at']) {
    await db.schema.createIndex(`invoices_${column}`).on('invoices').column(column).execute();
  }

  await db.schema
    .createTable('invoice_line_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invoice_id', 'text', (c) =>
      c.notNull().references('invoices.id').onDelete('cascade'),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('invoice_line_items_invoice_id')
    .on('invoice_line_items')
    .column('invoice_id')
    .execute();

  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('email_templates_status_check', inList('status', ['active', 'draft']))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'email_templates',
    'invoice_line_items',
    'invoices',
    'service_parts',
    'services',
    'inspection_notes',
    'inspections',
    'vehicles',
    'customers',
    'login_failures',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
