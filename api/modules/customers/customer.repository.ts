import { sql, type Insertable, type RawBuilder, type SelectQueryBuilder, type Updateable } from 'kysely';
import { customerResponse, type CustomerListQuery } from '@shared/schemas/customer';
import { asNumber, compiledByShape, compiledOnce, numberValue } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { lastObjectOf, responseJson, responseJsonArray, rowJson, wholeRows } from '@api/db/json-rows';
import type { CustomerRow, CustomersTable, Database } from '@api/db/tables';
import { idIn, idsInOrder } from '@api/lib/id-list';
import {
  paginate,
  pastOffsetOnPostgres,
  searchMatchColumns,
  searchMatches,
  searchPage,
  type AnswersInOrder,
  type Page,
  type SearchPage,
} from '@api/lib/list';
import { searchTerms, textMatchTerms, type SearchTerms } from '@api/lib/text-search';

export type CustomerFilters = Pick<CustomerListQuery, 'q' | 'status'>;
export type CustomerSort = NonNullable<CustomerListQuery['sort']>;

const SEARCH = {
  table: 'customers',
  index: ['name', 'email', 'phone', 'address'],
  columns: ['customers.name', 'customers.email', 'customers.phone', 'customers.address'],
} as const;

// Checked before every customer's vehicle list: compiled once.
const customerById = compiledOnce((db, [id]) => db.selectFrom('customers').selectAll().where('id', '=', id!));

export async function findCustomerById(db: Db, id: string): Promise<CustomerRow | undefined> {
  return (await customerById(db, [id]))[0];
}

// The inspections' reads (a page of inspections, a sync page's kept ones) take their customers by
// id: compiled once per list length, whole rows as JSON text on SQLite (api/db/json-rows.ts).
const readCustomers = wholeRows<CustomerRow>(
  'customers',
  compiledOnce((db, ids) =>
    db
      .selectFrom('customers')
      .select(rowJson(db, 'customers').as('row'))
      .where(idIn(db, 'id', ids)),
  ),
  compiledOnce((db, ids) =>
    db
      .selectFrom('customers')
      .selectAll()
      .where(idIn(db, 'id', ids)),
  ),
);

const responseFields = Object.keys(customerResponse.shape);

/** The customer of `table` (a table or its alias) as `customerResponse` writes it, written by the database. */
export function customerResponseJson(db: Db, table: string): RawBuilder<string> {
  return responseJson(db, responseFields, (field) => `${table}.${field}`);
}

/** A row of a page of customers: what its cursor needs, and its answer written as JSON text. */
export type CustomerText = Pick<CustomerRow, 'id' | 'name' | 'createdAt' | 'updatedAt'> & { text: string };

const keyColumns = ['customers.id', 'customers.name', 'customers.createdAt', 'customers.updatedAt'] as const;

/** A page's row: what its cursor needs, and the answer written as JSON by the database. */
const textColumns = (db: Db) => [...keyColumns, customerResponseJson(db, 'customers').as('text')] as const;

/** What a page's cursor needs of a customer. */
export type CustomerKey = Pick<CustomerRow, 'id' | 'name' | 'createdAt' | 'updatedAt'>;

// A search's page reads its customers' answers by id, in the ids' order, as one JSON array text:
// compiled once per list length. What a cursor needs is in the last answer (`lastObjectOf`).
const customerAnswers = compiledOnce((db, ids) =>
  db
    .selectFrom(idsInOrder(db, ids).as('j'))
    // CROSS JOIN: SQLite keeps the ids as the outer loop whatever its statistics say, so the
    // answers are aggregated in the ids' order (an inner join lets the planner start elsewhere).
    .crossJoin('customers')
    .whereRef('customers.id', '=', 'j.value')
    .select([responseJsonArray(db, customerResponseJson(db, 'customers'), sql`j.key`).as('text')]),
);

async function readCustomerAnswers(db: Db, ids: readonly string[]): Promise<AnswersInOrder<CustomerKey>> {
  const [row] = await customerAnswers(db, ids);
  // Each answer holds the sorts' keys (name, createdAt, updatedAt) and the id, as the rows hold them.
  return { text: row!.text, last: lastObjectOf<CustomerKey>(row!.text) };
}

