import { applyWrite, dependsOnOf, entityOf, isCreateWrite } from './apply-write';
import { dbSignal } from './db-signal';
import { diffStates } from './local-rows';
import type { LocalDb } from './local-db';
import { loadState, loadTechnicians, saveChanges, scopeOfWrite, writeTables } from './local-state';
import { newRowId } from '@shared/ids';
import type { SyncEntity } from '@shared/schemas/sync';
import type { LocalWrite, OutboxEntry } from './types';

// The outbox: every change to an offline-capable row, kept until the server has it. Entries are
// sent in `seq` order by one sync loop; the local tables already show their effect.

const enqueued = dbSignal<[entry: OutboxEntry, changed: SyncEntity[]]>();

/** Called after each enqueue on this database in this page (the sync engine listens). */
export function onEnqueued(db: LocalDb, listener: (entry: OutboxEntry, changed: SyncEntity[]) => void): () => void {
  return enqueued.listen(db, listener);
}

/**
 * Applies `write` to the local tables and appends the outbox entry, in ONE rw transaction (strict
 * durability). Returns the entry. Throws only for programmer errors: input the forms' own schemas
 * refuse, or a new row whose customer or vehicle is not on this device; then nothing is written.
 */
export async function enqueue(db: LocalDb, userId: string, write: LocalWrite, label: string): Promise<OutboxEntry> {
  const entry = newEntry(userId, write, label);
  const changed = await db.transaction('rw', writeTables(db), async () => {
    const before = await loadState(db, scopeOfWrite(write));
    const after = applyWrite(before, write, { now: entry.createdAt, userId, technicians: await loadTechnicians(db) });
    const entities = await saveChanges(db, diffStates(before, after));
    entry.seq = await db.outbox.add(entry);
    return entities;
  });
  announceEnqueued(db, entry, changed);
  return entry;
}

/** Tells the listeners of an entry added (by enqueue, or by the media module's own transactions). */
export function announceEnqueued(db: LocalDb, entry: OutboxEntry, changed: SyncEntity[]): void {
  enqueued.announce(db, entry, changed);
}

/** A new outbox entry, not yet added (the caller adds it in its own transaction). */
export function newEntry(userId: string, write: LocalWrite, label: string): OutboxEntry {
  return {
    // Also the write's Idempotency-Key, stored by the server: time-ordered like the rows' ids.
    id: newRowId(),
    userId,
    write,
    ...entityOf(write),
    dependsOn: dependsOnOf(write),
    label,
    state: 'pending',
    attempts: 0,
    createdAt: new Date().toISOString(),
  };
}

/** Entity ids with unsent entries (for pending marks). */
export async function pendingEntityIds(db: LocalDb): Promise<Set<string>> {
  return new Set((await db.outbox.orderBy('entityId').uniqueKeys()) as string[]);
}

export const isCreate = (entry: OutboxEntry) => isCreateWrite(entry.write);

/**
 * The entry and the later ones that cannot apply without it. Only a create has such dependents:
 * changes to the row it makes and rows made under it (vehicles, inspections), and so on.
 */
export function withDependents(entries: readonly OutboxEntry[], entryId: string): OutboxEntry[] {
  const index = entries.findIndex((e) => e.id === entryId);
  const target = entries[index];
  if (!target) return [];
  if (!isCreate(target)) return [target];
  const made = new Set([target.entityId]);
  const dropped = [target];
  for (const entry of entries.slice(index + 1)) {
    if (made.has(entry.entityId) || entry.dependsOn.some((id) => made.has(id))) {
      dropped.push(entry);
      if (isCreate(entry)) made.add(entry.entityId);
    }
  }
  return dropped;
}

/**
 * Whether an entry has to wait: an earlier entry on one of its rows needs attention (or waits
 * itself). `blocked` holds the rows of such entries and grows as the loop walks the outbox. A send
 * of a share link changes no row, so a refused one holds back nothing after it.
 */
export function mustWait(entry: OutboxEntry, blocked: Set<string>): boolean {
  const waits =
    entry.state === 'attention' || blocked.has(entry.entityId) || entry.dependsOn.some((id) => blocked.has(id));
  if (waits && entry.write.kind !== 'share.send') blocked.add(entry.entityId);
  return waits;
}
