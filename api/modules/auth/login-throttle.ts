import type { Db } from '../../db/database';
import { newId } from '../../lib/tokens';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

const keyFor = (username: string) => username.trim().toLowerCase();

/** Minutes until the account may try again, or 0 when it is not locked. */
export async function lockedForMinutes(db: Db, username: string, now = Date.now()): Promise<number> {
  const since = new Date(now - FAILED_LOGIN_WINDOW_MS).toISOString();
  const failures = await db
    .selectFrom('loginFailures')
    .select('failedAt')
    .where('usernameKey', '=', keyFor(username))
    .where('failedAt', '>', since)
    .orderBy('failedAt', 'asc')
    .execute();
  if (failures.length < MAX_FAILED_LOGINS) return 0;
  // Unlocks when the oldest failure that still counts leaves the window.
  const oldest = failures[failures.length - MAX_FAILED_LOGINS]!;
  const unlockAt = Date.parse(oldest.failedAt) + FAILED_LOGIN_WINDOW_MS;
  return Math.max(1, Math.ceil((unlockAt - now) / 60_000));
}

export async function recordFailedLogin(db: Db, username: string): Promise<void> {
  await db
    .insertInto('loginFailures')
    .values({ id: newId(), usernameKey: keyFor(username), failedAt: new Date().toISOString() })
    .execute();
  const expired = new Date(Date.now() - FAILED_LOGIN_WINDOW_MS).toISOString();
  await db.deleteFrom('loginFailures').where('failedAt', '<=', expired).execute();
}

export async function clearFailedLogins(db: Db, username: string): Promise<void> {
  await db.deleteFrom('loginFailures').where('usernameKey', '=', keyFor(username)).execute();
}
