import fastifyCookie, { Signer, type UnsignResult } from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { isForeignKeyViolation } from '@api/db/errors';
import type { UserRow } from '@api/db/tables';

declare module 'fastify' {
  interface Session {
    userId?: string;
    /** When the expiry was last pushed forward (ms since epoch). */
    renewedAt?: number;
  }
}

export const SESSION_COOKIE = 'baywise.sid';
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

type Callback = (err?: unknown) => void;

/** Hands a promise's outcome to a store callback exactly once. */
function settle<T>(promise: Promise<T>, callback: (err: unknown, value?: T) => void): void {
  promise.then(
    (value) => callback(null, value),
    (err: unknown) => callback(err),
  );
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

/** More sessions than this read but not yet handed on means requests ended without a response. */
const MAX_LOADED_USERS = 10_000;

/** Sessions kept in the database, so several server processes can share them. */
export class KyselySessionStore {
  /**
   * The user read with each session (one query for both), until that request takes it: kept only
   * while a request that read it is in flight, so it is never older than the request using it.
   */
  private readonly loadedUsers = new Map<string, UserRow>();

  constructor(private readonly db: Db) {}

  /** The user read with this session during the current request, once; undefined if none is kept. */
  takeLoadedUser(sid: string): UserRow | undefined {
    const user = this.loadedUsers.get(sid);
    this.loadedUsers.delete(sid);
    return user;
  }

  /** Forgets what a finished request read and did not take. */
  forgetLoadedUser(sid: string): void {
    this.loadedUsers.delete(sid);
  }

  set(sid: string, session: Session, callback: Callback): void {
    settle(this.write(sid, session), (err) => callback(err ?? undefined));
  }

  get(sid: string, callback: (err: unknown, session?: Session | null) => void): void {
    settle(this.read(sid), callback);
  }

  destroy(sid: string, callback: Callback): void {
    settle(this.db.deleteFrom('sessions').where('sid', '=', sid).execute(), (err) => callback(err ?? undefined));
  }

  private async write(sid: string, session: Session): Promise<void> {
    const expires = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + SESSION_TTL_MS);
    const row = {
      sid,
      userId: session.userId ?? null,
      data: JSON.stringify(session),
      expiresAt: expires.toISOString(),
    };
    if (row.userId) {
      // A signed-in session is only ever updated, never re-created: a request still in flight
      // must not bring back a session that logout, a password change or a user delete ended.
      try {
        await this.db
          .updateTable('sessions')
          .set({ userId: row.userId, data: row.data, expiresAt: row.expiresAt })
          .where('sid', '=', sid)
          .execute();
      } catch (err) {
        // The user was deleted meanwhile: there is nothing left to keep.
        if (!isForeignKeyViolation(err)) throw err;
      }
      return;
    }
    await this.db
      .insertInto('sessions')
      .values(row)
      .onConflict((oc) =>
        oc.column('sid').doUpdateSet({ userId: row.userId, data: row.data, expiresAt: row.expiresAt }),
      )
      .execute();
  }

  private async read(sid: string): Promise<Session | null> {
    const [row] = await sessionWithUser(this.db, [sid]);
    this.loadedUsers.delete(sid);
    if (!row || row.sessionExpiresAt <= new Date().toISOString()) return null;
    const { sessionData, sessionExpiresAt: _expiresAt, ...user } = row;
    if (user.id !== null) {
      if (this.loadedUsers.size >= MAX_LOADED_USERS) this.loadedUsers.clear();
      this.loadedUsers.set(sid, user as UserRow);
    }
    let data: Session;
    try {
      data = JSON.parse(sessionData) as Session;
    } catch {
      return null;
    }
    // The Secure flag follows each request's protocol ('auto'), not the one the session began on.
    if (data.cookie && typeof data.cookie === 'object') delete (data.cookie as { secure?: unknown }).secure;
    return data;
  }
}

/** Enough for every session in use at a shop many times over; the oldest is forgotten first. */
const SIGNATURES_KEPT = 10_000;

/**
 * The cookie signer, remembering what it signed and verified: a signature is a pure function of the
 * value and the secret, so a session's cookie is checked (HMAC) once per process, not on every request.
 * Only valid cookies are kept, so made-up ones cannot push real ones out.
 */
export class RememberingSigner {
  private readonly signer: Signer;
  private readonly signed = new Map<string, string>();
  private readonly verified = new Map<string, UnsignResult>();

  constructor(secret: string) {
    this.signer = new Signer(secret);
  }

  sign(value: string): string {
    let signed = this.signed.get(value);
    if (signed === undefined) {
      signed = this.signer.sign(value);
      remember(this.signed, value, signed);
    }
    return signed;
  }

  unsign(cookie: string): UnsignResult {
    const known = this.verified.get(cookie);
    if (known) return { ...known };
    const result = this.signer.unsign(cookie);
    if (result.valid && result.value !== null) {
      remember(this.verified, cookie, { ...result });
      // Signed with the current secret, the cookie is what sign() would give for its value.
      if (!result.renew) remember(this.signed, result.value, cookie);
    }
    return result;
  }
}

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  if (map.size >= SIGNATURES_KEPT) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Sliding expiry without a database write on every request: a session in use gets a fresh
 * SESSION_TTL_MS at most once a day (saving the session also re-sends the cookie).
 */
export function keepSessionAlive(session: Session & { touch(): void }, now = Date.now()): void {
  // A loaded session's cookie restarts its clock; the stored expiry is kept as originalExpires.
  const cookie = session.cookie as { expires?: Date | null; originalExpires?: Date };
  const stored = cookie.originalExpires ?? cookie.expires;
  const expires = stored ? new Date(stored).getTime() : 0;
  if (expires - now > SESSION_TTL_MS - RENEW_AFTER_MS) return;
  session.touch();
  session.renewedAt = now;
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', new Date().toISOString()).execute();
}

export async function registerSessions(app: FastifyInstance, options: { db: Db; secret: string }): Promise<void> {
  const store = new KyselySessionStore(options.db);
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: new RememberingSigner(options.secret),
    cookieName: SESSION_COOKIE,
    store,
    saveUninitialized: false,
    // Not on every request: keepSessionAlive renews a session in use once a day.
    rolling: false,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: SESSION_TTL_MS,
    },
  });
  // A user read with the session and left untaken (a share page, a sign-in) is not kept past its request.
  app.addHook('onResponse', (request, _reply, done) => {
    const sid = (request.session as { sessionId?: string } | null)?.sessionId;
    if (sid) store.forgetLoadedUser(sid);
    done();
  });
  const timer = setInterval(() => {
    deleteExpiredSessions(options.db).catch((err: unknown) => app.log.warn({ err }, 'session cleanup failed'));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
