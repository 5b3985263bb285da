/**
 * Bulk seeder: applies the target checkout's own migrations, then writes the shop with plain
 * multi-row inserts in large transactions (no HTTP, no application code), on SQLite or PostgreSQL.
 * Triggers a newer schema adds fire on these inserts like on the app's own.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { runStatement } from '@test/postgres-server';
import { hashPassword } from '@api/lib/password';
import { ShopRows, TABLE_ORDER, type Row, type ShopCatalog, type TableRows, BENCH_PASSWORD } from './shop-rows';

/** Where the shop goes: a DATA_DIR (SQLite) or a PostgreSQL database. */
export type Target = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string; dataDir: string };

const BLOCK = 2000;
let passwordHash: Promise<string> | undefined;

/** The checkout's own `tsx`, else this one's (an older checkout may share node_modules). */
export function tsxIn(root: string, fallbackRoot: string): string {
  const own = path.join(root, 'node_modules/.bin/tsx');
  return existsSync(own) ? own : path.join(fallbackRoot, 'node_modules/.bin/tsx');
}

/** Runs the checkout's own migration command against the target. */
export function migrate(root: string, fallbackRoot: string, target: Target): void {
  const result = spawnSync(tsxIn(root, fallbackRoot), ['api/db/migrate-command.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.kind === 'postgres' ? target.url : '',
      LOG_LEVEL: 'warn',
    },
  });
  if (result.status !== 0) throw new Error(`migrations failed in ${root}:\n${result.stdout}${result.stderr}`);
}

interface Sink {
  insert(rows: TableRows): Promise<void>;
  transaction(work: () => Promise<void>): Promise<void>;
  finish(changes: number): Promise<void>;
}

const placeholders = (columns: number, rows: number, numbered: boolean): string => {
  let n = 0;
  const one = () => `(${Array.from({ length: columns }, () => (numbered ? `$${++n}` : '?')).join(', ')})`;
  return Array.from({ length: rows }, one).join(', ');
};

function sqliteSink(file: string): Sink {
  const db = new Database(file);
  // A throwaway load: no rollback journal, no flushes; the server turns WAL back on when it opens the file.
  db.pragma('journal_mode = DELETE'); // WAL changes to OFF only through DELETE
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  // Each multi-row insert keeps a statement journal; in a file that is millions of small writes.
  db.pragma('temp_store = MEMORY');
  // The rows are consistent by construction; checking each reference would double the time.
  db.pragma('foreign_keys = OFF');
  db.pragma('cache_size = -1048576'); // 1 GiB: index pages are written once, at commit
  // Secondary indexes are dropped for the load and made again after it (one sort each instead of
  // millions of random inserts), from the schema's own text, so the result is the same schema.
  const indexes = db
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (" +
        TABLE_ORDER.map(() => '?').join(', ') +
        ')',
    )
    .all(...TABLE_ORDER) as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`drop index "${index.name}"`);
  const statements = new Map<string, Database.Statement>();
  const statement = (table: string, columns: readonly string[], rows: number) => {
    const key = `${table}:${rows}`;
    let prepared = statements.get(key);
    if (!prepared) {
      prepared = db.prepare(
        `insert into ${table} (${columns.join(', ')}) values ${placeholders(columns.length, rows, false)}`,
      );
      statements.set(key, prepared);
    }
    return prepared;
  };
  return {
    async insert({ table, columns, rows }) {
      const per = Math.max(1, Math.min(200, Math.floor(30_000 / columns.length)));
      for (let start = 0; start < rows.length; start += per) {
        const chunk = rows.slice(start, start + per);
        statement(table, columns, chunk.length).run(chunk.flat());
      }
    },
    async transaction(work) {
      db.exec('begin');
      try {
        await work();
        db.exec('commit');
      } catch (err) {
        db.exec('rollback');
        throw err;
      }
    },
    async finish(changes) {
      db.prepare('update sync_state set seq = ?').run(changes);
      for (const index of indexes) db.exec(index.sql);
      db.pragma('journal_mode = WAL');
      db.close();
    },
  };
}

