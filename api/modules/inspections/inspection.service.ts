import type { TextPage } from '@api/lib/list';
import { jsonArrayText } from '@api/lib/json-text';
import { decodeCursor, encodeCursor, pageWithLookahead, splitPage, totalFromPage } from '@api/lib/keyset';
import type { Updateable } from 'kysely';
import type {
  CreateInspectionBody,
  Inspection,
  InspectionListQuery,
  InspectionNote,
  UpdateInspectionBody,
} from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import { isForeignKeyViolation, isUniqueViolation } from '@api/db/errors';
import type { InspectionsTable, UserRow } from '@api/db/tables';
import { inTransaction } from '@api/db/transaction';
import { badRequest, conflict, notFound } from '@api/lib/http-error';
import { newId, newShareToken, nowIso } from '@api/lib/tokens';
import { carryForward } from './carry-forward';
import { recalculateInvoiceTotals } from '@api/lib/invoice-totals';
import { assertNotDeleted, changed, missingRow, recordChanges, type Change } from '@api/lib/change-log';
import { saveInspectionServices } from './inspection-services';
import { toNote } from './inspection.mapper';
import * as repo from './inspection.repository';
import { findCustomerById } from '@api/modules/customers/customer.repository';
import { findUserById } from '@api/modules/users/user.repository';
import { getInspectionsByIds, INSPECTION_NOT_FOUND } from './inspection-assembly';
import { inspectionTexts } from './inspection-documents';
import { moveInvoicesWithInspection, renewInspectionLink } from './share-link';

export { getInspectionsByIds } from './inspection-assembly';

export async function getInspection(db: Db, id: string): Promise<Inspection> {
  const [inspection] = await getInspectionsByIds(db, [id]);
  if (!inspection) throw notFound(INSPECTION_NOT_FOUND);
  return inspection;
}

export async function listInspections(db: Db, query: InspectionListQuery): Promise<TextPage> {
  const sort = query.sort ?? 'recent';
  const after = query.after === undefined ? undefined : decodeCursor(query.after, sort, 2);
  const filters = {
    q: query.q || undefined,
    status: query.status === 'all' ? undefined : query.status,
    customerId: query.customerId,
    vehicleId: query.vehicleId,
    technicianId: query.technicianId,
  };
  const read = { ...pageWithLookahead(query), after };
  const rows = await repo.listInspectionKeys(db, filters, sort, read);
  const total = totalFromPage(rows, read) ?? (await repo.countInspections(db, filters));
  const page = splitPage(rows, query.limit, (row) => encodeCursor(sort, [row.createdAt, row.id]));
  // The page's answers as stored (or built), written into one array without parsing them.
  const texts = await inspectionTexts(
    db,
    page.rows.map((row) => row.id),
  );
  const items = page.rows.flatMap((row) => texts.get(row.id) ?? []);
  return { items: jsonArrayText(items), total, next: page.next };
}

/** Checks the customer, vehicle and technician exist and that the vehicle is the customer's. */
async function assertLinks(
  db: Db,
  links: { customerId: string; vehicleId: string; technicianId?: string | undefined },
): Promise<void> {
  const [customer, vehicle, technician] = await Promise.all([
    findCustomerById(db, links.customerId),
    repo.findVehicle(db, links.vehicleId),
    links.technicianId ? findUserById(db, links.technicianId) : Promise.resolve({ id: '' }),
  ]);
  // A customer or vehicle deleted elsewhere is 410, one never seen 400.
  if (!customer) throw await missingRow(db, 'customer', links.customerId, badRequest('Customer not found'));
  if (!vehicle) throw await missingRow(db, 'vehicle', links.vehicleId, badRequest('Vehicle not found'));
  if (vehicle.customerId !== customer.id) throw badRequest('Vehicle does not belong to this customer');
  if (!technician) throw badRequest('Technician not found');
}

/** The columns an inspection body sets; fields left out are left out here too. */
function columnsOf(body: UpdateInspectionBody): Updateable<InspectionsTable> {
  const { services: _services, leaks, checkEngineLight, ...plain } = body;
  const columns: Updateable<InspectionsTable> = Object.fromEntries(
    Object.entries(plain).filter(([, value]) => value !== undefined),
  );
  if (leaks !== undefined) columns.leaks = JSON.stringify(leaks);
  if (checkEngineLight !== undefined) columns.checkEngineLight = checkEngineLight ? 1 : 0;
  return columns;
}

/** Turns constraint races into clean answers instead of a 500. */
async function guarded<T>(existsMessage: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(existsMessage);
    if (isForeignKeyViolation(err)) throw badRequest('The customer, vehicle or technician no longer exists');
    throw err;
  }
}

