import type { Database as SqliteHandle, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statements kept prepared; the app issues far fewer than this, so misses are rare. */
export const SQLITE_STATEMENT_CACHE_SIZE = 500;

/**
 * The better-sqlite3 database as Kysely's SQLite driver sees it, with `prepare(sql)` answered from
 * a least-recently-used cache keyed by the SQL text: compiling a statement costs as much as running
 * it. SQLite re-prepares a cached statement by itself when the schema changes under it.
 */
export class CachedStatements implements SqliteDatabase {
  private readonly statements = new Map<string, Statement>();

  constructor(
    readonly handle: SqliteHandle,
    private readonly capacity = SQLITE_STATEMENT_CACHE_SIZE,
  ) {}

  prepare(sql: string): SqliteStatement {
    const cached = this.statements.get(sql);
    if (cached) {
      // Re-inserted, so the map's order stays least recently used first.
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      // One still being iterated cannot run again until it finishes: use a fresh one meanwhile.
      return cached.busy ? this.handle.prepare(sql) : cached;
    }
    const statement = this.handle.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    return statement;
  }

  /** How many statements are kept (for tests). */
  get size(): number {
    return this.statements.size;
  }

  close(): void {
    this.statements.clear();
    this.handle.close();
  }
}
