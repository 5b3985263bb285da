import Dexie, { type EntityTable, type Table } from 'dexie';
import type { Customer } from '@shared/schemas/customer';
import type { DeferredWork } from '@shared/schemas/deferred';
import type { Inspection } from '@shared/schemas/inspection';
import type { User } from '@shared/schemas/user';
import type { Vehicle } from '@shared/schemas/vehicle';
import type { MediaBlobRow, MediaRow, UploadEntry } from './media/media-types';
import type { OutboxEntry } from './types';

/** Key/value rows of the `meta` table. */
export interface MetaRow {
  key: 'cursor' | 'currentUser' | 'lastPulledAt';
  value: unknown;
}

/**
 * The browser's copy of the shop's working data, and the outbox. Rows are the REST shapes with
 * pending local changes already applied on top. Every write uses strict durability, so a write the
 * user saw acknowledged survives a crash.
 */
export class LocalDb extends Dexie {
  customers!: EntityTable<Customer, 'id'>;
  vehicles!: EntityTable<Vehicle, 'id'>;
  inspections!: EntityTable<Inspection, 'id'>;
  deferred!: EntityTable<DeferredWork, 'id'>;
  users!: EntityTable<User, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  media!: EntityTable<MediaRow, 'id'>;
  /** Keyed by [mediaId+role]. */
  mediaBlobs!: Table<MediaBlobRow, [string, string]>;
  uploads!: EntityTable<UploadEntry, 'seq'>;

  constructor(name = 'baywise') {
    super(name, { chromeTransactionDurability: 'strict' });
    // Version 1. A later version adds `.version(2).stores(...)` with an upgrade; the outbox is never cleared.
    this.version(1).stores({
      customers: 'id, name, status, createdAt, updatedAt',
      vehicles: 'id, customerId, year, make, mileage, updatedAt',
      inspections: 'id, customerId, vehicleId, technicianId, status, createdAt, updatedAt',
      users: 'id, username, role',
      meta: 'key',
      outbox: '++seq, &id, state, entityId',
    });
    // Version 2: deferred work lines. The feed sent them before this device kept them, so the
    // cursor starts over (rows are replaced, the outbox stays).
    this.version(2)
      .stores({ deferred: 'id, vehicleId, customerId, sourceInspectionId, status' })
      .upgrade(async (tx) => {
        await tx.table('meta').put({ key: 'cursor', value: '0' });
      });
    // Version 3: photos and videos, their files (Blobs) and the upload queue. Media already on the
    // server arrive with the next pull from the start.
    this.version(3)
      .stores({
        media: 'id, inspectionId',
        mediaBlobs: '[mediaId+role], mediaId',
        uploads: '++seq, mediaId, state',
      })
      .upgrade(async (tx) => {
        await tx.table('meta').put({ key: 'cursor', value: '0' });
      });
  }
}
