import { emptyChangePage } from '@shared/schemas/sync';

export { emptyChangePage };

/** The whole answer to a client that must drop its copy and pull again from the start. */
export const RESYNC_PAGE = emptyChangePage({ resync: true, cursor: '0', hasMore: true });