export async function createInspection(db: Db, user: UserRow, body: CreateInspectionBody): Promise<Inspection> {
  const id = body.id ?? newId();
  return guarded('Inspection already exists', () =>
    inTransaction(db, async (trx) => {
      if (body.id) await assertNotDeleted(trx, 'inspection', body.id);
      if (await repo.findInspectionRow(trx, id)) throw conflict('Inspection already exists');
      await assertLinks(trx, body);
      const now = nowIso();
      await repo.insertInspection(trx, {
        ...columnsOf(body),
        id,
        customerId: body.customerId,
        vehicleId: body.vehicleId,
        technicianId: body.technicianId ?? user.id,
        shareToken: newShareToken(),
        status: body.status,
        leaks: JSON.stringify(body.leaks),
        createdAt: now,
        updatedAt: now,
      });
      if (body.services?.length) {
        await saveInspectionServices(trx, id, body.services, now, true, user.id);
        await recalculateInvoiceTotals(trx, { inspectionId: id });
      }
      const carried = await carryForward(trx, id, now);
      await recordChanges(trx, [...changed('inspection', [id]), ...carried], now);
      return getInspection(trx, id);
    }),
  );
}

export async function updateInspection(
  db: Db,
  userId: string | null,
  id: string,
  body: UpdateInspectionBody,
): Promise<Inspection> {
  return guarded('Service or part already exists', () =>
    inTransaction(db, async (trx) => {
      const current = await repo.findInspectionRow(trx, id);
      if (!current) throw await missingRow(trx, 'inspection', id, notFound(INSPECTION_NOT_FOUND));
      if (body.customerId || body.vehicleId || body.technicianId) {
        await assertLinks(trx, {
          customerId: body.customerId ?? current.customerId,
          vehicleId: body.vehicleId ?? current.vehicleId,
          technicianId: body.technicianId,
        });
      }
      const now = nowIso();
      await repo.updateInspectionRow(trx, id, { ...columnsOf(body), updatedAt: now });
      const moved = {
        id,
        customerId: body.customerId ?? current.customerId,
        vehicleId: body.vehicleId ?? current.vehicleId,
      };
      // A link stays with the customer it was sent to: moving the inspection kills its links and
      // those of its invoices, and makes new ones for the new customer.
      if (moved.customerId !== current.customerId || moved.vehicleId !== current.vehicleId) {
        await renewInspectionLink(trx, id, now);
        await moveInvoicesWithInspection(trx, moved, now);
      }
      let removed: Change[] = [];
      if (body.services) {
        removed = await saveInspectionServices(trx, id, body.services, now, false, userId);
        await recalculateInvoiceTotals(trx, { inspectionId: id });
      }
      const carried = await carryForward(trx, id, now);
      await recordChanges(trx, [...changed('inspection', [id]), ...removed, ...carried], now);
      return getInspection(trx, id);
    }),
  );
}

/** A new report link for the inspection (staff's Renew link); the old one dies. */
export async function renewInspectionShareLink(db: Db, id: string): Promise<Inspection> {
  return inTransaction(db, async (trx) => {
    await assertInspectionExists(trx, id);
    const now = nowIso();
    await renewInspectionLink(trx, id, now);
    // Devices keep the inspection with its link: the feed brings them the new one.
    await recordChanges(trx, changed('inspection', [id]), now);
    return getInspection(trx, id);
  });
}

/** 404 for an inspection never seen; 410 for one deleted elsewhere. */
async function assertInspectionExists(db: Db, id: string): Promise<void> {
  if (!(await repo.findInspectionRow(db, id)))
    throw await missingRow(db, 'inspection', id, notFound(INSPECTION_NOT_FOUND));
}

export async function addNote(
  db: Db,
  inspectionId: string,
  body: { id?: string | undefined; note: string },
): Promise<InspectionNote> {
  const row = { id: body.id ?? newId(), inspectionId, note: body.note, createdAt: nowIso() };
  await guarded('Note already exists', () =>
    inTransaction(db, async (trx) => {
      await assertInspectionExists(trx, inspectionId);
      if (await repo.findNoteById(trx, row.id)) throw conflict('Note already exists');
      await repo.insertNote(trx, row);
      await recordChanges(trx, changed('inspection', [inspectionId]), row.createdAt);
    }),
  );
  return toNote(row);
}

export async function removeNote(db: Db, inspectionId: string, noteId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await assertInspectionExists(trx, inspectionId);
    if ((await repo.deleteNote(trx, inspectionId, noteId)) === 0) throw notFound('Note not found');
    await recordChanges(trx, changed('inspection', [inspectionId]));
  });
}
