import { sql, type Insertable, type RawBuilder, type SelectQueryBuilder, type Updateable } from 'kysely';
import { VEHICLE_SORTS } from '@shared/constants';
import { vehicleResponse, type VehicleListQuery } from '@shared/schemas/vehicle';
import { asNumber, compiledByShape, compiledOnce, numberValue } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { responseJson, responseJsonArray } from '@api/db/json-rows';
import type { Database, VehicleRow, VehiclesTable } from '@api/db/tables';
import { idsInOrder } from '@api/lib/id-list';
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
import { searchTerms, textMatchTerms } from '@api/lib/text-search';

export type VehicleWithCustomerRow = VehicleRow & { customerName: string };
export type VehicleFilters = Pick<VehicleListQuery, 'q' | 'customerId'>;
export type VehicleSort = NonNullable<VehicleListQuery['sort']>;

const VEHICLE_SEARCH = {
  table: 'vehicles',
  index: ['make_model', 'vin', 'license_plate'],
  columns: ['vehicles.make', 'vehicles.model', 'vehicles.vin', 'vehicles.licensePlate'],
} as const;
const OWNER_SEARCH = { table: 'customers', index: ['name'], columns: ['customers.name'] } as const;

const responseFields = Object.keys(vehicleResponse.shape);

/**
 * The vehicle of `vehicle` (a table or its alias) with its customer's name from `owner`, as
 * `vehicleResponse` writes it, written by the database.
 */
export function vehicleResponseJson(db: Db, vehicle: string, owner: string): RawBuilder<string> {
  return responseJson(db, responseFields, (field) =>
    field === 'customerName' ? `${owner}.name` : `${vehicle}.${field}`,
  );
}

/** A vehicle of a list: its id, its answer written as JSON text (and, in a search, how many vehicles match in all). */
export interface VehicleText {
  id: string;
  text: string;
}

const lower = (column: string) => sql`lower(${sql.ref(column)})`;

/** Vehicles joined to their customer, so every vehicle carries its customer's name. */
function vehiclesWithCustomer(db: Db) {
  return db.selectFrom('vehicles').innerJoin('customers', 'customers.id', 'vehicles.customerId');
}

export function findVehicleById(db: Db, id: string): Promise<VehicleWithCustomerRow | undefined> {
  return vehiclesWithCustomer(db)
    .selectAll('vehicles')
    .select('customers.name as customerName')
    .where('vehicles.id', '=', id)
    .executeTakeFirst();
}

