import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { isPostgres, type Db } from '@api/db/database';
import { inUnflushedTransaction } from '@api/db/transaction';
import type { Database } from '@api/db/tables';
import { likeOperand, likePattern, matchesPattern } from './list';
import { runPeriodically } from './periodic';

/** The trigram index cannot find a search shorter than this (in characters): those scan. */
export const MIN_INDEXED_SEARCH = 3;

/** SQLite's FTS5 trigram tables (migration 2026-11-25T03-00): per base table, its columns. */
interface SearchTables {
  customers: 'name' | 'email' | 'phone' | 'address';
  vehicles: 'make_model' | 'vin' | 'license_plate';
}

type SearchTable = keyof SearchTables;
/** Every search table: the upkeep reads their trigram counts and compacts their indexes. */
const SEARCH_TABLES: readonly SearchTable[] = ['customers', 'vehicles'];
type SearchColumn<T extends SearchTable> = SearchTables[T];

/** True when the FTS index can answer `q`: three characters or more, and no NUL (FTS ends text there). */
export function indexableSearch(q: string): boolean {
  const text = q.toLowerCase();
  return [...text].length >= MIN_INDEXED_SEARCH && !text.includes('\0');
}

const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/**
 * The FTS5 query for the lowered text: every row holding it as a substring matches (the exact check
 * follows). As one phrase FTS5 reads the row list of each of its trigrams, so a long search in a big
 * shop reads every common trigram's list ("jasmine t. palmer": 15 lists, 0.7 ms at 100,000
 * customers). Once the shop's count of each trigram is known (`TrigramCounts`), it asks for the
 * rarest ones only: every row holding the text holds them too, and their lists are short (0.07 ms).
 */
function ftsQuery(columns: readonly string[], text: string, rarest: string[] | undefined): string {
  const match = rarest ? `(${rarest.map(quoted).join(' AND ')})` : quoted(text);
  return `{${columns.join(' ')}} : ${match}`;
}

/** The text's distinct trigrams (three code points each, as the trigram tokenizer makes them), with where each starts. */
function trigramsOf(text: string): [trigram: string, at: number][] {
  const chars = [...text];
  const out = new Map<string, number>();
  for (let i = 0; i + 3 <= chars.length; i++) {
    const trigram = chars.slice(i, i + 3).join('');
    if (!out.has(trigram)) out.set(trigram, i);
  }
  return [...out];
}

/** How many trigrams a search asks for at most: their lists are read, their common rows checked. */
const RAREST_TRIGRAMS = 3;
/** The counts are read again after this long, as the shop's text grows. */
const COUNTS_TTL_MS = 60 * 60 * 1000;
/** Read this many trigrams at a time, so no request waits long behind the reading. */
const CHUNK = 100;
const RETRY_MS = 60 * 1000;

/**
 * Per database and search table: how many rows hold each trigram, read from the index's vocabulary
 * (`<table>_search_vocabulary`, migration 2026-11-27T01-00) a few at a time in the background: by the
 * upkeep when the server starts and hourly after (`readTrigramCounts`), and otherwise the first time
 * the table is searched and an hour after each reading. Until then a search asks for the whole phrase. A
 * trigram the vocabulary lacks was in no row when it was read (count 0). The counts only steer which
 * lists are read, never which rows are found, so counts that are out of date cost time, not results.
 */
