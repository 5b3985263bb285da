import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { isPostgres, type Db } from '@api/db/database';

/** How long requests already under way get to finish after SIGTERM before their connections are cut. */
export const DRAIN_MS = 10_000;
/** How often, while draining, connections whose last answer has gone out are closed. */
const SWEEP_MS = 50;

/**
 * Prepares `app` for a drain: once it starts, every answer says `Connection: close` and
 * connections left idle after their answer are closed. `server.close()` alone closes only the
 * connections idle at that moment; one that answers afterwards stays in the client's keep-alive
 * pool and holds `app.close()` open for the keep-alive timeout (72 s).
 * Call before the app is ready; the returned function stops listening and resolves when every
 * connection is gone, cutting those still open after `graceMs`.
 */
export function prepareDrain(app: FastifyInstance, graceMs = DRAIN_MS): () => Promise<void> {
  let draining = false;
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('Connection', 'close');
    done(null, payload);
  });
  return async () => {
    draining = true;
    const closed = app.close();
    const sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
    const cut = setTimeout(() => {
      app.log.warn({ graceMs }, 'closing the connections still open after the grace period');
      app.server.closeAllConnections();
    }, graceMs);
    try {
      await closed;
    } finally {
      clearInterval(sweep);
      clearTimeout(cut);
    }
  };
}

/**
 * Closes the database for good. On SQLite the checkpoint queues behind every query already waiting
 * for the connection, then folds the WAL into the database file so it is whole on its own.
 */
export async function closeDatabase(db: Db): Promise<void> {
  if (!isPostgres(db)) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  await db.destroy();
}

export type StopSignal = 'SIGTERM' | 'SIGINT';
const SIGNAL_EXIT_CODES: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143 };

/**
 * The first SIGTERM or SIGINT runs `stop` once, then `flushLogs` (which must give up by itself
 * after a short time), and exits 0 when both are done (1 if `stop` failed); a second signal exits at
 * once, as an impatient operator or service manager expects. The returned function starts the same
 * stop without counting as a signal (a worker told by its primary, which a terminal's Ctrl-C also
 * reaches directly).
 */
export function stopOnSignals(
  stop: (reason: string) => Promise<void>,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
  flushLogs: () => Promise<unknown> = () => Promise.resolve(),
): (reason: string) => void {
  let stopping = false;
  let signals = 0;
  const exitAfterFlush = (code: number) => void flushLogs().finally(() => process.exit(code));
  const begin = (reason: string) => {
    if (stopping) return;
    stopping = true;
    stop(reason).then(
      () => exitAfterFlush(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        exitAfterFlush(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      signals += 1;
      if (signals === 1) return begin(signal);
      log.info({ signal }, 'second stop signal: exiting now');
      process.exit(SIGNAL_EXIT_CODES[signal]);
    });
  }
  return begin;
}
