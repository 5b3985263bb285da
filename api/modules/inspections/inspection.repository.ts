import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { asNumber, compiledByShape, compiledInsert, compiledOnce, numberValue } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { jsonRowsReady, rowJson, wholeRows } from '@api/db/json-rows';
import type {
  CustomerRow,
  InspectionNoteRow,
  InspectionRow,
  InspectionsTable,
  ServicePartRow,
  ServiceRow,
  VehicleRow,
} from '@api/db/tables';
import { paginate, type Page } from '@api/lib/list';
import { idIn } from '@api/lib/id-list';
import { idPrefixMatch, textMatch } from '@api/lib/text-search';
import { findCustomersByIds } from '@api/modules/customers/customer.repository';
import { shareLinkLifeColumns, type ShareLinkLife } from './share-link';

/** What an inspection shows of its technician: the name only (the user list with emails and roles is admin-only). */
export interface TechnicianRow {
  id: string;
  username: string;
}

// Keeps `in (...)` lists well under both drivers' bound-parameter limits.
const CHUNK = 5000;

/** Runs `fetch` per chunk of ids; one query for up to 5000 ids. */
async function inChunks<T>(ids: readonly string[], fetch: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const results: T[] = [];
  for (let i = 0; i < unique.length; i += CHUNK) results.push(...(await fetch(unique.slice(i, i + CHUNK))));
  return results;
}

// The reads behind one inspection (and a page of them) are compiled once, not per call.
const inspectionRows = compiledOnce((db, ids) =>
  db
    .selectFrom('inspections')
    .selectAll()
    .where(idIn(db, 'id', ids)),
);
const inspectionJson = compiledOnce((db, ids) =>
  db
    .selectFrom('inspections')
    .select(rowJson(db, 'inspections').as('row'))
    .where(idIn(db, 'id', ids)),
);
// Tokens are unique: no LIMIT (a bound LIMIT costs SQLite more than the lookup itself).
const inspectionIdByToken = compiledOnce((db, [token]) =>
  db
    .selectFrom('inspections')
    .select('id')
    .select(shareLinkLifeColumns(db, 'inspections'))
    .where('shareToken', '=', token!),
);
const vehicleRows = compiledOnce((db, ids) =>
  db
    .selectFrom('vehicles')
    .selectAll()
    .where(idIn(db, 'id', ids)),
);
const vehicleJson = compiledOnce((db, ids) =>
  db
    .selectFrom('vehicles')
    .select(rowJson(db, 'vehicles').as('row'))
    .where(idIn(db, 'id', ids)),
);
const technicianRows = compiledOnce((db, ids) =>
  db
    .selectFrom('users')
    .select(['id', 'username'])
    .where(idIn(db, 'id', ids)),
);
const serviceRows = compiledOnce((db, inspectionIds) =>
  db
    .selectFrom('services')
    .selectAll()
    .where(idIn(db, 'inspectionId', inspectionIds))
    .orderBy('position')
    .orderBy('createdAt')
    .orderBy('id'),
);
// Through a subquery, so no service id list is bound.
const partRows = compiledOnce((db, inspectionIds) =>
  db
    .selectFrom('serviceParts')
    .selectAll()
    .where('serviceId', 'in', (eb) =>
      eb
        .selectFrom('services')
        .select('id')
        .where(idIn(db, 'inspectionId', inspectionIds)),
    )
    .orderBy('position')
    .orderBy('createdAt')
    .orderBy('id'),
);
const noteRows = compiledOnce((db, inspectionIds) =>
  db
    .selectFrom('inspectionNotes')
    .selectAll()
    .where(idIn(db, 'inspectionId', inspectionIds))
    .orderBy('createdAt')
    .orderBy('id'),
);

const readInspections = wholeRows<InspectionRow>('inspections', inspectionJson, inspectionRows);
const readVehicles = wholeRows<VehicleRow>('vehicles', vehicleJson, vehicleRows);