export function findCustomersByIds(db: Db, ids: readonly string[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return readCustomers(db, ids);
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

/** What a list's rows must match: a search's terms, a status. */
interface Matching {
  terms?: SearchTerms | undefined;
  status?: string | undefined;
}

function matchingOf(db: Db, filters: CustomerFilters): Matching {
  return {
    terms: filters.q ? searchTerms(db, SEARCH, filters.q) : undefined,
    status: filters.status && filters.status !== 'all' ? filters.status : undefined,
  };
}

function matchingCustomers(db: Db, { terms, status }: Matching) {
  let query = db.selectFrom('customers');
  if (terms) query = query.where((eb) => textMatchTerms(db, eb, SEARCH, terms));
  if (status) query = query.where('status', '=', status);
  return query;
}

function filteredCustomers(db: Db, filters: CustomerFilters) {
  return matchingCustomers(db, matchingOf(db, filters));
}

/** Orders customers by the sort, ending on the id (the tie-breaker). */
function inOrder<Q extends SelectQueryBuilder<Database, 'customers', object>>(query: Q, sort: CustomerSort): Q {
  const ordered =
    sort === 'recent' || sort === 'updated'
      ? query.orderBy(`customers.${sort === 'recent' ? 'createdAt' : 'updatedAt'}`, 'desc')
      : // Name A-Z ignores case on both databases; the raw name then orders "ann" and "Ann" the same way.
        query.orderBy(sql`lower(${sql.ref('customers.name')})`, 'asc').orderBy('customers.name', 'asc');
  return ordered.orderBy('customers.id', 'asc') as Q;
}

/** Rows after the cursor's, in the sort's order, written so SQLite starts a range on the sort's index. */
function afterCursor<Q extends SelectQueryBuilder<Database, 'customers', object>>(
  query: Q,
  sort: CustomerSort,
  after: Page['after'],
): Q {
  if (!after) return query;
  if (sort === 'recent' || sort === 'updated') {
    const column = sort === 'recent' ? 'customers.createdAt' : 'customers.updatedAt';
    // Newest first, then id A-Z: the range on the time lets the index start at the cursor.
    const [time, id] = after as [string, string];
    return query.where((eb) =>
      eb.and([eb(column, '<=', time), eb.or([eb(column, '<', time), eb('customers.id', '>', id)])]),
    ) as Q;
  }
  const [name, id] = after as [string, string];
  const lowered = sql<string>`lower(${sql.ref('customers.name')})`;
  // (lower(name), name, id) after the cursor's.
  return query.where((eb) =>
    eb.and([
      eb(lowered, '>=', sql<string>`lower(${name})`),
      eb.or([
        eb(lowered, '>', sql<string>`lower(${name})`),
        eb('customers.name', '>', name),
        eb.and([eb('customers.name', '=', name), eb('customers.id', '>', id)]),
      ]),
    ]),
  ) as Q;
}

/**
 * A search's matching ids in the sort's order (`searchPage` says which), compiled once per shape of
 * the query (the sort, and which of the search's terms, the status, the limit and the offset are
 * given) instead of built on every request: Kysely's building was about a sixth of a one-customer
 * search's CPU.
 */
const searchIds = compiledByShape((db, sort: CustomerSort, values: SearchValues) => {
  const { fts, pattern, status, limit, offset } = values;
  const matching = matchingCustomers(db, { terms: pattern === undefined ? undefined : { fts, pattern }, status });
  return searchMatches(
    db,
    paginate(inOrder(matching.select(searchMatchColumns(db, 'customers.id')), sort), {
      limit: asNumber(limit),
      offset: asNumber(offset),
    }),
  );
});

/** A search's values: its terms, the status, the limit and the offset (as `numberValue`s). */
type SearchValues = { fts?: string; pattern?: string; status?: string; limit?: string; offset?: string };

/**
 * A page of a search (without a cursor: a cursor's page counts only what follows it), the number
 * of matches and whether more follow (`searchPage`), the page's answers read by id and written as
 * one JSON array by the database (docs/performance.md, "Search and lists").
 */
export function searchCustomers(
  db: Db,
  filters: CustomerFilters,
  sort: CustomerSort,
  page: Omit<Page, 'after'>,
): Promise<SearchPage<CustomerKey>> {
  const { terms, status } = matchingOf(db, filters);
  return searchPage(db, page, {
    readIds: ({ limit, offset }) =>
      searchIds(db, sort, {
        fts: terms?.fts,
        pattern: terms?.pattern,
        status,
        limit: numberValue(limit),
        offset: numberValue(offset),
      }),
    readAnswers: (ids) => readCustomerAnswers(db, ids),
    count: () => countCustomers(db, filters),
    most: terms?.most,
  });
}

/** A page of customers, read down the sort's index (a search without a total, or after a cursor). */
export function listCustomers(
  db: Db,
  filters: CustomerFilters,
  sort: CustomerSort,
  page: Page,
): Promise<CustomerText[]> {
  const matching = afterCursor(filteredCustomers(db, filters), sort, page.after);
  if (pastOffsetOnPostgres(db, page)) {
    // The page's ids first, down the sort's index, then only their answers.
    const ids = paginate(inOrder(matching.select('customers.id'), sort), page);
    return inOrder(db.selectFrom('customers').select(textColumns(db)).where('customers.id', 'in', ids), sort).execute();
  }
  return paginate(inOrder(matching.select(textColumns(db)), sort), page).execute();
}

/** The key `after=` resumes from, for the sort the page was read in. */
export function customerSortKey(row: CustomerKey, sort: CustomerSort): [string, string] {
  if (sort === 'recent') return [row.createdAt, row.id];
  if (sort === 'updated') return [row.updatedAt, row.id];
  return [row.name, row.id];
}

export async function countCustomers(db: Db, filters: CustomerFilters): Promise<number> {
  const row = await filteredCustomers(db, filters)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
