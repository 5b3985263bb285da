import type { SyncChangesResponse } from '@shared/schemas/sync';

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

/** The whole answer to a client that must drop its copy and pull again from the start. */
export const RESYNC_PAGE = emptyChangePage({ resync: true, cursor: '0', hasMore: true });
