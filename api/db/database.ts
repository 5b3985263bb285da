import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  CompiledQuery,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Driver,
  type LimitNode,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type pg from 'pg';
import { prepareStatementsOn } from './pg-prepared';
import { keepPageCacheSized } from './page-cache';
import { CachedStatements } from './statement-cache';
import type { Database } from './tables';
import { ensurePrivateFile, makePrivateDir } from './private-files';

export type Db = Kysely<Database>;

const INT8_OID = 20;
// The PostgreSQL client loads only for a PostgreSQL database: the SQLite default never needs it.
const require = createRequire(import.meta.url);
const loadPg = (): typeof pg => require('pg') as typeof pg;

// bigint (money in cents, counts) arrives as a number, as it does from SQLite; every value we
// store is far below 2^53.
function typeParser(oid: number, format?: 'text' | 'binary') {
  if (oid === INT8_OID) return (value: string) => Number(value);
  const { types } = loadPg();
  return format === 'binary' ? types.getTypeParser(oid, 'binary') : types.getTypeParser(oid, 'text');
}

/** A lock that hands itself to the longest waiter, and wakes only that one. */
export class FifoLock {
  private held = false;
  private readonly waiters: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }

  get waiting(): number {
    return this.waiters.length;
  }
}

/** The one SQLite connection: statements come prepared from the cache. */
class CachedSqliteConnection implements DatabaseConnection {
  constructor(private readonly statements: CachedStatements) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.statements.prepare(compiledQuery.sql);
    if (statement.reader) return Promise.resolve({ rows: statement.all(compiledQuery.parameters) as R[] });
    const { changes, lastInsertRowid } = statement.run(compiledQuery.parameters);
    return Promise.resolve({ numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query))
      throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.statements.prepare(compiledQuery.sql).iterate(compiledQuery.parameters))
      yield { rows: [row as R] };
  }
}

/**
 * Kysely's SQLite driver shares one connection through a mutex that, on each release, wakes every
 * waiter to race for it again: with 200 requests queued that is 200 wake-ups per query, work that
 * grows with the square of the queue. This queue is first come, first served and wakes one; it is
 * the only lock on the way to the connection.
 */
class FairSqliteDriver extends SqliteDriver {
  private readonly lock = new FifoLock();
  private readonly connection: CachedSqliteConnection;

  constructor(private readonly statements: CachedStatements) {
    super({ database: statements });
    this.connection = new CachedSqliteConnection(statements);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.connection;
  }

  override async releaseConnection(): Promise<void> {
    this.lock.release();
  }

  /**
   * Takes the write lock at the start (WORKERS > 1 puts several processes on one file): a deferred
   * transaction that reads and then writes fails at once with SQLITE_BUSY, without waiting out the
   * busy timeout, when another process wrote in between.
   */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite's compiler, with a page's bound LIMIT behind a unary plus (`limit +?`). SQLite plans by the
 * value bound to a bare LIMIT parameter, and so it prepared every statement with one again each time
 * it ran (every list page, search and sync page: 10-60 µs each, docs/performance.md, "Statements
 * prepared once"); to SQLite the plus is the same number, and not one it plans by.
 */
class SqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit +');
    this.visitNode(node.limit);
  }
}

class FairSqliteDialect extends SqliteDialect {
  constructor(private readonly statements: CachedStatements) {
    super({ database: statements });
  }

  override createDriver(): Driver {
    return new FairSqliteDriver(this.statements);
  }

  override createQueryCompiler(): QueryCompiler {
    return new SqliteCompiler();
  }
}

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL; otherwise SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite file, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests give each file its own). */
  pgSchema?: string;
}

export function createDatabase(options: DatabaseOptions): Db {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new (loadPg().Pool)({
      connectionString: options.databaseUrl,
      types: { getTypeParser: typeParser },
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // A dropped connection must not crash the process; the next query gets a fresh one.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => prepareStatementsOn(client));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    makePrivateDir(path.dirname(file));
    // Made 0600 before SQLite opens it: SQLite gives the WAL and SHM the database file's mode.
    ensurePrivateFile(file);
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  if (file !== ':memory:') keepPageCacheSized(sqlite);
  return new Kysely<Database>({ dialect: new FairSqliteDialect(new CachedStatements(sqlite)), plugins });
}

export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter.constructor.name === 'PostgresAdapter';
}
