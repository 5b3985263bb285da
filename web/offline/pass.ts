import type { LocalDb } from './local-db';
import type { SyncEvents } from './sync-events';
import type { Reply } from './transport';

/** How a pass of the loop ended: 'retry' backs off, 'paused' waits for a sign-in. */
export type Outcome = 'done' | 'retry' | 'paused' | 'stopped';

/** What the push and the pull of one pass share. */
export interface PassContext {
  db: LocalDb;
  events: SyncEvents;
  /** One request to the API; its answer (or none) also tells whether the device is online. */
  request: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    idempotencyKey?: string,
  ) => Promise<Reply>;
  /** Reads the header's counts again. */
  refreshCounts: () => Promise<void>;
  /** True once the loop was stopped after this pass began: the pass ends between two requests. */
  stopped: () => boolean;
}
