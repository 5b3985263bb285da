import type { Db } from '@api/db/database';
import { HttpError } from '@api/lib/http-error';
import { isoAt, newId } from '@api/lib/tokens';
import { clientAddressKey } from './client-address';

/** Failures one (username, client) pair may make before it has to wait. */
export const FREE_FAILURES = 5;
export const MAX_PAIR_DELAY_MS = 15 * 60 * 1000;
/** Failures of one username in FAILURE_WINDOW_MS, over all clients, before untrusted devices wait. */
export const ACCOUNT_CEILING = 100;
export const FAILURE_WINDOW_MS = 60 * 60 * 1000;
/**
 * Failures one client address may make in FAILURE_WINDOW_MS over all usernames, known or not;
 * sign-ups and invite acceptances spend from it too (each costs a hash). Trusted devices are exempt.
 */
export const ADDRESS_BUDGET = 30;
/** The username key of a sign-up or invite acceptance: no typed username normalises to it. */
export const HASHING_ONLY_KEY = '';

/** One sign-in attempt: whose name was typed, from which client, and whether that device is trusted. */
export interface Attempt {
  usernameKey: string;
  /** `device:<hash>` for a device trusted for this user, else `address:<client address>`. */
  clientKey: string;
  trusted: boolean;
  now: number;
}

/** Unknown usernames are keyed the same way as real ones, so counting never tells them apart. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();

/** The wait a pair must keep after its `failures`-th failure: 0, then 1 s, 2 s, 4 s … up to 15 min. */
export function pairDelayMs(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(1000 * 2 ** Math.min(failures - FREE_FAILURES - 1, 30), MAX_PAIR_DELAY_MS);
}

export function throttleMessage(seconds: number): string {
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many failed sign-in attempts. Try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
}

export function addressThrottleMessage(seconds: number): string {
  return throttleMessage(seconds).replace('failed sign-in attempts', 'attempts from this network');
}

/** A 429, answered with a `Retry-After` header. */
export class SignInThrottled extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message = throttleMessage(retryAfterSeconds),
  ) {
    super(429, 'too_many_requests', message, undefined, { retryAfterSeconds });
  }
}

/** When the `n`-th most recent row of the window for that key was written, if there are n. */
async function nthRecent(
  db: Db,
  column: 'usernameKey' | 'clientKey',
  key: string,
  n: number,
  since: string,
  ownId: string | undefined,
): Promise<number | undefined> {
  let query = db
    .selectFrom('loginFailures')
    .select('failedAt')
    .where(column, '=', key)
    .where('failedAt', '>', since)
    .orderBy('failedAt', 'desc')
    .limit(1)
    .offset(n - 1);
  if (ownId) query = query.where('id', '!=', ownId);
  const row = await query.executeTakeFirst();
  return row ? Date.parse(row.failedAt) : undefined;
}

/** Until when the address has spent its budget: its ADDRESS_BUDGET-th most recent row leaves the window. */
async function addressBudgetUntil(db: Db, clientKey: string, now: number, ownId?: string): Promise<number> {
  const nth = await nthRecent(db, 'clientKey', clientKey, ADDRESS_BUDGET, isoAt(now - FAILURE_WINDOW_MS), ownId);
  return nth === undefined ? 0 : nth + FAILURE_WINDOW_MS;
}

/**
 * Milliseconds the attempt has to wait (0: it may go ahead). `ownId` leaves out the attempt's own
 * reservation, so attempts in flight at the same time count against each other.
 */
