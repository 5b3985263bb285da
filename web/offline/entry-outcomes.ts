import { customerResponse } from '@shared/schemas/customer';
import { deferredWorkResponse } from '@shared/schemas/deferred';
import { inspectionResponse, serviceResponse } from '@shared/schemas/inspection';
import type { SyncEntity } from '@shared/schemas/sync';
import { vehicleResponse } from '@shared/schemas/vehicle';
import { entityOf } from './apply-write';
import type { LocalDb } from './local-db';
import { mergeServerChanges, writeTables, type ServerChanges } from './local-state';
import { goneEntityOf, goneNotice, type SyncNotice } from './notices';
import { isCreate, withDependents } from './outbox';
import type { LocalWrite, OutboxEntry } from './types';

// What the local tables and the outbox become after the server's final answer to an entry.

/** A row from the server as a merge input; null when the body is not that row's shape. */
export function serverRowOf(entity: SyncEntity, body: unknown): ServerChanges | null {
  if (entity === 'customer') {
    const row = customerResponse.safeParse(body);
    return row.success ? { customers: [row.data] } : null;
  }
  if (entity === 'vehicle') {
    const row = vehicleResponse.safeParse(body);
    return row.success ? { vehicles: [row.data] } : null;
  }
  if (entity === 'deferred') {
    const row = deferredWorkResponse.safeParse(body);
    return row.success ? { deferred: [row.data] } : null;
  }
  const row = inspectionResponse.safeParse(body);
  return row.success ? { inspections: [row.data] } : null;
}

/** Where a row is read again on its own. */
export const rowUrl = (entity: SyncEntity, id: string): string =>
  entity === 'deferred' ? `/api/deferred-work/${id}` : `/api/${entity}s/${id}`;

/** The reply's row; a status call answers with the service, which goes into its inspection. */
async function responseRow(db: LocalDb, write: LocalWrite, body: unknown): Promise<ServerChanges | null> {
  // A send answers with its own record, which no local table keeps.
  if (write.kind === 'share.send') return null;
  // A medium's answer goes into the media table (web/offline/media).
  if (write.kind === 'media.update' || write.kind === 'media.delete') return null;
  if (write.kind !== 'service.status') return serverRowOf(entityOf(write).entity, body);
  const service = serviceResponse.safeParse(body);
  const inspection = await db.inspections.get(write.inspectionId);
  if (!service.success || !inspection) return null;
  const services = inspection.services.map((s) => (s.id === service.data.id ? service.data : s));
  return { inspections: [{ ...inspection, services }] };
}

/**
 * The server has the change (2xx): the entry goes and the returned row replaces the local one, with
 * the entries still waiting applied on top. A replayed answer is as good: no pull runs between a
 * commit and its acknowledgement (a pass stops at the first unanswered request), so anything newer
 * arrives with the next pull.
 */
export async function acknowledgeEntry(db: LocalDb, entry: OutboxEntry, body: unknown): Promise<SyncEntity[]> {
  return db.transaction('rw', writeTables(db), async () => {
    await db.outbox.delete(entry.seq as number);
    const incoming = await responseRow(db, entry.write, body);
    return incoming ? mergeServerChanges(db, incoming) : [];
  });
}

export interface GoneOutcome {
  /** For the user; none for a delete (what it wanted is done). */
  notice: SyncNotice | null;
  changed: SyncEntity[];
  /** A row still on the server whose local copy showed the dropped change: read it again. */
  reread: { entity: SyncEntity; id: string } | null;
}

/**
 * Deletes win (410): the change goes, with the later ones that cannot apply without it, and so do
 * the local rows the server no longer has. When the 410 is about a row the change points at (a
 * deleted customer or vehicle), the row itself stays and is read again.
 */
export async function dropGoneEntry(db: LocalDb, entry: OutboxEntry, serverBody: unknown): Promise<GoneOutcome> {
  const write = entry.write;
  const ownKind = write.kind === 'service.status' ? 'service' : entry.entity;
  const goneKind = goneEntityOf(serverBody) ?? ownKind;
  const rowGone = goneKind === ownKind;
  return db.transaction('rw', writeTables(db), async () => {
    const all = await db.outbox.orderBy('seq').toArray();
    const sameRow = (e: OutboxEntry) =>
      write.kind === 'service.status'
        ? e.write.kind === 'service.status' && e.write.serviceId === write.serviceId
        : e.entityId === entry.entityId;
    const dropped = isCreate(entry)
      ? withDependents(all, entry.id)
      : rowGone
        ? all.filter((e) => (e.seq as number) >= (entry.seq as number) && sameRow(e))
        : [entry];
    await db.outbox.bulkDelete(dropped.map((e) => e.seq as number));
    const notice = write.kind.endsWith('.delete') ? null : await goneNotice(db, entry, rowGone ? null : goneKind);
    let changed: SyncEntity[] = [];
    if (isCreate(entry)) {
      changed = await mergeServerChanges(db, {
        deleted: dropped.filter(isCreate).map((e) => ({ entity: e.entity, id: e.entityId })),
      });
    } else if (rowGone && write.kind === 'service.status') {
      const inspection = await db.inspections.get(write.inspectionId);
      const services = inspection?.services.filter((s) => s.id !== write.serviceId);
      if (inspection && services)
        changed = await mergeServerChanges(db, { inspections: [{ ...inspection, services }] });
    } else if (rowGone) {
      changed = await mergeServerChanges(db, { deleted: [{ entity: entry.entity, id: entry.entityId }] });
    }
    const reread = !rowGone && !isCreate(entry) ? { entity: entry.entity, id: entry.entityId } : null;
    return { notice, changed, reread };
  });
}

/** The server's copy of one row replaces the local one; null (a 404 or 410) removes it. */
export function storeServerRow(
  db: LocalDb,
  entity: SyncEntity,
  id: string,
  row: ServerChanges | null,
): Promise<SyncEntity[]> {
  return db.transaction('rw', writeTables(db), () => mergeServerChanges(db, row ?? { deleted: [{ entity, id }] }));
}