/** The rows an inspection nests: its customer, vehicle, technician, services, parts and notes. */
export interface RelatedRows {
  customers: CustomerRow[];
  vehicles: VehicleRow[];
  technicians: TechnicianRow[];
  services: ServiceRow[];
  parts: ServicePartRow[];
  notes: InspectionNoteRow[];
}

const RELATED_TABLES = ['inspections', 'customers', 'vehicles', 'services', 'service_parts', 'inspection_notes'];

/** `json_group_array` of whole rows, in the order the separate reads give them. */
const rowsArray = (db: Db, table: string, order: string) =>
  sql<string>`json_group_array(${rowJson(db, table)}${sql.raw(order ? ` order by ${order}` : '')})`;

/**
 * The inspections and every row they nest, in one statement: one JSON array per table, each read
 * through the same indexes and in the same order as the six separate reads. Building an answer
 * from the rows costs one statement instead of seven.
 */
const inspectionsWithRelatedJson = compiledOnce((db, ids) => {
  const rows = (table: string, order: string, where: Expression<SqlBool>, array = rowsArray(db, table, order)) =>
    sql<string>`(select ${array} from ${sql.table(table)} where ${where})`;
  const linked = (table: string, column: string) =>
    sql<SqlBool>`${sql.ref(`${table}.id`)} in (select ${sql.ref(column)} from ${sql.table('inspections')} where ${idIn(db, 'inspections.id', ids)})`;
  const technicianJson = sql<string>`json_group_array(json_object('id', ${sql.ref('users.id')}, 'username', ${sql.ref('users.username')}))`;
  const servicesOfIds = idIn(db, 'services.inspectionId', ids);
  return db.selectNoFrom([
    rows('inspections', '', idIn(db, 'inspections.id', ids)).as('inspections'),
    rows('customers', '', linked('customers', 'inspections.customerId')).as('customers'),
    rows('vehicles', '', linked('vehicles', 'inspections.vehicleId')).as('vehicles'),
    rows('users', '', linked('users', 'inspections.technicianId'), technicianJson).as('technicians'),
    rows('services', 'position, created_at, id', servicesOfIds).as('services'),
    rows(
      'service_parts',
      'position, created_at, id',
      sql<SqlBool>`${sql.ref('service_parts.serviceId')} in (select ${sql.ref('services.id')} from ${sql.table('services')} where ${servicesOfIds})`,
    ).as('parts'),
    rows('inspection_notes', 'created_at, id', idIn(db, 'inspection_notes.inspectionId', ids)).as('notes'),
  ]);
});

type RelatedText = Record<keyof RelatedRows | 'inspections', string>;

/** The inspections and everything they nest, in one statement on SQLite; undefined on PostgreSQL. */
export async function findInspectionsWithRelatedInOne(
  db: Db,
  ids: readonly string[],
): Promise<(RelatedRows & { inspections: InspectionRow[] }) | undefined> {
  for (const table of RELATED_TABLES) if (!(await jsonRowsReady(db, table))) return undefined;
  const unique = [...new Set(ids)];
  const [row] = (await inspectionsWithRelatedJson(db, unique)) as unknown as RelatedText[];
  if (!row) return undefined;
  return {
    inspections: JSON.parse(row.inspections) as InspectionRow[],
    customers: JSON.parse(row.customers) as CustomerRow[],
    vehicles: JSON.parse(row.vehicles) as VehicleRow[],
    technicians: JSON.parse(row.technicians) as TechnicianRow[],
    services: JSON.parse(row.services) as ServiceRow[],
    parts: JSON.parse(row.parts) as ServicePartRow[],
    notes: JSON.parse(row.notes) as InspectionNoteRow[],
  };
}

export function findInspectionRows(db: Db, ids: readonly string[]): Promise<InspectionRow[]> {
  return inChunks(ids, (chunk) => readInspections(db, chunk));
}

export async function findInspectionRow(db: Db, id: string): Promise<InspectionRow | undefined> {
  return (await readInspections(db, [id]))[0];
}

