import { randomBytes } from 'node:crypto';
import { Signer, type UnsignResult } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '@api/db/database';
import type { UserRow } from '@api/db/tables';
import { clearCookie, readCookie, setCookie } from './cookies';
import {
  deleteExpiredSessions,
  deleteSession,
  insertSession,
  readSession,
  SESSION_TTL_MS,
  type StoredSession,
  updateSession,
} from './session-store';

export { deleteExpiredSessions, SESSION_TTL_MS } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's session: read with its user before any route hook runs, written only when changed. */
    readonly session: RequestSession;
  }
}

export const SESSION_COOKIE = 'baywise.sid';
const COOKIE = { path: '/', httpOnly: true, sameSite: 'lax' } as const;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

/** 24 random bytes, URL-safe: ids as the earlier session plugin made them. */
const newSessionId = (): string => randomBytes(24).toString('base64url');

interface SessionContext {
  db: Db;
  signer: RememberingSigner;
}

/**
 * One request's session. It lives and dies with its request: the user read with it is this
 * request's only, so a role change, a suspension or an ended session applies to the next request.
 */
export class RequestSession {
  /** The user row read in the same query as the session, if the session points to one. */
  loadedUser: UserRow | undefined;
  private id: string | undefined;
  private userId: string | undefined;
  private expires = 0;
  /** Its row was read for this request (and is neither regenerated nor destroyed since). */
  private stored = false;
  /** Changed or renewed: to be written when the response is sent. */
  private dirty = false;
  /** The cookie the request sent leads nowhere (any more): the response drops it unless it sets a new one. */
  private stale: boolean;

  constructor(
    private readonly context: SessionContext,
    private readonly hadCookie: boolean,
    found?: { sid: string; row: StoredSession },
  ) {
    this.stale = hadCookie;
    if (found) {
      this.id = found.sid;
      this.userId = found.row.userId;
      this.expires = found.row.expiresAt;
      this.loadedUser = found.row.user;
      this.stored = true;
      this.stale = false;
    }
  }

  /** The id of a session without one yet is made on first use (a sign-in), never for a mere visit. */
  get sessionId(): string {
    return (this.id ??= newSessionId());
  }

  /** When the session ends (ms since epoch); 0 for one that is not stored. */
  get expiresAt(): number {
    return this.expires;
  }

  get(_key: 'userId'): string | undefined {
    return this.userId;
  }

  set(_key: 'userId', value: string): void {
    if (value === this.userId) return;
    this.userId = value;
    this.dirty = true;
    if (!this.stored) this.expires = Date.now() + SESSION_TTL_MS;
  }

  /** A fresh SESSION_TTL_MS from now, stored and sent with the response. */
  touch(now = Date.now()): void {
    this.expires = now + SESSION_TTL_MS;
    this.dirty = true;
  }

  /** Ends the stored session: what is set next is a new session with a new id (no fixation). */
  async regenerate(): Promise<void> {
    await this.end();
  }

  /** Ends the session in the store; the response drops the cookie. */
  async destroy(): Promise<void> {
    await this.end();
  }

  private async end(): Promise<void> {
    const sid = this.stored ? this.id : undefined;
    this.id = undefined;
    this.userId = undefined;
    this.loadedUser = undefined;
    this.expires = 0;
    this.stored = false;
    this.dirty = false;
    this.stale = this.hadCookie;
    if (sid !== undefined) await deleteSession(this.context.db, sid);
  }

  /** Whether the response must store the session or set or drop its cookie. */
  get needsSaving(): boolean {
    return this.dirty || this.stale;
  }

  /** Stores what changed and sets the cookie, or drops a cookie that leads nowhere. */
  async save(reply: FastifyReply): Promise<void> {
    if (this.dirty && this.userId !== undefined) {
      const { db, signer } = this.context;
      const sid = this.sessionId;
      const kept = this.stored
        ? await updateSession(db, sid, this.userId, this.expires)
        : await insertSession(db, sid, this.userId, this.expires);
      this.dirty = false;
      if (kept) {
        this.stored = true;
        setCookie(reply, SESSION_COOKIE, signer.sign(sid), { ...COOKIE, expires: new Date(this.expires) });
        return;
      }
      // Ended meanwhile (logout elsewhere, the user deleted): nothing is brought back.
      this.stale = this.hadCookie;
    }
    if (this.stale) clearCookie(reply, SESSION_COOKIE, COOKIE);
  }
}

/**
 * Sliding expiry without a database write on every request: a session in use gets a fresh
 * SESSION_TTL_MS at most once a day (saving the session also re-sends the cookie).
 */
export function keepSessionAlive(session: RequestSession, now = Date.now()): void {
  if (session.expiresAt - now > SESSION_TTL_MS - RENEW_AFTER_MS) return;
  session.touch(now);
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

const kSession = Symbol('session');
type WithSession = FastifyRequest & { [kSession]: RequestSession | null };

export function registerSessions(app: FastifyInstance, options: { db: Db; secret: string }): void {
  const context: SessionContext = { db: options.db, signer: new RememberingSigner(options.secret) };
  app.decorateRequest(kSession, null);
  // A request that never sent the cookie gets its (empty) session only if something asks for it.
  app.decorateRequest('session', {
    getter(this: FastifyRequest) {
      const request = this as WithSession;
      return (request[kSession] ??= new RequestSession(context, false));
    },
  });

  app.addHook('onRequest', (request, _reply, done) => {
    const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (cookie === undefined) return done();
    const { valid, value: sid } = context.signer.unsign(cookie);
    if (!valid || sid === null) {
      (request as WithSession)[kSession] = new RequestSession(context, true);
      return done();
    }
    readSession(options.db, sid).then((row) => {
      (request as WithSession)[kSession] = new RequestSession(context, true, row ? { sid, row } : undefined);
      done();
    }, done);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const session = (request as WithSession)[kSession];
    if (session === null || !session.needsSaving) return done(null, payload);
    session.save(reply).then(
      () => done(null, payload),
      (err: unknown) => done(err as Error),
    );
  });

  const timer = setInterval(() => {
    deleteExpiredSessions(options.db).catch((err: unknown) => app.log.warn({ err }, 'session cleanup failed'));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
