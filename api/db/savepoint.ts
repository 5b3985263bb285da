import { sql } from 'kysely';
import type { Db } from './database';

let next = 0;

/**
 * Runs `fn` so that a statement failing inside it (a unique-index race, say) can be handled by the
 * caller: PostgreSQL aborts the whole surrounding transaction on any error, so inside one the work
 * runs under a savepoint and is rolled back to it on failure. Outside a transaction it just runs.
 */
export async function underSavepoint<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  if (!db.isTransaction) return fn();
  const name = sql.raw(`baywise_${(next = (next + 1) % 1_000_000)}`);
  await sql`savepoint ${name}`.execute(db);
  try {
    const result = await fn();
    await sql`release savepoint ${name}`.execute(db);
    return result;
  } catch (err) {
    await sql`rollback to savepoint ${name}`.execute(db);
    throw err;
  }
}