export async function vehicleIdTaken(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('vehicles').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function insertVehicle(db: Db, row: Insertable<VehiclesTable>): Promise<void> {
  await db.insertInto('vehicles').values(row).execute();
}

export async function updateVehicle(db: Db, id: string, changes: Updateable<VehiclesTable>): Promise<boolean> {
  const result = await db.updateTable('vehicles').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The vehicle's inspections go with it through the FK cascade; invoices keep a null vehicle. */
export async function deleteVehicle(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('vehicles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A search's terms: one exact pattern, checked against the vehicle's own text or its owner's name,
 * and each side's trigram index query (SQLite, 3+ characters).
 */
interface VehicleSearch {
  pattern: string;
  vehicleFts?: string | undefined;
  ownerFts?: string | undefined;
}

/** What a list's vehicles must match: a search, a customer. */
interface Matching {
  search?: VehicleSearch | undefined;
  customerId?: string | undefined;
}

function matchingOf(db: Db, filters: VehicleFilters): Matching {
  const { q } = filters;
  const customerId = filters.customerId || undefined;
  if (!q) return { customerId };
  const vehicle = searchTerms(db, VEHICLE_SEARCH, q);
  const search = { pattern: vehicle.pattern, vehicleFts: vehicle.fts, ownerFts: searchTerms(db, OWNER_SEARCH, q).fts };
  return { search, customerId };
}

/** Without the join: every vehicle has its customer (a cascading foreign key), so counts need none. */
function matchingVehicles(db: Db, { search, customerId }: Matching) {
  let query = db.selectFrom('vehicles');
  // The vehicle's own text, or its customer's name: each side through its own text index.
  if (search) {
    const { pattern, vehicleFts, ownerFts } = search;
    query = query.where((eb) =>
      eb.or([
        textMatchTerms(db, eb, VEHICLE_SEARCH, { fts: vehicleFts, pattern }),
        eb(
          'vehicles.customerId',
          'in',
          db
            .selectFrom('customers')
            .select('customers.id')
            .where((inner) => textMatchTerms(db, inner, OWNER_SEARCH, { fts: ownerFts, pattern })),
        ),
      ]),
    );
  }
  if (customerId) query = query.where('vehicles.customerId', '=', customerId);
  return query;
}

/** Orders vehicles by the sort, ending on the id (the tie-breaker). */
function inOrder<Q extends SelectQueryBuilder<Database, 'vehicles' | 'customers', object>>(
  query: Q,
  sort: VehicleSort,
): Q {
  let ordered: Q;
  if (sort === 'make') {
    ordered = query
      .orderBy(lower('vehicles.make'), 'asc')
      .orderBy(lower('vehicles.model'), 'asc')
      .orderBy('vehicles.year', 'desc') as Q;
  } else if (sort === 'mileage') {
    // Unknown mileage sorts last on both databases (their NULL ordering differs).
    ordered = query
      .orderBy(sql`case when ${sql.ref('vehicles.mileage')} is null then 1 else 0 end`, 'asc')
      .orderBy('vehicles.mileage', 'asc') as Q;
  } else {
    ordered = query
      .orderBy('vehicles.year', 'desc')
      .orderBy(lower('vehicles.make'), 'asc')
      .orderBy(lower('vehicles.model'), 'asc') as Q;
  }
  return ordered.orderBy('vehicles.id', 'asc') as Q;
}

/** Vehicles with their answers, written by the database (with their customer's name). */
function withAnswers<Q extends SelectQueryBuilder<Database, 'vehicles', object>>(db: Db, query: Q) {
  return query
    .innerJoin('customers', 'customers.id', 'vehicles.customerId')
    .select(['vehicles.id', vehicleResponseJson(db, 'vehicles', 'customers').as('text')]);
}

function listQuery(db: Db, matching: Matching, sort: VehicleSort, page: Page) {
  if (pastOffsetOnPostgres(db, page)) {
    // The page's ids first, down the sort's index, then only their answers.
    const ids = paginate(inOrder(matchingVehicles(db, matching).select('vehicles.id'), sort), page);
    return inOrder(withAnswers(db, db.selectFrom('vehicles').where('vehicles.id', 'in', ids)), sort);
  }
  return paginate(inOrder(withAnswers(db, matchingVehicles(db, matching)), sort), page);
}

// A customer's vehicles, whole (the customer screen and every vehicle picker): compiled once per sort.
const customerVehicles = Object.fromEntries(
  VEHICLE_SORTS.map((sort) => [
    sort,
    compiledOnce((db, [customerId]) => listQuery(db, { customerId: customerId! }, sort, {})),
  ]),
) as Record<VehicleSort, (db: Db, values: readonly string[]) => Promise<VehicleText[]>>;

/**
 * A search's matching ids in the sort's order (`searchPage` says which), compiled once per shape of
 * the query (the sort, and which of the search's terms, the customer, the limit and the offset are
 * given) instead of built on every request.
 */
const searchIds = compiledByShape((db, sort: VehicleSort, values: SearchValues) => {
  const { vehicleFts, ownerFts, pattern, customerId, limit, offset } = values;
  const matching = { search: pattern === undefined ? undefined : { pattern, vehicleFts, ownerFts }, customerId };
  return searchMatches(
    db,
    paginate(inOrder(matchingVehicles(db, matching).select(searchMatchColumns(db, 'vehicles.id')), sort), {
      limit: asNumber(limit),
      offset: asNumber(offset),
    }),
  );
});

/** A search's values: the index queries of the vehicles' and the owners' text, the exact pattern, the customer, the limit and the offset. */
type SearchValues = {
  vehicleFts?: string;
  ownerFts?: string;
  pattern?: string;
  customerId?: string;
  limit?: string;
  offset?: string;
};

// A search's page reads its vehicles' answers by id, in the ids' order, as one JSON array text:
// compiled once per list length. A vehicle list has no cursor, so no keys are read.
const vehicleAnswers = compiledOnce((db, ids) =>
  db
    .selectFrom(idsInOrder(db, ids).as('j'))
    // CROSS JOINs: the ids stay the outer loop (see the customers' answers), the owner inside.
    .crossJoin('vehicles')
    .crossJoin('customers')
    .whereRef('vehicles.id', '=', 'j.value')
    .whereRef('customers.id', '=', 'vehicles.customerId')
    .select(responseJsonArray(db, vehicleResponseJson(db, 'vehicles', 'customers'), sql`j.key`).as('text')),
);

async function readVehicleAnswers(db: Db, ids: readonly string[]): Promise<AnswersInOrder<never>> {
  const [row] = await vehicleAnswers(db, ids);
  return { text: row!.text };
}

/** A page of vehicles without a search (`searchVehicles` has them), each written as its answer by the database. */
export function listVehicles(
  db: Db,
  filters: Omit<VehicleFilters, 'q'>,
  sort: VehicleSort,
  page: Page,
): Promise<VehicleText[]> {
  const whole = page.limit === undefined && page.offset === undefined;
  if (whole && filters.customerId) return customerVehicles[sort](db, [filters.customerId]);
  return listQuery(db, matchingOf(db, { customerId: filters.customerId }), sort, page).execute();
}

/**
 * A page of a search and the number of matches (`searchPage`), the page's answers read by id and
 * written as one JSON array by the database.
 */
export function searchVehicles(
  db: Db,
  filters: VehicleFilters,
  sort: VehicleSort,
  page: Page,
): Promise<SearchPage<never>> {
  const matching = matchingOf(db, filters);
  return searchPage(db, page, {
    readIds: ({ limit, offset }) =>
      searchIds(db, sort, {
        ...matching.search,
        customerId: matching.customerId,
        limit: numberValue(limit),
        offset: numberValue(offset),
      }),
    readAnswers: (ids) => readVehicleAnswers(db, ids),
    count: () => countVehicles(db, filters),
  });
}

export async function countVehicles(db: Db, filters: VehicleFilters): Promise<number> {
  const row = await matchingVehicles(db, matchingOf(db, filters))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