class TrigramCounts {
  private counts: Map<string, number> | undefined;
  /** When to read the counts (again): at the first search, hourly after, a minute after a failure. */
  private readDue = 0;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly table: SearchTable,
  ) {}

  /**
   * What the counts tell of a search for the lowered `text`, both undefined while they are not read:
   *
   * - `rarest`: its rarest trigrams that do not overlap, or undefined (ask for the phrase) when fewer
   *   than two such trigrams fit in the text (a query of four or five characters: its phrase is the
   *   narrower question). Overlapping trigrams come from the same few letters ("del", "elg" of
   *   "Delgado"), so the rows holding one mostly hold the other; apart, each narrows the rows further.
   * - `most`: the fewest rows any of its trigrams is in. Every row holding the text holds each of its
   *   trigrams, so no more rows than this can match, as of the last reading: rows added since may
   *   match too, which costs a search time, never results (`searchPage`). Undefined when a trigram was
   *   in no row (then few rows match, or the index folds the text otherwise than `toLowerCase`: no
   *   bound either way).
   */
  narrowing(text: string): { rarest?: string[] | undefined; most?: number | undefined } {
    if (Date.now() >= this.readDue) this.readCounts();
    const counts = this.counts;
    if (!counts) return {};
    const byCount = trigramsOf(text)
      .map(([trigram, at]) => ({ trigram, at, rows: counts.get(trigram) ?? 0 }))
      .sort((a, b) => a.rows - b.rows);
    const picked: typeof byCount = [];
    for (const candidate of byCount) {
      if (picked.length === RAREST_TRIGRAMS) break;
      if (picked.every((p) => Math.abs(p.at - candidate.at) >= 3)) picked.push(candidate);
    }
    const fewest = byCount[0]?.rows ?? 0;
    return {
      rarest: picked.length < 2 ? undefined : picked.map((p) => p.trigram),
      most: fewest === 0 ? undefined : fewest,
    };
  }

  /** Reads the counts now (or joins the reading under way); resolves once they are read. */
  async read(): Promise<void> {
    this.readCounts();
    await this.idle();
  }

  /** Resolves when a reading under way has ended. */
  async idle(): Promise<void> {
    while (this.reading) await this.reading;
  }

  private readCounts(): void {
    this.reading ??= (async () => {
      const vocabulary = sql.table(`${this.table}_search_vocabulary`);
      const next = new Map<string, number>();
      for (let after = ''; ;) {
        const { rows } = await sql<{
          term: string;
          doc: number;
        }>`select term, doc from ${vocabulary} where term > ${after} order by term limit ${sql.lit(CHUNK)}`.execute(
          this.db,
        );
        for (const row of rows) next.set(row.term, Number(row.doc));
        if (rows.length < CHUNK) break;
        after = rows.at(-1)!.term;
        await new Promise((resolve) => setImmediate(resolve));
      }
      this.counts = next;
      this.readDue = Date.now() + COUNTS_TTL_MS;
    })()
      .catch(() => {
        // A closed database, say: the phrase serves meanwhile, and the counts are read again later.
        this.readDue = Date.now() + RETRY_MS;
      })
      .finally(() => {
        this.reading = undefined;
      });
  }
}

const countsByDb = new WeakMap<object, Map<SearchTable, TrigramCounts>>();

function trigramCounts(db: Db, table: SearchTable): TrigramCounts | undefined {
  // Read outside any transaction, which may have ended by the time the reading runs.
  if (db.isTransaction) return undefined;
  const adapter = db.getExecutor().adapter;
  let byTable = countsByDb.get(adapter);
  if (!byTable) countsByDb.set(adapter, (byTable = new Map()));
  let counts = byTable.get(table);
  if (!counts) byTable.set(table, (counts = new TrigramCounts(db, table)));
  return counts;
}

/**
 * Reads the trigram counts of every search table again (SQLite). The server does it at start, before
 * anyone searches, and hourly. Read at the first search instead, under load, each batch of the
 * vocabulary waits its turn behind the requests queued for the connection, and at 100,000 customers
 * (61 batches) the searches could ask for whole phrases for seconds: a common surname's ids took
 * 3.9-4.5 ms as a phrase against 2.7-3.6 ms with its rarest trigrams, timed alone.
 */
export async function readTrigramCounts(db: Db): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of SEARCH_TABLES) await trigramCounts(db, table)?.read();
}

/** Resolves once the trigram counts that searches started reading are read (tests). */
export async function trigramCountsRead(db: Db): Promise<void> {
  for (const counts of countsByDb.get(db.getExecutor().adapter)?.values() ?? []) await counts.idle();
}

/**
 * What a search for `q` binds: the trigram index's query (SQLite, 3+ characters), and the exact LIKE
 * pattern; and, where the trigram counts tell it, how many rows can match at most (`TrigramCounts.narrowing`).
 */
export interface SearchTerms {
  fts: string | undefined;
  pattern: string;
  most?: number | undefined;
}

type Search<T extends SearchTable> = { table: T; index: readonly SearchColumn<T>[]; columns: readonly string[] };

/** The terms of a search for `q` in `search`'s table (`textMatchTerms` builds the condition from them). */
export function searchTerms<T extends SearchTable>(db: Db, search: Search<T>, q: string): SearchTerms {
  const indexed = !isPostgres(db) && indexableSearch(q);
  if (!indexed) return { fts: undefined, pattern: likePattern(q) };
  const text = q.toLowerCase();
  const { rarest, most } = trigramCounts(db, search.table)?.narrowing(text) ?? {};
  return { fts: ftsQuery(search.index, text, rarest), pattern: likePattern(q), most };
}

/**
 * Rows of `table` where any of `columns` contains `q`, ignoring case: exactly `matchesAny`'s result
 * (or `exact`'s, when given: a condition the index's columns cover).
 * On SQLite a query of 3+ characters first narrows to the rowids the trigram index finds (every row
 * that matches is among them: `ftsQuery`), then `matchesAny` checks those; shorter ones scan. On PostgreSQL
 * `matchesAny` alone: its `lower(col) LIKE` is what the pg_trgm indexes serve.
 */
