import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { isForeignKeyViolation } from '@api/db/errors';
import type { UserRow } from '@api/db/tables';

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** A live session row as one request sees it. */
export interface StoredSession {
  userId: string | undefined;
  /** When the session ends (ms since epoch). */
  expiresAt: number;
  /** The user row the session points to, read in the same query; undefined when it has none. */
  user: UserRow | undefined;
}

// Read on every signed-in request: compiled once.
const sessionWithUser = compiledOnce((db, [sid]) =>
  db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.userId')
    .selectAll('users')
    .select(['sessions.data as sessionData', 'sessions.expiresAt as sessionExpiresAt'])
    .where('sessions.sid', '=', sid!),
);

/** The session's own fields from its `data` JSON; null when the text is not a JSON object. */
function parseData(text: string): { userId?: unknown } | null {
  try {
    const data: unknown = JSON.parse(text);
    return data !== null && typeof data === 'object' ? (data as { userId?: unknown }) : null;
  } catch {
    return null;
  }
}

/** The session stored under `sid` with its user, in one query; null when missing, expired or unreadable. */
export async function readSession(db: Db, sid: string, now = Date.now()): Promise<StoredSession | null> {
  const [row] = await sessionWithUser(db, [sid]);
  if (!row) return null;
  const expiresAt = Date.parse(row.sessionExpiresAt);
  if (!(expiresAt > now)) return null;
  const { sessionData, sessionExpiresAt: _expiresAt, ...user } = row;
  const data = parseData(sessionData);
  if (!data) return null;
  return {
    userId: typeof data.userId === 'string' ? data.userId : undefined,
    expiresAt,
    user: user.id === null ? undefined : (user as UserRow),
  };
}

/**
 * The `data` text in the format the earlier session plugin (@fastify/session) wrote and reads, so
 * rows stay readable by either version of the server.
 */
function sessionData(userId: string, expiresAt: number): string {
  const cookie = {
    originalMaxAge: SESSION_TTL_MS,
    expires: new Date(expiresAt).toISOString(),
    httpOnly: true,
    path: '/',
    sameSite: 'lax',
  };
  return JSON.stringify({ cookie, userId });
}

/**
 * Stores a session begun in this request (a sign-in). False when the user was deleted meanwhile:
 * there is nothing to keep.
 */
export async function insertSession(db: Db, sid: string, userId: string, expiresAt: number): Promise<boolean> {
  try {
    await db
      .insertInto('sessions')
      .values({ sid, userId, data: sessionData(userId, expiresAt), expiresAt: new Date(expiresAt).toISOString() })
      .execute();
    return true;
  } catch (err) {
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}

/**
 * Saves a session read earlier in this request. A signed-in session is only ever updated, never
 * re-created: a request still in flight must not bring back a session that logout, a password
 * change or a user delete ended. False when its row is gone (or its user, meanwhile).
 */
export async function updateSession(db: Db, sid: string, userId: string, expiresAt: number): Promise<boolean> {
  try {
    const result = await db
      .updateTable('sessions')
      .set({ userId, data: sessionData(userId, expiresAt), expiresAt: new Date(expiresAt).toISOString() })
      .where('sid', '=', sid)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  } catch (err) {
    if (isForeignKeyViolation(err)) return false;
    throw err;
  }
}

export async function deleteSession(db: Db, sid: string): Promise<void> {
  await db.deleteFrom('sessions').where('sid', '=', sid).execute();
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', new Date().toISOString()).execute();
}