/** The inspection a share token names, with what decides whether the link still works: one statement. */
export async function findInspectionIdByToken(
  db: Db,
  shareToken: string,
): Promise<({ id: string } & ShareLinkLife) | undefined> {
  return (await inspectionIdByToken(db, [shareToken]))[0];
}

export function findCustomers(db: Db, ids: readonly string[]): Promise<CustomerRow[]> {
  return inChunks(ids, (chunk) => findCustomersByIds(db, chunk));
}

export function findVehicles(db: Db, ids: readonly string[]): Promise<VehicleRow[]> {
  return inChunks(ids, (chunk) => readVehicles(db, chunk));
}

export function findTechnicians(db: Db, ids: readonly string[]): Promise<TechnicianRow[]> {
  return inChunks(ids, (chunk) => technicianRows(db, chunk));
}

export function findServicesOf(db: Db, inspectionIds: readonly string[]): Promise<ServiceRow[]> {
  return inChunks(inspectionIds, (chunk) => serviceRows(db, chunk));
}

/** The parts of the inspections' services. */
export function findPartsOfInspections(db: Db, inspectionIds: readonly string[]): Promise<ServicePartRow[]> {
  return inChunks(inspectionIds, (chunk) => partRows(db, chunk));
}

export function findNotesOf(db: Db, inspectionIds: readonly string[]): Promise<InspectionNoteRow[]> {
  return inChunks(inspectionIds, (chunk) => noteRows(db, chunk));
}

export interface InspectionFilters {
  q?: string | undefined;
  status?: string | undefined;
  customerId?: string | undefined;
  vehicleId?: string | undefined;
  technicianId?: string | undefined;
}

const OWNER_SEARCH = { table: 'customers', index: ['name'], columns: ['customers.name'] } as const;
const VEHICLE_SEARCH = {
  table: 'vehicles',
  index: ['make_model', 'vin', 'license_plate'],
  columns: ['vehicles.make', 'vehicles.model', 'vehicles.licensePlate', 'vehicles.vin'],
} as const;

/**
 * No joins: every inspection has its customer and vehicle (cascading foreign keys), so matching
 * their text through `in (ids that match)` gives the rows the joined search gave, each side
 * through its own text index, and the page through the inspections' own indexes.
 */
function filtered(db: Db, filters: InspectionFilters) {
  let query = db.selectFrom('inspections');
  if (filters.status) query = query.where('inspections.status', '=', filters.status);
  if (filters.customerId) query = query.where('inspections.customerId', '=', filters.customerId);
  if (filters.vehicleId) query = query.where('inspections.vehicleId', '=', filters.vehicleId);
  if (filters.technicianId) query = query.where('inspections.technicianId', '=', filters.technicianId);
  const q = filters.q;
  if (q) {
    query = query.where((eb) =>
      eb.or([
        eb(
          'inspections.customerId',
          'in',
          db
            .selectFrom('customers')
            .select('customers.id')
            .where((inner) => textMatch(db, inner, OWNER_SEARCH, q)),
        ),
        eb(
          'inspections.vehicleId',
          'in',
          db
            .selectFrom('vehicles')
            .select('vehicles.id')
            .where((inner) => textMatch(db, inner, VEHICLE_SEARCH, q)),
        ),
        idPrefixMatch(db, eb, 'inspections.id', q),
      ]),
    );
  }
  return query;
}

type ListDirection = 'asc' | 'desc';

/** The ids and sort keys of a page: the filters, then the rows after the cursor, in the sort's order. */
function pageKeys(
  db: Db,
  filters: InspectionFilters,
  direction: ListDirection,
  page: { limit?: number | undefined; offset?: number | undefined; after?: [string, string] | undefined },
) {
  let query = filtered(db, filters);
  if (page.after) {
    // Newest first goes down the (created_at, id) index from the cursor, oldest first up it.
    const [createdAt, id] = page.after;
    const key = sql<boolean>`(${sql.ref('inspections.createdAt')}, ${sql.ref('inspections.id')})`;
    query = query.where(
      direction === 'desc'
        ? sql<boolean>`${key} < (${createdAt}, ${id})`
        : sql<boolean>`${key} > (${createdAt}, ${id})`,
    );
  }
  return paginate(
    query
      .select(['inspections.id', 'inspections.createdAt'])
      .orderBy('inspections.createdAt', direction)
      .orderBy('inspections.id', direction),
    page,
  );
}