async function postgresSink(url: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async insert({ table, columns, rows }) {
      const per = Math.max(1, Math.min(2000, Math.floor(60_000 / columns.length)));
      for (let start = 0; start < rows.length; start += per) {
        const chunk: Row[] = rows.slice(start, start + per);
        await client.query(
          `insert into ${table} (${columns.join(', ')}) values ${placeholders(columns.length, chunk.length, true)}`,
          chunk.flat(),
        );
      }
    },
    async transaction(work) {
      await client.query('begin');
      try {
        await work();
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw err;
      }
    },
    async finish(changes) {
      await client.query('update sync_state set seq = $1', [changes]);
      // A database that has lived a while has planner statistics; a bulk load has none until autovacuum runs.
      await client.query('analyze');
      await client.end();
    },
  };
}

/** Fills a freshly migrated database with `customers` customers and everything that goes with them. */
/**
 * The shop's share links live ten years: the bench's inspections span three, and with the default
 * lifetime (180 days since the last send) most share pages would answer that their link expired,
 * where a shop's customers open the links of recent visits.
 */
function liveShareLinks(): TableRows {
  return {
    table: 'shop_settings',
    columns: ['key', 'value', 'updated_at'],
    rows: [['shareLinkDays', '3650', new Date().toISOString()]],
  };
}

export async function seedShop(target: Target, customers: number): Promise<ShopCatalog> {
  passwordHash ??= hashPassword(BENCH_PASSWORD);
  const sink =
    target.kind === 'sqlite' ? sqliteSink(path.join(target.dataDir, 'baywise.sqlite')) : await postgresSink(target.url);
  const shop = new ShopRows(customers, randomUUID(), randomUUID());
  const users = shop.users(await passwordHash);
  // One transaction: every page is written once, at the end.
  await sink.transaction(async () => {
    await sink.insert(users);
    await sink.insert(liveShareLinks());
    for (let start = 0; start < customers; start += BLOCK) {
      for (const rows of shop.block(start, Math.min(customers, start + BLOCK))) await sink.insert(rows);
    }
  });
  const catalog = shop.finish();
  await sink.finish(catalog.changes);
  return catalog;
}

/**
 * How many inspections still wait for their stored document (the server builds them in the background
 * after it starts on a seeded database); null when the measured checkout has no such table.
 */
export async function documentsToBuild(target: Target): Promise<number | null> {
  const query = 'select count(*) as n from inspection_documents where shape is null';
  if (target.kind === 'sqlite') {
    const db = new Database(path.join(target.dataDir, 'baywise.sqlite'), { readonly: true });
    try {
      const exists = db
        .prepare("select 1 from sqlite_master where type = 'table' and name = 'inspection_documents'")
        .get();
      return exists ? Number((db.prepare(query).get() as { n: number }).n) : null;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const exists = await client.query("select to_regclass('inspection_documents') as t");
    if (exists.rows[0]?.t === null) return null;
    return Number((await client.query<{ n: string }>(query)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Waits until the server has stored every inspection's document; the time it took, or null when there is none to wait for. */
export async function documentsBuilt(target: Target, timeoutMs = 15 * 60_000): Promise<number | null> {
  const started = Date.now();
  let left = await documentsToBuild(target);
  if (left === null) return null;
  while (left > 0) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`${left} inspection documents still unbuilt after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    left = (await documentsToBuild(target))!;
  }
  return Date.now() - started;
}

/**
 * Vacuums and analyzes a freshly loaded PostgreSQL database, as autovacuum would have long before in
 * a shop's: the bulk load and the server's first build of every inspection's document leave dead
 * rows, unset visibility and stale statistics, and autovacuum cleaning them up during the first
 * measured calls took a core from them (the searches measured 189-249 req/s then, and 639-2,039 on
 * the same database at the next start).
 */
export function vacuumed(url: string): Promise<void> {
  return runStatement(url, 'vacuum (analyze)');
}
