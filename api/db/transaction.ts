import { sql } from 'kysely';
import { isPostgres, type Db } from './database';
import { groupCommitOf } from './group-commit';

/**
 * Runs `fn` in a transaction, or inside the caller's when `db` already is one (Kysely cannot nest
 * them), so a service's writes commit together with whatever the caller wraps around them. On
 * SQLite, transactions that arrive while one runs commit together with it (`group-commit.ts`);
 * PostgreSQL runs each on its own pooled connection and groups commits itself.
 */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return isPostgres(db) ? db.transaction().execute(fn) : groupCommitOf(db).run(fn);
}

/**
 * Runs `fn` in a transaction whose commit does not wait for the disk: for writes worth less than a
 * disk flush per request (a share page's view count). It is stored and visible before this
 * resolves, and survives the process crashing; only a power cut right after it can lose it, until
 * the next ordinary commit, which flushes it too. PostgreSQL: `synchronous_commit = off` for this
 * transaction. SQLite (WAL): `synchronous = NORMAL` for this commit, on the one connection held
 * throughout, so no other statement ever commits without its flush.
 */
export async function inUnflushedTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return fn(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await connection.transaction().execute(fn);
    } finally {
      await sql`pragma synchronous = full`.execute(connection);
    }
  });
}
