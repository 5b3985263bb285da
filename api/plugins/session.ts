import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import type { Db } from '../db/database';

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
}

export const SESSION_COOKIE = 'baywise.sid';
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

type Callback = (err?: unknown) => void;

/** Sessions kept in the database, so several server processes can share them. */
export class KyselySessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: Session, callback: Callback): void {
    const expires = session.cookie.expires
      ? new Date(session.cookie.expires)
      : new Date(Date.now() + SESSION_TTL_MS);
    const row = {
      sid,
      userId: session.userId ?? null,
      data: JSON.stringify(session),
      expiresAt: expires.toISOString(),
    };
    this.db
      .insertInto('sessions')
      .values(row)
      .onConflict((oc) =>
        oc.column('sid').doUpdateSet({ userId: row.userId, data: row.data, expiresAt: row.expiresAt }),
      )
      .execute()
      .then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, session?: Session | null) => void): void {
    this.db
      .selectFrom('sessions')
      .select(['data', 'expiresAt'])
      .where('sid', '=', sid)
      .executeTakeFirst()
      .then((row) => {
        if (!row || row.expiresAt <= new Date().toISOString()) return callback(null, null);
        callback(null, JSON.parse(row.data) as Session);
      }, callback);
  }

  destroy(sid: string, callback: Callback): void {
    this.db
      .deleteFrom('sessions')
      .where('sid', '=', sid)
      .execute()
      .then(() => callback(), callback);
  }
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', new Date().toISOString()).execute();
}

export async function registerSessions(
  app: FastifyInstance,
  options: { db: Db; secret: string },
): Promise<void> {
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    store: new KyselySessionStore(options.db),
    saveUninitialized: false,
    rolling: true,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: 'auto',
      maxAge: SESSION_TTL_MS,
    },
  });
  const timer = setInterval(() => {
    deleteExpiredSessions(options.db).catch((err: unknown) => app.log.warn({ err }, 'session cleanup failed'));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
