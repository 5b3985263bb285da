import { sql } from 'kysely';
import { isPostgres, type Db } from '@api/db/database';
import { HttpError } from '@api/lib/http-error';
import { isoAt } from '@api/lib/tokens';

/** Sends (every channel) one user may make in an hour, and the whole shop in a day (`SEND_LIMIT_*`). */
export interface SendLimits {
  perUserHour: number;
  perShopDay: number;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
// Any fixed number, the same in every process: PostgreSQL's lock that makes counting and inserting one step.
const SEND_LIMIT_LOCK = 4_903_271;

/** In words, for the message: "40 seconds", "12 minutes", "3 hours". */
export function waitText(seconds: number): string {
  const [n, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 2 * 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** A 429 that the send routes answer with a `Retry-After` header. */
export class SendLimited extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(429, 'too_many_requests', message, undefined, { reason: 'send_limit' });
  }
}

/**
 * When the window stops being full: the `limit`-th most recent send in it leaves the window then.
 * Undefined while fewer than `limit` sends are in it.
 */
async function fullUntil(db: Db, userId: string | null, windowMs: number, limit: number, now: number) {
  let query = db
    .selectFrom('shareSends')
    .select('createdAt')
    .where('createdAt', '>', isoAt(now - windowMs))
    .orderBy('createdAt', 'desc')
    .limit(1)
    .offset(limit - 1);
  if (userId) query = query.where('userId', '=', userId);
  const row = await query.executeTakeFirst();
  return row ? Date.parse(row.createdAt) + windowMs : undefined;
}

/**
 * Throws SendLimited when the user or the shop has used up its sends. Call it in the transaction
 * that inserts the send: on PostgreSQL it takes a lock held to commit, so two processes cannot both
 * count the last free send; SQLite writes one transaction at a time anyway.
 */
export async function refuseOverLimit(db: Db, userId: string, now: number, limits: SendLimits): Promise<void> {
  if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${SEND_LIMIT_LOCK})`.execute(db);
  const shopUntil = await fullUntil(db, null, DAY_MS, limits.perShopDay, now);
  const userUntil = await fullUntil(db, userId, HOUR_MS, limits.perUserHour, now);
  // The longer wait is the one that holds.
  if (shopUntil !== undefined && shopUntil >= (userUntil ?? 0)) {
    const seconds = Math.max(1, Math.ceil((shopUntil - now) / 1000));
    throw new SendLimited(
      seconds,
      `The shop has sent ${limits.perShopDay} messages to customers in the last 24 hours, the most it may. Try again in ${waitText(seconds)}.`,
    );
  }
  if (userUntil !== undefined) {
    const seconds = Math.max(1, Math.ceil((userUntil - now) / 1000));
    throw new SendLimited(
      seconds,
      `You have sent ${limits.perUserHour} messages to customers in the last hour, the most one person may. Try again in ${waitText(seconds)}.`,
    );
  }
}
