/**
 * `npm run bench:sync-pages`: what one page of 500 changes of the change feed costs, in one process,
 * one page at a time (no socket, no load), three ways. Seeds the throughput section's shop
 * (BENCH_CUSTOMERS customers, default 10,000) into a fresh SQLite folder and, for BENCH_ROUNDS
 * rounds (default 3), measures the CPU time a page takes:
 *
 * - read from the tables: the page read and written as JSON from its rows, as every page was
 *   before the feed's segments (`changesFromTables`, encoded into bytes as an answer is);
 * - no segment kept: a new database handle (so nothing is kept), pages far enough apart that none
 *   holds a segment an earlier one held: each reads its rows from the tables (a segment held whole
 *   is only remembered), the cost of a page whose rows no two pages read since they changed;
 * - keeping its segments: the same pages again one change later, each holding the same segments
 *   whole a second time: read from the tables and written to their files;
 * - segments kept: pages never read before, from cursors anywhere in the feed, once every segment
 *   has been kept (what the throughput section's "a new n each time" call measures under load).
 *
 * See docs/performance.md, "Segments of the feed".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabase, type Db } from '@api/db/database';
import { buildMissingDocuments } from '@api/modules/inspections/inspection-documents';
import { SEGMENT_SEQS } from '@api/modules/sync/feed-segments';
import { dropKeptPages, keptPages, keptPagesWritten } from '@api/modules/sync/kept-pages';
import { readSyncState } from '@api/modules/sync/sync.repository';
import { changesFromTables, changesSince } from '@api/modules/sync/sync.service';
import { migrate, seedShop } from './throughput/seed-shop';
import { benchRoot } from './throughput/server';

const LIMIT = 500;

const positive = (value: string | undefined, fallback: number, name: string): number => {
  const n = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number above 0`);
  return n;
};

/**
 * CPU µs a page over the cursors, read one after the other, each in a turn of the event loop of its
 * own (as a server's requests come, so that the files being written are done in between).
 */
async function cpuPerPage(cursors: readonly number[], read: (since: number) => Promise<number>): Promise<number> {
  const started = process.cpuUsage();
  let bytes = 0;
  for (const since of cursors) {
    bytes += await read(since);
    await new Promise((resolve) => setImmediate(resolve));
  }
  const used = process.cpuUsage(started);
  if (bytes === 0) throw new Error('no page was read');
  return (used.user + used.system) / cursors.length;
}

/** Sends nothing, as the route would send it: the page's bytes (a lent buffer given back). */
async function page(db: Db, since: number): Promise<number> {
  const answer = await changesSince(db, { since: String(since), limit: LIMIT });
  if (Buffer.isBuffer(answer)) return answer.length;
  if ('giveBack' in answer) {
    answer.giveBack();
    return answer.bytes.length;
  }
  return Buffer.byteLength(answer.text);
}

async function main(): Promise<void> {
  const customers = positive(process.env.BENCH_CUSTOMERS, 10_000, 'BENCH_CUSTOMERS');
  const rounds = positive(process.env.BENCH_ROUNDS, 3, 'BENCH_ROUNDS');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sync-pages-'));
  try {
    const target = { kind: 'sqlite' as const, dataDir };
    migrate(benchRoot, benchRoot, target);
    await seedShop(target, customers);
    const file = path.join(dataDir, 'baywise.sqlite');
    let db = createDatabase({ sqliteFile: file });
    await buildMissingDocuments(db);
    const { seq } = await readSyncState(db);
    const random = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * (seq - LIMIT)));
    // Pages three segments apart and more: none holds a segment an earlier page of the round held.
    const apart = (offset: number) =>
      Array.from({ length: Math.floor((seq - LIMIT) / (4 * SEGMENT_SEQS)) }, (_, k) => k * 4 * SEGMENT_SEQS + offset);
    console.log(
      `sync pages of ${LIMIT} changes, ${customers.toLocaleString('en-US')} customers (${seq.toLocaleString('en-US')} changes), ` +
        `CPU a page in one process, segments of ${SEGMENT_SEQS}`,
    );
    const fromTables = async (since: number) =>
      Buffer.byteLength(await changesFromTables(db, { since: String(since), limit: LIMIT }));
    // A new handle: nothing kept, and SQLite's page cache empty (both ways start so).
    const reopen = async () => {
      await dropKeptPages(db);
      await db.destroy();
      db = createDatabase({ sqliteFile: file });
    };
    // The code warmed up once.
    for (const since of random(200)) await page(db, since);
    for (const since of random(200)) await fromTables(since);
    for (let round = 0; round < rounds; round++) {
      await reopen();
      const tables = await cpuPerPage(apart(1 + round * 37), fromTables);
      await reopen();
      const cold = apart(101 + round * 37);
      const none = await cpuPerPage(cold, (since) => page(db, since));
      // The same segments held whole again, by other pages: kept now.
      const keeping = await cpuPerPage(
        cold.map((since) => since + 1),
        (since) => page(db, since),
      );
      await keptPagesWritten(db);
      await cpuPerPage(random(400), (since) => page(db, since));
      await cpuPerPage(random(400), (since) => page(db, since));
      await keptPagesWritten(db);
      const kept = await cpuPerPage(random(400), (since) => page(db, since));
      console.log(
        `round ${round + 1}: read from the tables ${tables.toFixed(0)} µs; ` +
          `no segment kept ${none.toFixed(0)} µs; keeping its segments ${keeping.toFixed(0)} µs (${cold.length} pages each); ` +
          `segments kept ${kept.toFixed(0)} µs (400 pages, ${keptPages(db).segments} segments)`,
      );
    }
    await dropKeptPages(db);
    await db.destroy();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
