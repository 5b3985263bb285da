import type { Db } from './database';

/**
 * Runs `fn` in a transaction, or inside the caller's when `db` already is one (Kysely cannot nest
 * them), so a service's writes commit together with whatever the caller wraps around them.
 */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