export function textMatch<T extends SearchTable, TB extends keyof Database>(
  db: Db,
  eb: ExpressionBuilder<Database, TB>,
  search: Search<T>,
  q: string,
  exact?: Expression<SqlBool>,
): Expression<SqlBool> {
  return textMatchTerms(db, eb, search, searchTerms(db, search, q), exact);
}

/**
 * `textMatch` from a search's terms (bound values only: a statement compiled once can take them as
 * stand-ins). Without `exact`, the check is `matchesPattern`'s: `lower(col) LIKE` when it scans,
 * and behind the trigram index, which only SQLite has, `col LIKE` (the same rows there, without a
 * lowered copy of every candidate's text); `text-search.test.ts` compares them with the
 * `lower(col) LIKE` scan over accented, Greek, `ß` and emoji text.
 */
export function textMatchTerms<T extends SearchTable, TB extends keyof Database>(
  db: Db,
  eb: ExpressionBuilder<Database, TB>,
  search: Search<T>,
  terms: SearchTerms,
  exact?: Expression<SqlBool>,
): Expression<SqlBool> {
  if (terms.fts === undefined) return exact ?? matchesPattern(db, eb, search.columns, terms.pattern);
  const index = sql.table(`${search.table}_search`);
  const candidates = sql<boolean>`${sql.ref(`${search.table}.rowid`)} in (select rowid from ${index} where ${index} match ${terms.fts})`;
  return eb.and([candidates, exact ?? matchesPattern(db, eb, search.columns, terms.pattern, { lowered: false })]);
}

/** The ids that start with `q` (ignoring case): an index range on lower(id) plus the exact LIKE. */
export function idPrefixMatch<TB extends keyof Database>(
  db: Db,
  eb: ExpressionBuilder<Database, TB>,
  column: string,
  q: string,
): Expression<SqlBool> {
  const prefix = q.toLowerCase();
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const like = sql<boolean>`lower(${sql.ref(column)}) like ${likeOperand(db, pattern)} escape '\\'`;
  // PostgreSQL reads LIKE's fixed prefix from a text_pattern_ops index itself.
  // A lone surrogate reaches SQLite as U+FFFD, so its range would be wrong: LIKE alone then.
  if (isPostgres(db) || prefix === '' || /\p{Cs}/u.test(prefix)) return like;
  const lower = sql`lower(${sql.ref(column)})`;
  const upper = nextString(prefix);
  const range =
    upper === null ? sql<boolean>`${lower} >= ${prefix}` : sql<boolean>`${lower} >= ${prefix} and ${lower} < ${upper}`;
  return eb.and([range, like]);
}

/** The least string above every string that starts with `prefix` (code point order), or null. */
function nextString(prefix: string): string | null {
  const chars = [...prefix];
  const last = chars.pop()!.codePointAt(0)!;
  if (last >= 0x10ffff) return null;
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return chars.join('') + String.fromCodePoint(next);
}

/** Pages one merge step writes: a few milliseconds of the connection at a time. */
const MERGE_STEP_PAGES = 64;

/**
 * Merges each SQLite trigram index back into one b-tree, a step at a time, yielding to requests
 * between steps; returns the steps that did work. Rows added one by one (the triggers) leave an
 * FTS5 index as many small b-trees that FTS5 merges only when enough pile up on a level, and a
 * search reads every one of them: on the bench's shop one merged index made a one-customer search
 * about a quarter faster. A step is FTS5's 'merge' command with a negative page count (every b-tree
 * of the index is a candidate, as 'optimize' does, but bounded), and it did work when
 * total_changes() moved by 2 or more. Nothing to do on PostgreSQL (its GIN indexes need no help).
 */
export async function compactSearchIndexes(db: Db): Promise<number> {
  if (isPostgres(db)) return 0;
  let steps = 0;
  for (const index of SEARCH_TABLES.map((table) => `${table}_search`)) {
    const table = sql.table(index);
    for (;;) {
      // A compacted index is worth no disk flush of its own: lost in a crash, it is merged again.
      const worked = await inUnflushedTransaction(db, async (trx) => {
        const changes = async () =>
          Number((await sql<{ n: number }>`select total_changes() as n`.execute(trx)).rows[0]!.n);
        const before = await changes();
        await sql`insert into ${table} (${table}, rank) values ('merge', ${-MERGE_STEP_PAGES})`.execute(trx);
        return (await changes()) - before >= 2;
      });
      if (!worked) break;
      steps++;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return steps;
}

/** Reads the trigram counts, then compacts the trigram indexes, at start and hourly (with upkeep on). */
export function scheduleSearchUpkeep(app: FastifyInstance, db: Db): void {
  runPeriodically(app, {
    everyMs: COUNTS_TTL_MS,
    failed: 'search index upkeep failed',
    task: async () => {
      await readTrigramCounts(db);
      return compactSearchIndexes(db);
    },
  });
}
