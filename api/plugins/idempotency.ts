import { createHash } from 'node:crypto';
import { runPeriodically } from '@api/lib/periodic';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_RETENTION_DAYS, IDEMPOTENT_REPLAY_HEADER } from '@shared/schemas/sync';
import { compiledInsert, compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { isUniqueViolation } from '@api/db/errors';
import { inTransaction } from '@api/db/transaction';
import type { IdempotencyKeyRow } from '@api/db/tables';
import { badRequest, conflict, HttpError } from '@api/lib/http-error';
import { nowIso } from '@api/lib/tokens';
import { pruneTombstones } from '@api/lib/change-log';
import { httpErrorBody } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * false: the route keeps no response for replay, because its answer is a secret shown once
     * (an invite link's token); a retried request simply makes another.
     */
    storesReplay?: boolean;
  }
}

// Idempotency-Key for staff writes (docs/offline-sync.md, "Idempotency keys"): the effect and the stored response
// commit in one transaction, so a retry after a lost response replays instead of writing twice.

declare module 'fastify' {
  interface FastifyRequest {
    /** The handle a handler writes through: the transaction of an idempotent write, else app.db. */
    db: Db;
  }
  interface FastifyContextConfig {
    /** The route honours `Idempotency-Key` (read by the API description). */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 255 visible characters';
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request';
export const IDEMPOTENCY_KEY_IN_FLIGHT = 'A request with this Idempotency-Key is still being processed';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

type KeyScope = Pick<IdempotencyKeyRow, 'userId' | 'key' | 'fingerprint'>;

/** Raised inside the transaction when another process stored the key first: roll back, replay. */
class KeyTaken extends Error {}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return Object.fromEntries(
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** JSON with object keys sorted at every level, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  return value === undefined ? '' : JSON.stringify(canonical(value));
}

/** sha256 of the method, the path (with its ids, without the query string) and the body. */
export function requestFingerprint(request: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  const path = request.url.split('?')[0] ?? '';
  return createHash('sha256')
    .update(`${request.method} ${path}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

/** Every signed-in route can write through `request.db`; it is app.db unless a write is idempotent. */
export function registerRequestDb(app: FastifyInstance, db: Db): void {
  app.decorateRequest('db', null as unknown as Db);
  app.addHook('onRequest', (request, _reply, done) => {
    request.db = db;
    done();
  });
}

// Every write with a key looks it up first: compiled once.
const keyRow = compiledOnce((db, [userId, key]) =>
  db.selectFrom('idempotencyKeys').selectAll().where('userId', '=', userId!).where('key', '=', key!),
);

async function findKey(db: Db, scope: KeyScope): Promise<IdempotencyKeyRow | undefined> {
  return (await keyRow(db, [scope.userId, scope.key]))[0];
}

const insertKeys = compiledInsert('idempotencyKeys');

async function insertKey(db: Db, row: IdempotencyKeyRow): Promise<void> {
  await insertKeys(db, [row]);
}

function send(reply: FastifyReply, stored: Pick<IdempotencyKeyRow, 'statusCode' | 'body'>): FastifyReply {
  reply.code(stored.statusCode);
  if (stored.body === null) return reply.send();
  return reply.type('application/json; charset=utf-8').send(stored.body);
}

/** The stored answer again, unchanged; a different request under the same key is 422. */
function replay(reply: FastifyReply, stored: IdempotencyKeyRow, fingerprint: string): FastifyReply {
  if (stored.fingerprint !== fingerprint) {
    throw new HttpError(422, 'unprocessable', IDEMPOTENCY_KEY_REUSED);
  }
  reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
  return send(reply, stored);
}

async function replayStored(db: Db, reply: FastifyReply, scope: KeyScope): Promise<FastifyReply> {
  const stored = await findKey(db, scope);
  // The row that caused the unique violation is committed, so it is there.
  if (!stored) throw new Error('idempotency key vanished after a unique violation');
  return replay(reply, stored, scope.fingerprint);
}

function asText(serialized: string | Buffer | ArrayBuffer): string {
  return typeof serialized === 'string' ? serialized : Buffer.from(serialized as ArrayBuffer).toString('utf8');
}

/** Client errors are the answer to this request for good; 401 and 429 may go away on a retry. */
const keepsError = (status: number) => status >= 400 && status < 500 && status !== 401 && status !== 429;

function idempotent(db: Db, inFlight: Set<string>, handler: RouteHandlerMethod): RouteHandlerMethod {
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !MUTATING.has(request.method)) return handler.call(this, request, reply);
    if (typeof header !== 'string' || !KEY_SHAPE.test(header)) throw badRequest(IDEMPOTENCY_KEY_INVALID);
    const scope: KeyScope = { userId: request.user.id, key: header, fingerprint: requestFingerprint(request) };

    const stored = await findKey(db, scope);
    if (stored) return replay(reply, stored, scope.fingerprint);
    // Checked and taken with no await in between, so one process runs a key at most once at a time.
    const slot = `${scope.userId}:${scope.key}`;
    if (inFlight.has(slot)) throw conflict(IDEMPOTENCY_KEY_IN_FLIGHT, 'in_flight');
    inFlight.add(slot);
    try {
      const response = await inTransaction(db, async (trx) => {
        request.db = trx;
        const payload: unknown = await handler.call(this, request, reply);
        const statusCode = reply.statusCode;
        // Stored exactly as it is sent: serialized by the route's own response schema.
        const body = statusCode === 204 ? null : asText(reply.serialize(payload));
        const row = { ...scope, statusCode, body, createdAt: nowIso() };
        try {
          await insertKey(trx, row);
        } catch (err) {
          if (isUniqueViolation(err)) throw new KeyTaken();
          throw err;
        }
        return row;
      });
      return send(reply, response);
    } catch (err) {
      if (err instanceof KeyTaken) return replayStored(db, reply, scope);
      if (err instanceof HttpError && keepsError(err.statusCode)) {
        // The effect was rolled back; the refusal itself is kept, so a retry gets the same answer.
        const row = {
          ...scope,
          statusCode: err.statusCode,
          body: JSON.stringify(httpErrorBody(err)),
          createdAt: nowIso(),
        };
        try {
          await insertKey(db, row);
        } catch (insertErr) {
          if (isUniqueViolation(insertErr)) return replayStored(db, reply, scope);
          throw insertErr;
        }
      }
      throw err;
    } finally {
      request.db = db;
      inFlight.delete(slot);
    }
  };
}

/** Makes every POST, PUT, PATCH and DELETE route registered after this in `scope` honour the key. */
export function makeWritesIdempotent(scope: FastifyInstance, db: Db): void {
  const inFlight = new Set<string>();
  scope.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.config?.storesReplay === false) return;
    if (!methods.some((method) => MUTATING.has(method))) return;
    route.handler = idempotent(db, inFlight, route.handler);
    route.config = { ...route.config, idempotent: true };
  });
}

/** Forgets keys older than IDEMPOTENCY_RETENTION_DAYS. */
export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * DAY_MS).toISOString();
  const result = await db.deleteFrom('idempotencyKeys').where('createdAt', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Prunes old keys and old deletions at start and then hourly; the last run ends before close. */
export function scheduleSyncPrunes(app: FastifyInstance, db: Db): void {
  runPeriodically(app, {
    everyMs: PRUNE_EVERY_MS,
    failed: 'sync prune failed',
    task: async () => {
      await pruneIdempotencyKeys(db);
      await pruneTombstones(db);
    },
  });
}
