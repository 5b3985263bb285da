import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { jsonRowsReady, parseJsonRows, rowJson } from '@api/db/json-rows';
import type {
  CustomerRow,
  Database,
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

export interface TechnicianRow {
  id: string;
  username: string;
  email: string;
  role: string;
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
const inspectionByToken = compiledOnce((db, [token]) =>
  db.selectFrom('inspections').selectAll().where('shareToken', '=', token!),
);
const inspectionIdByToken = compiledOnce((db, [token]) =>
  db.selectFrom('inspections').select('id').where('shareToken', '=', token!),
);
const customerRows = compiledOnce((db, ids) =>
  db
    .selectFrom('customers')
    .selectAll()
    .where(idIn(db, 'id', ids)),
);
const customerJson = compiledOnce((db, ids) =>
  db
    .selectFrom('customers')
    .select(rowJson(db, 'customers').as('row'))
    .where(idIn(db, 'id', ids)),
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
    .select(['id', 'username', 'email', 'role'])
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
const serviceJson = compiledOnce((db, inspectionIds) =>
  db
    .selectFrom('services')
    .select(rowJson(db, 'services').as('row'))
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
const partJson = compiledOnce((db, inspectionIds) =>
  db
    .selectFrom('serviceParts')
    .select(rowJson(db, 'service_parts').as('row'))
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

type Read<T> = (db: Db, ids: readonly string[]) => Promise<T[]>;

/** Whole rows as JSON text on SQLite (see api/db/json-rows.ts), as plain rows on PostgreSQL. */
function wholeRows<T>(table: string, json: Read<{ row: string }>, plain: Read<T>): Read<T> {
  return async (db, ids) => ((await jsonRowsReady(db, table)) ? parseJsonRows<T>(await json(db, ids)) : plain(db, ids));
}

const readInspections = wholeRows<InspectionRow>('inspections', inspectionJson, inspectionRows);
const readCustomers = wholeRows<CustomerRow>('customers', customerJson, customerRows);
const readVehicles = wholeRows<VehicleRow>('vehicles', vehicleJson, vehicleRows);
const readServices = wholeRows<ServiceRow>('services', serviceJson, serviceRows);
const readParts = wholeRows<ServicePartRow>('service_parts', partJson, partRows);

export function findInspectionRows(db: Db, ids: readonly string[]): Promise<InspectionRow[]> {
  return inChunks(ids, (chunk) => readInspections(db, chunk));
}

export async function findInspectionRow(db: Db, id: string): Promise<InspectionRow | undefined> {
  return (await readInspections(db, [id]))[0];
}

export async function findInspectionIdByToken(db: Db, shareToken: string): Promise<{ id: string } | undefined> {
  return (await inspectionIdByToken(db, [shareToken]))[0];
}

export async function findInspectionRowByToken(db: Db, shareToken: string): Promise<InspectionRow | undefined> {
  return (await inspectionByToken(db, [shareToken]))[0];
}

export function findCustomers(db: Db, ids: readonly string[]): Promise<CustomerRow[]> {
  return inChunks(ids, (chunk) => readCustomers(db, chunk));
}

export function findVehicles(db: Db, ids: readonly string[]): Promise<VehicleRow[]> {
  return inChunks(ids, (chunk) => readVehicles(db, chunk));
}

export function findTechnicians(db: Db, ids: readonly string[]): Promise<TechnicianRow[]> {
  return inChunks(ids, (chunk) => technicianRows(db, chunk));
}

export function findServicesOf(db: Db, inspectionIds: readonly string[]): Promise<ServiceRow[]> {
  return inChunks(inspectionIds, (chunk) => readServices(db, chunk));
}

/** The parts of the inspections' services. */
export function findPartsOfInspections(db: Db, inspectionIds: readonly string[]): Promise<ServicePartRow[]> {
  return inChunks(inspectionIds, (chunk) => readParts(db, chunk));
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

export async function listInspectionRows(
  db: Db,
  filters: InspectionFilters,
  sort: 'recent' | 'oldest',
  page: Page,
): Promise<InspectionRow[]> {
  const direction = sort === 'oldest' ? 'asc' : 'desc';
  let query = filtered(db, filters);
  if (page.after) {
    // Newest first goes down the (created_at, id) index from the cursor, oldest first up it.
    const [createdAt, id] = page.after as [string, string];
    const key = sql<boolean>`(${sql.ref('inspections.createdAt')}, ${sql.ref('inspections.id')})`;
    query = query.where(
      direction === 'desc'
        ? sql<boolean>`${key} < (${createdAt}, ${id})`
        : sql<boolean>`${key} > (${createdAt}, ${id})`,
    );
  }
  const asJson = await jsonRowsReady(db, 'inspections');
  type Whole = SelectQueryBuilder<Database, 'inspections', object>;
  const whole = (q: SelectQueryBuilder<Database, 'inspections', object>): Whole =>
    asJson ? q.select(rowJson(db, 'inspections').as('row')) : q.selectAll('inspections');
  const read = async (q: Whole): Promise<InspectionRow[]> => {
    const rows = await q.execute();
    return asJson ? parseJsonRows<InspectionRow>(rows as { row: string }[]) : (rows as InspectionRow[]);
  };
  if (filters.q) {
    // A search sorts its matches: sort their ids only, then read the page's (wide) rows.
    const pageIds = paginate(
      query.select('inspections.id').orderBy('inspections.createdAt', direction).orderBy('inspections.id', direction),
      page,
    );
    return read(
      whole(db.selectFrom('inspections').where('inspections.id', 'in', pageIds))
        .orderBy('inspections.createdAt', direction)
        .orderBy('inspections.id', direction),
    );
  }
  return read(
    paginate(whole(query).orderBy('inspections.createdAt', direction).orderBy('inspections.id', direction), page),
  );
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

export async function insertInspection(db: Db, row: Insertable<InspectionsTable>): Promise<void> {
  await db.insertInto('inspections').values(row).execute();
}

export async function updateInspectionRow(db: Db, id: string, changes: Updateable<InspectionsTable>): Promise<void> {
  await db.updateTable('inspections').set(changes).where('id', '=', id).execute();
}

export function findCustomer(db: Db, id: string) {
  return db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst();
}

export function findVehicle(db: Db, id: string) {
  return db.selectFrom('vehicles').select(['id', 'customerId']).where('id', '=', id).executeTakeFirst();
}

export function findUser(db: Db, id: string) {
  return db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
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
