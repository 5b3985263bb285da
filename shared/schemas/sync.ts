import { z } from 'zod';
import { textWholeNumber } from './common';
import { customerResponse } from './customer';
import { deferredWorkResponse } from './deferred';
import { inspectionResponse } from './inspection';
import { mediaResponse } from './media';
import { vehicleResponse } from './vehicle';

/** Rows the offline app keeps and the change feed sends. */
export const SYNC_ENTITIES = ['customer', 'vehicle', 'inspection', 'deferred', 'media'] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

/** Inspections the offline app keeps: in progress, or changed within this many days. */
export const SYNC_INSPECTION_WINDOW_DAYS = 14;
/** Deletions are remembered at least this long; an older cursor must resync from scratch. */
export const TOMBSTONE_RETENTION_DAYS = 90;
/** Idempotency keys and their stored responses are kept at least this long. */
export const IDEMPOTENCY_RETENTION_DAYS = 30;
export const SYNC_PAGE_DEFAULT = 500;
export const SYNC_PAGE_MAX = 1000;

/**
 * `since` is an opaque cursor returned by this call ('0' or absent: everything): the last change
 * sequence seen, prefixed with the database's sync epoch (`<epoch>.<seq>`) once it was restored.
 */
export const syncChangesQuery = z.object({
  since: z
    .string()
    .regex(/^(?:[0-9a-z]{1,32}\.)?\d{1,18}$/, 'since must be a cursor returned by this call')
    .optional(),
  limit: textWholeNumber('limit', { min: 1, max: SYNC_PAGE_MAX }).optional(),
});
export type SyncChangesQuery = z.output<typeof syncChangesQuery>;

export const syncDeletion = z.object({ entity: z.enum(SYNC_ENTITIES), id: z.string() });
export type SyncDeletion = z.output<typeof syncDeletion>;

/**
 * The kinds a page's `deleted` carries. Kinds added later send their deletions in a list of their
 * own (`deletedDeferred`, `deletedMedia`): a device still running an older app refuses a page whose `deleted`
 * names a kind it does not know, and would stop pulling until it updates.
 */
export const FIRST_SYNC_ENTITIES = ['customer', 'vehicle', 'inspection'] as const;
const pageDeletion = z.object({ entity: z.enum(FIRST_SYNC_ENTITIES), id: z.string() });

/**
 * One page of changes after `since`, oldest first. Rows are the same shapes the REST calls return
 * (inspections with services, parts and notes). `resync: true` means the cursor is older than the
 * remembered deletions or from before a restore of the database: drop the local copies (never the
 * outbox) and pull again from '0'.
 */
export const syncChangesResponse = z.object({
  resync: z.boolean(),
  cursor: z.string(),
  hasMore: z.boolean(),
  customers: z.array(customerResponse),
  vehicles: z.array(vehicleResponse),
  inspections: z.array(inspectionResponse),
  /** Deferred work lines (open or not) changed after the cursor. */
  deferred: z.array(deferredWorkResponse),
  deleted: z.array(pageDeletion),
  /** Ids of deferred work lines deleted after the cursor. */
  deletedDeferred: z.array(z.string()),
  /** Photos and videos added or changed after the cursor (their files are fetched by URL). */
  media: z.array(mediaResponse),
  /** Ids of photos and videos deleted after the cursor (also those an inspection or service took with it). */
  deletedMedia: z.array(z.string()),
});
export type SyncChangesResponse = z.output<typeof syncChangesResponse>;

/** Header that makes a write safe to retry; the web app sends the outbox entry's UUID. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on a response replayed from the idempotency store. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

/** A change-feed page with no rows and no deletions in any list. */
export function emptyChangePage(head: Pick<SyncChangesResponse, 'resync' | 'cursor' | 'hasMore'>): SyncChangesResponse {
  return {
    ...head,
    customers: [],
    vehicles: [],
    inspections: [],
    deferred: [],
    deleted: [],
    deletedDeferred: [],
    media: [],
    deletedMedia: [],
  };
}