/** A page's values without a search: its filters, cursor, limit and offset (as `numberValue`s). */
type KeysValues = Omit<InspectionFilters, 'q'> & {
  afterCreatedAt?: string;
  afterId?: string;
  limit?: string;
  offset?: string;
};

// A page without a search (the list screen's first pages, a customer's or a vehicle's history) is
// compiled once per shape instead of built on every call: its building was about a tenth of the
// list page's CPU. A search builds its text match per query (`textMatch`).
const keysWithoutSearch = compiledByShape((db, direction: ListDirection, values: KeysValues) => {
  const { afterCreatedAt, afterId, limit, offset, ...filters } = values;
  const after =
    afterCreatedAt === undefined || afterId === undefined ? undefined : ([afterCreatedAt, afterId] as [string, string]);
  return pageKeys(db, filters, direction, { limit: asNumber(limit), offset: asNumber(offset), after });
});

/** The id and sort key of each inspection on the page (their answers are read by id, stored). */
export async function listInspectionKeys(
  db: Db,
  filters: InspectionFilters,
  sort: 'recent' | 'oldest',
  page: Page,
): Promise<{ id: string; createdAt: string }[]> {
  const direction = sort === 'oldest' ? 'asc' : 'desc';
  if (filters.q) return pageKeys(db, filters, direction, { ...page, after: page.after as [string, string] }).execute();
  // An empty filter filters nothing, as in `filtered`.
  const given = {
    status: filters.status || undefined,
    customerId: filters.customerId || undefined,
    vehicleId: filters.vehicleId || undefined,
    technicianId: filters.technicianId || undefined,
  };
  return keysWithoutSearch(db, direction, {
    ...given,
    afterCreatedAt: page.after?.[0],
    afterId: page.after?.[1],
    limit: numberValue(page.limit),
    offset: numberValue(page.offset),
  });
}

// The unfiltered list's count (its first page) is compiled once; a filtered one is built per call.
const countAll = compiledOnce((db) => db.selectFrom('inspections').select((eb) => eb.fn.countAll().as('count')));
const unfiltered = (filters: InspectionFilters): boolean =>
  Object.values(filters).every((value) => value === undefined);

export async function countInspections(db: Db, filters: InspectionFilters): Promise<number> {
  const [row] = unfiltered(filters)
    ? await countAll(db, [])
    : [
        await filtered(db, filters)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow(),
      ];
  return Number(row!.count);
}

const insertInspections = compiledInsert('inspections');

export async function insertInspection(db: Db, row: Insertable<InspectionsTable>): Promise<void> {
  await insertInspections(db, [row]);
}

export async function updateInspectionRow(db: Db, id: string, changes: Updateable<InspectionsTable>): Promise<void> {
  await db.updateTable('inspections').set(changes).where('id', '=', id).execute();
}

// The vehicle every create and save of an inspection checks (its customer and technician:
// `findCustomerById`, `findUserById`): compiled once.
const vehicleById = compiledOnce((db, [id]) =>
  db.selectFrom('vehicles').select(['id', 'customerId']).where('id', '=', id!),
);

export async function findVehicle(db: Db, id: string) {
  return (await vehicleById(db, [id]))[0];
}

export function findNoteById(db: Db, noteId: string) {
  return db.selectFrom('inspectionNotes').select('id').where('id', '=', noteId).executeTakeFirst();
}

export async function insertNote(db: Db, row: InspectionNoteRow): Promise<void> {
  await db.insertInto('inspectionNotes').values(row).execute();
}

export async function deleteNote(db: Db, inspectionId: string, noteId: string): Promise<number> {
  const result = await db
    .deleteFrom('inspectionNotes')
    .where('id', '=', noteId)
    .where('inspectionId', '=', inspectionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
