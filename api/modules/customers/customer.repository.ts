import { sql, type Insertable, type Updateable } from 'kysely';
import type { CustomerListQuery } from '../../../shared/schemas/customer';
import type { Db } from '../../db/database';
import type { CustomerRow, CustomersTable } from '../../db/tables';
import { paginate, type Page } from '../../lib/list';
import { textMatch } from '../../lib/text-search';

export type CustomerFilters = Pick<CustomerListQuery, 'q' | 'status'>;
export type CustomerSort = NonNullable<CustomerListQuery['sort']>;

const SEARCH = {
  table: 'customers',
  index: ['name', 'email', 'phone', 'address'],
  columns: ['customers.name', 'customers.email', 'customers.phone', 'customers.address'],
} as const;

export function findCustomerById(db: Db, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findCustomersByIds(db: Db, ids: readonly string[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('customers').selectAll().where('id', 'in', [...ids]).execute();
}

export async function insertCustomer(db: Db, row: Insertable<CustomersTable>): Promise<void> {
  await db.insertInto('customers').values(row).execute();
}

export async function updateCustomer(db: Db, id: string, changes: Updateable<CustomersTable>): Promise<boolean> {
  const result = await db.updateTable('customers').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Vehicles, inspections and invoices go with the customer through the FK cascades. */
export async function deleteCustomer(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('customers').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

function filteredCustomers(db: Db, filters: CustomerFilters) {
  let query = db.selectFrom('customers');
  const q = filters.q;
  if (q) query = query.where((eb) => textMatch(db, eb, SEARCH, q));
  if (filters.status && filters.status !== 'all') query = query.where('status', '=', filters.status);
  return query;
}

export function listCustomers(
  db: Db,
  filters: CustomerFilters,
  sort: CustomerSort,
  page: Page,
): Promise<CustomerRow[]> {
  let query = filteredCustomers(db, filters).selectAll();
  if (sort === 'recent') query = query.orderBy('createdAt', 'desc');
  else if (sort === 'updated') query = query.orderBy('updatedAt', 'desc');
  // Name A-Z ignores case on both databases; the raw name then orders "ann" and "Ann" the same way.
  else query = query.orderBy(sql`lower(${sql.ref('name')})`, 'asc').orderBy('name', 'asc');
  return paginate(query.orderBy('id', 'asc'), page).execute();
}

export async function countCustomers(db: Db, filters: CustomerFilters): Promise<number> {
  const row = await filteredCustomers(db, filters)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
