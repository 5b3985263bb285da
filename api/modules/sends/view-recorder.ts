import { sql } from 'kysely';
import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { refreshInspectionFunnelLocked } from '@api/db/inspection-funnel';
import { inUnflushedTransaction } from '@api/db/transaction';
import { ownerTable, type TargetKind } from './send.repository';

interface PendingView {
  kind: TargetKind;
  token: string;
  firstAt: string;
  lastAt: string;
  count: number;
}

interface Flush {
  promise: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

function newFlush(): Flush {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Counts share-page views with group commit: a view waits for the write that holds it, so a
 * customer's view is stored before the page is answered, but the views that arrive while one
 * write runs go together in the next one. Under load a share page costs a share of one write
 * transaction instead of a whole one; alone, a view is written at once. A view is not worth a disk
 * flush per page: its commit does not wait for one (inUnflushedTransaction).
 */
export class ViewRecorder {
  private batch = new Map<string, PendingView>();
  private next: Flush | undefined;
  private running = false;

  constructor(private readonly db: Db) {}

  /** Counts one view of the page with this token; resolves once it is stored. */
  record(kind: TargetKind, token: string, at: string): Promise<void> {
    const key = `${kind}:${token}`;
    const pending = this.batch.get(key);
    if (pending) {
      pending.count += 1;
      if (at < pending.firstAt) pending.firstAt = at;
      if (at > pending.lastAt) pending.lastAt = at;
    } else {
      this.batch.set(key, { kind, token, firstAt: at, lastAt: at, count: 1 });
    }
    this.next ??= newFlush();
    const { promise } = this.next;
    this.kick();
    return promise;
  }

  private kick(): void {
    if (this.running || !this.next) return;
    const [batch, flush] = [this.batch, this.next];
    this.batch = new Map();
    this.next = undefined;
    this.running = true;
    writeViews(this.db, [...batch.values()])
      .then(flush.resolve, flush.reject)
      .finally(() => {
        this.running = false;
        this.kick();
      });
  }
}

/**
 * One page's views in one statement keyed by its token: the first view inserts, later ones move
 * the last time and add to the count; an unknown token inserts nothing. Compiled once per kind.
 */
function countViewsOf(kind: TargetKind) {
  const owner = ownerTable(kind);
  return compiledOnce((db, [token, firstAt, lastAt, count]) =>
    db
      .insertInto('shareViews')
      .columns(['targetKind', 'targetId', 'firstViewedAt', 'lastViewedAt', 'viewCount'])
      .expression(
        db
          .selectFrom(owner)
          .select([
            sql.lit(kind).as('targetKind'),
            `${owner}.id`,
            sql<string>`cast(${firstAt} as text)`.as('firstViewedAt'),
            sql<string>`cast(${lastAt} as text)`.as('lastViewedAt'),
            sql<number>`cast(${count} as integer)`.as('viewCount'),
          ])
          .where(`${owner}.shareToken`, '=', token!),
      )
      .onConflict((oc) =>
        oc.columns(['targetKind', 'targetId']).doUpdateSet((eb) => ({
          lastViewedAt: eb.ref('excluded.lastViewedAt'),
          viewCount: eb('shareViews.viewCount', '+', eb.ref('excluded.viewCount')),
        })),
      )
      .returning(['targetId', 'viewCount']),
  );
}

const countViews = { inspection: countViewsOf('inspection'), invoice: countViewsOf('invoice') };

/** One transaction for a batch of views. A report seen for the first time refreshes its funnel summary. */
async function writeViews(db: Db, views: PendingView[]): Promise<void> {
  await inUnflushedTransaction(db, async (trx) => {
    const firstSeen: string[] = [];
    for (const view of views) {
      const [counted] = await countViews[view.kind](trx, [view.token, view.firstAt, view.lastAt, String(view.count)]);
      // Stored count equal to this batch's: the row is new, the report's first view.
      if (view.kind === 'inspection' && counted && Number(counted.viewCount) === view.count)
        firstSeen.push(counted.targetId);
    }
    if (firstSeen.length > 0) await refreshInspectionFunnelLocked(trx, firstSeen);
  });
}

const recorders = new WeakMap<Db, ViewRecorder>();

/** The view recorder of this database handle (one per process and database). */
export function viewRecorderOf(db: Db): ViewRecorder {
  let recorder = recorders.get(db);
  if (!recorder) {
    recorder = new ViewRecorder(db);
    recorders.set(db, recorder);
  }
  return recorder;
}