async function waitMs(db: Db, attempt: Attempt, ownId?: string): Promise<number> {
  const since = isoAt(attempt.now - FAILURE_WINDOW_MS);
  let pair = db
    .selectFrom('loginFailures')
    .select((eb) => [eb.fn.countAll<number | string>().as('failures'), eb.fn.max('failedAt').as('last')])
    .where('usernameKey', '=', attempt.usernameKey)
    .where('clientKey', '=', attempt.clientKey)
    .where('failedAt', '>', since);
  if (ownId) pair = pair.where('id', '!=', ownId);
  const { failures, last } = await pair.executeTakeFirstOrThrow();
  let until = last ? Date.parse(last) + pairDelayMs(Number(failures)) : 0;
  if (!attempt.trusted) {
    // The ceiling holds until the 100th most recent failure leaves the window.
    const hundredth = await nthRecent(db, 'usernameKey', attempt.usernameKey, ACCOUNT_CEILING, since, ownId);
    if (hundredth !== undefined) until = Math.max(until, hundredth + FAILURE_WINDOW_MS);
    // An untrusted attempt's client is its address: random usernames from it spend one budget.
    until = Math.max(until, await addressBudgetUntil(db, attempt.clientKey, attempt.now, ownId));
  }
  return Math.max(0, until - attempt.now);
}

async function refuseIfWaiting(db: Db, attempt: Attempt, ownId?: string): Promise<void> {
  const wait = await waitMs(db, attempt, ownId);
  if (wait > 0) throw new SignInThrottled(Math.ceil(wait / 1000));
}

/**
 * Runs `check` (the password check) unless the pair or the account has to wait, in which case it
 * throws SignInThrottled without calling it. A failed check stays counted; a passed one clears
 * the pair's failures (only that pair's).
 */
export async function throttled(db: Db, attempt: Attempt, check: () => Promise<boolean>): Promise<boolean> {
  // Cheap refusal first, so a flood of refused attempts writes nothing.
  await refuseIfWaiting(db, attempt);
  // Counted as a failure before the password is checked, so parallel attempts cannot all slip
  // through one free slot; a refused or successful attempt takes its row back.
  const id = newId();
  await db
    .insertInto('loginFailures')
    .values({ id, usernameKey: attempt.usernameKey, clientKey: attempt.clientKey, failedAt: isoAt(attempt.now) })
    .execute();
  let ok: boolean;
  try {
    await refuseIfWaiting(db, attempt, id);
    ok = await check();
  } catch (err) {
    await db.deleteFrom('loginFailures').where('id', '=', id).execute();
    throw err;
  }
  const since = isoAt(attempt.now - FAILURE_WINDOW_MS);
  if (ok) {
    // Only rows inside the window: older ones belong to the prune below, so the two do not
    // delete the same rows at once (which could deadlock on PostgreSQL).
    await db
      .deleteFrom('loginFailures')
      .where('usernameKey', '=', attempt.usernameKey)
      .where('clientKey', '=', attempt.clientKey)
      .where('failedAt', '>', since)
      .execute();
  } else {
    // Keeps the table as small as the window, so a username-spraying attacker cannot grow it.
    // Housekeeping only: the next failure prunes again if this one loses a race.
    await db
      .deleteFrom('loginFailures')
      .where('failedAt', '<=', since)
      .execute()
      .catch(() => undefined);
  }
  return ok;
}

/**
 * A sign-up or invite acceptance about to hash a password spends one from its address's budget
 * (429 when it is spent); the row stays whatever the outcome, as every such request costs a hash.
 */
export async function spendAddressBudget(db: Db, address: string, now: number): Promise<void> {
  const clientKey = `address:${clientAddressKey(address)}`;
  const refuse = async (ownId?: string) => {
    const wait = (await addressBudgetUntil(db, clientKey, now, ownId)) - now;
    if (wait > 0) throw new SignInThrottled(Math.ceil(wait / 1000), addressThrottleMessage(Math.ceil(wait / 1000)));
  };
  await refuse();
  // Written before the re-check, as in throttled(), so parallel requests count against each other.
  const id = newId();
  await db
    .insertInto('loginFailures')
    .values({ id, usernameKey: HASHING_ONLY_KEY, clientKey, failedAt: isoAt(now) })
    .execute();
  try {
    await refuse(id);
  } catch (err) {
    await db.deleteFrom('loginFailures').where('id', '=', id).execute();
    throw err;
  }
}
