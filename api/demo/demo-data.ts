import type { Insertable } from 'kysely';
import { invoiceTotals } from '@shared/invoice-totals';
import { approvedServicesCents } from '@api/lib/invoice-totals';
import { hashPassword, type HashParams } from '@api/lib/password';
import { newSetupCode, removeSetupCodeFile } from '@api/lib/setup-code';
import { changed, deleted, recordChanges, type Change } from '@api/lib/change-log';
import type { Db } from '@api/db/database';
import { DemoClock, iso } from './clock';
import { buildInspections } from './inspections';
import { buildInvoices } from './invoices';
import { buildCustomers, buildStaff } from './people';
import { DemoRandom } from './random';
import { buildTemplates } from './templates';
import type { Database, InvoiceRow } from '@api/db/tables';

/** The fixed seed: the same names, cars, findings and amounts on every run. */
export const DEMO_SEED = 20261122;

export const NOT_EMPTY_MESSAGE =
  'The database already has users or customers, so the demo data was not loaded. ' +
  'Run again with --force to ERASE everything in it and load the demo data instead.';

export class DatabaseNotEmptyError extends Error {
  constructor() {
    super(NOT_EMPTY_MESSAGE);
    this.name = 'DatabaseNotEmptyError';
  }
}

export interface SeedDemoOptions {
  /** The ADMIN_EMAIL setting: the demo admin signs up with it. */
  adminEmail: string;
  /** Erase every existing row first instead of refusing a non-empty database. */
  force?: boolean;
  /** The moment the demo's "last 60 days" and "today" are counted from. */
  now?: Date;
  /** scrypt parameters for the demo passwords (production ones unless given). */
  hashParams?: HashParams;
  /** DATA_DIR: its setup code file goes, as the shop now has its admin. */
  dataDir?: string;
}

export interface SeedDemoResult {
  password: string;
  users: { username: string; email: string; role: string }[];
  counts: Record<
    | 'users'
    | 'customers'
    | 'vehicles'
    | 'inspections'
    | 'inspectionNotes'
    | 'services'
    | 'serviceParts'
    | 'invoices'
    | 'invoiceLineItems'
    | 'emailTemplates',
    number
  >;
}

// Children before parents, so the wipe never trips a foreign key on either database.
const TABLES_IN_DELETE_ORDER = [
  'invoiceLineItems',
  'invoices',
  'serviceParts',
  'services',
  'inspectionNotes',
  'inspections',
  'vehicles',
  'customers',
  'emailTemplates',
  'sessions',
  'loginFailures',
  'users',
] as const satisfies readonly (keyof Database)[];

// Well under the bound-parameter limits of SQLite and PostgreSQL for the widest table.
const BATCH_SIZE = 200;

export async function hasUsersOrCustomers(db: Db): Promise<boolean> {
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  const customer = await db.selectFrom('customers').select('id').limit(1).executeTakeFirst();
  return Boolean(user ?? customer);
}

async function insertAll<T extends keyof Database & string>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    // Kysely cannot narrow a generic table's row type; the caller's rows are already typed.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + BATCH_SIZE) as never)
      .execute();
  }
}

/** Every row the change feed carries, as deletions: what offline devices must drop on a wipe. */
async function syncedRows(db: Db): Promise<Change[]> {
  const ids = async (table: 'customers' | 'vehicles' | 'inspections' | 'services') =>
    (await db.selectFrom(table).select('id').execute()).map((r) => r.id);
  return [
    ...deleted('customer', await ids('customers')),
    ...deleted('vehicle', await ids('vehicles')),
    ...deleted('inspection', await ids('inspections')),
    ...deleted('service', await ids('services')),
  ];
}

/** Fills the database with a believable independent shop (see the README of `npm run db:seed`). */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<SeedDemoResult> {
  if (!options.force && (await hasUsersOrCustomers(db))) throw new DatabaseNotEmptyError();

  const rng = new DemoRandom(DEMO_SEED);
  const clock = new DemoClock(options.now ?? new Date());
  // Hashing is slow on purpose: done before the transaction, one at a time (each takes 128 MB),
  // each user with its own salt.
  const hashes: string[] = [];
  // New on every load and printed once: a password written in the docs would let anyone in before
  // its owner, who is made to choose their own at first sign-in anyway.
  const password = newSetupCode();
  for (let i = 0; i < 4; i++) hashes.push(await hashPassword(password, options.hashParams));
  const staff = buildStaff(clock, options.adminEmail.toLowerCase(), hashes);
  const { customers, vehicles } = buildCustomers(rng, clock, staff);
  const work = buildInspections(rng, clock, staff, vehicles);
  const { invoices, lineItems } = buildInvoices(rng, clock, staff, work);
  const templates = buildTemplates(iso(new Date(clock.now.getTime() - 90 * 86_400_000)));

  await db.transaction().execute(async (trx) => {
    let erased: Change[] = [];
    if (options.force) {
      erased = await syncedRows(trx);
      for (const table of TABLES_IN_DELETE_ORDER) await trx.deleteFrom(table).execute();
    } else if (await hasUsersOrCustomers(trx)) {
      throw new DatabaseNotEmptyError();
    }
    await insertAll(trx, 'users', staff.all);
    // The shop has its admin: the first-run setup code opens nothing any more.
    await trx.deleteFrom('setupCode').execute();
    await insertAll(trx, 'customers', customers);
    await insertAll(
      trx,
      'vehicles',
      vehicles.map((v) => v.row),
    );
    await insertAll(trx, 'inspections', work.inspections);
    await insertAll(trx, 'inspectionNotes', work.notes);
    await insertAll(trx, 'services', work.services);
    await insertAll(trx, 'serviceParts', work.parts);
    // Stored totals come from the same rule the invoices module uses, over the rows just stored.
    const withTotals: InvoiceRow[] = [];
    for (const invoice of invoices) {
      const items = lineItems.filter((item) => item.invoiceId === invoice.id).map((item) => item.amountCents);
      const totals = invoiceTotals(await approvedServicesCents(trx, invoice.inspectionId), items);
      withTotals.push({ ...invoice, ...totals });
    }
    await insertAll(trx, 'invoices', withTotals);
    await insertAll(trx, 'invoiceLineItems', lineItems);
    await insertAll(trx, 'emailTemplates', templates);
    // Offline devices drop what was erased and pull the demo shop like any other change.
    await recordChanges(trx, [
      ...erased,
      ...changed(
        'customer',
        customers.map((c) => c.id),
      ),
      ...changed(
        'vehicle',
        vehicles.map((v) => v.row.id),
      ),
      ...changed(
        'inspection',
        work.inspections.map((i) => i.id),
      ),
    ]);
  });

  if (options.dataDir) removeSetupCodeFile(options.dataDir);
  return {
    password,
    users: staff.all.map((u) => ({ username: u.username, email: u.email, role: u.role })),
    counts: {
      users: staff.all.length,
      customers: customers.length,
      vehicles: vehicles.length,
      inspections: work.inspections.length,
      inspectionNotes: work.notes.length,
      services: work.services.length,
      serviceParts: work.parts.length,
      invoices: invoices.length,
      invoiceLineItems: lineItems.length,
      emailTemplates: templates.length,
    },
  };
}
