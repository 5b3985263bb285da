import { sql } from 'kysely';
import { isPostgres, type Db } from '@api/db/database';
import { idIn } from '@api/lib/id-list';
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
 * Writes of views start at most this often: under load the views of a few milliseconds go in one
 * transaction (about 30 in the bench; 4 without the pause, each paying a quarter of a transaction's
 * begin and commit); a view arriving after a quiet moment is written at once. Every view waits for
 * its write, so the pause bounds a connection's page rate too: at 4 ms the bench's 50 connections
 * could not pass ~11,000 pages a second, at 8 ms ~5,800.
 */
const WRITE_GAP_MS = 2;

/**
 * Counts share-page views with group commit: a view waits for the write that holds it, so a
 * customer's view is stored before the page is answered, but the views that arrive while one
 * write runs, or in the short gap before the next, go together in that next one. Under load a
 * share page costs a share of one write transaction instead of a whole one; alone, a view is
 * written at once. A view is not worth a disk flush per page: its commit does not wait for one
 * (inUnflushedTransaction).
 */
export class ViewRecorder {
  private batch = new Map<string, PendingView>();
  private next: Flush | undefined;
  private running = false;
  private pause: NodeJS.Timeout | undefined;
  private lastWriteAt = -Infinity;

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
    if (this.running || this.pause || !this.next) return;
    const wait = this.lastWriteAt + WRITE_GAP_MS - performance.now();
    if (wait > 0) {
      this.pause = setTimeout(() => {
        this.pause = undefined;
        this.kick();
      }, wait);
      return;
    }
    this.lastWriteAt = performance.now();
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
 * A batch's views of one kind of page in one statement, keyed by their tokens (a JSON array bound as
 * one parameter, so the text is the same for every batch size): the first view of a page inserts,
 * later ones move the last time and add to the count; an unknown token inserts nothing. Answers each
 * counted page's id and its count after the batch.
 */
async function countViews(db: Db, kind: TargetKind, views: readonly PendingView[]) {
  const owner = sql.table(ownerTable(kind));
  const batch = JSON.stringify(views.map((v) => [v.token, v.firstAt, v.lastAt, v.count]));
  const pages = isPostgres(db)
    ? sql`select o.id, v.e ->> 1 as first_at, v.e ->> 2 as last_at, (v.e ->> 3)::integer as count
          from jsonb_array_elements(${batch}::jsonb) as v(e) join ${owner} o on o.share_token = v.e ->> 0`
    : sql`select o.id, v.value ->> 1 as first_at, v.value ->> 2 as last_at, v.value ->> 3 as count
          from json_each(${batch}) as v join ${owner} o on o.share_token = v.value ->> 0 where true`;
  const { rows } = await sql<{ targetId: string; viewCount: number | string }>`
    insert into share_views (target_kind, target_id, first_viewed_at, last_viewed_at, view_count)
    select ${kind}, id, first_at, last_at, count from (${pages}) as pages where true
    on conflict (target_kind, target_id) do update set
      last_viewed_at = excluded.last_viewed_at,
      view_count = share_views.view_count + excluded.view_count
    returning target_id, view_count`.execute(db);
  return rows;
}

/**
 * The reports among those counted whose row is new: its stored count is this batch's own. Only a
 * count no higher than the batch's largest can be, so a batch of pages seen before reads nothing more.
 */
async function newlyCounted(
  db: Db,
  views: readonly PendingView[],
  counted: readonly { targetId: string; viewCount: number | string }[],
): Promise<string[]> {
  const most = Math.max(...views.map((view) => view.count));
  const candidates = counted.filter((row) => Number(row.viewCount) <= most);
  if (candidates.length === 0) return [];
  const added = new Map(views.map((view) => [view.token, view.count]));
  const tokens = await reportTokens(
    db,
    candidates.map((row) => row.targetId),
  );
  return candidates
    .filter((row) => Number(row.viewCount) === added.get(tokens.get(row.targetId) ?? ''))
    .map((row) => row.targetId);
}

async function reportTokens(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('inspections')
    .select(['id', 'shareToken'])
    .where(idIn(db, 'id', ids))
    .execute();
  return new Map(rows.map((row) => [row.id, row.shareToken]));
}

/** One transaction for a batch of views. A report seen for the first time refreshes its funnel summary. */
async function writeViews(db: Db, views: PendingView[]): Promise<void> {
  await inUnflushedTransaction(db, async (trx) => {
    const firstSeen: string[] = [];
    for (const kind of ['inspection', 'invoice'] as const) {
      const ofKind = views.filter((view) => view.kind === kind);
      if (ofKind.length === 0) continue;
      const counted = await countViews(trx, kind, ofKind);
      if (kind === 'inspection') firstSeen.push(...(await newlyCounted(trx, ofKind, counted)));
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
