import { sql, type Compilable, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/common';
import { isPostgres, type Db } from '@api/db/database';
import type { Database } from '@api/db/tables';
import { JsonText, sendJsonText } from './json-text';

export interface Page {
  limit?: number | undefined;
  offset?: number | undefined;
  /** Keyset paging: the sort key (sort values, then id) of the row the page starts after. */
  after?: readonly string[] | undefined;
}

/**
 * How many of a search's matches it reads at most (their ids, about 1 MB of them at this many) before
 * it counts them instead: a search that matches this many or more counts them in a second pass.
 */
export const SEARCH_IDS_READ = 10_000;

/** A search's matching row as its read of them gives it: its id (and, on PostgreSQL, the number of matches). */
export interface SearchMatch {
  id: string;
  matchCount?: number | string;
}

/**
 * The columns of a search's read of its matches: the id, and on PostgreSQL the number of matches in
 * the same pass (`count(*) over ()`). There a bare id read with a limit draws the planner to walk the
 * sort's index and test every row (a generic plan of a prepared statement does not know the limit):
 * 7 -> 10 ms a search at 10,000 customers, where the window keeps it on one pass and a sort.
 */
export function searchMatchColumns(db: Db, id: string) {
  return isPostgres(db)
    ? [sql.ref<string>(id).as('id'), sql<string>`count(*) over ()`.as('matchCount')]
    : [sql.ref<string>(id).as('id')];
}

/**
 * A search's read of its matches (`query`, selecting `searchMatchColumns`): on PostgreSQL a row per
 * match, on SQLite one row whose `ids` is every id the query reads, in its order, as one JSON array
 * text. A row object per match, and the plugins' copy of each, were about a fifth of a common
 * surname's statements (100 ids at 10,000 customers: docs/performance.md, "Search and lists").
 * SQLite aggregates the rows in the order the subquery gives them (its ORDER BY and LIMIT keep it a
 * subquery of its own, read from its sorter).
 */
export function searchMatches<Q extends SelectQueryBuilder<Database, keyof Database, SearchMatch>>(
  db: Db,
  query: Q,
): Compilable<SearchRow> {
  if (isPostgres(db)) return query;
  return db.selectFrom(query.as('m')).select(sql<string>`json_group_array(${sql.ref('m.id')})`.as('ids'));
}

/** A row of `searchMatches`: one per match (PostgreSQL), or one holding every id read (SQLite). */
export type SearchRow = SearchMatch | { ids: string };

/** The answers of a page's rows as one JSON array text, in the page's order, and the last row's key (what a cursor needs), if it needs one. */
export interface AnswersInOrder<K> {
  text: string;
  last?: K | undefined;
}

/** A page of a search: its answers (one JSON text), its last row's key, how many rows match in all, and whether more follow. */
export interface SearchPage<K> {
  items: JsonText;
  last: K | undefined;
  total: number;
  more: boolean;
}

/**
 * A page of a search (read without a cursor) and how many rows match in all. A search reads and
 * sorts every match anyway, so on SQLite it reads their ids in order from the first, in one row
 * (`readIds` selecting `searchMatches`, up to `SEARCH_IDS_READ` and at least one past the page's
 * end): fewer than it asked for are all of them, and their number is the total, with no second
 * pass. Counting them in the same statement instead (`count(*) over ()`) cost a common surname's
 * search about a third of its statement there.
 * When no more than `SEARCH_IDS_READ` rows can match (`most`, from the trigram counts), the read
 * asks for all of them, without a limit: SQLite then sorts them in its sorter, where under a LIMIT
 * it keeps them in a temporary b-tree (a common surname's ids, 1,000 of them at 100,000 customers:
 * 1.0 -> 0.7 ms; docs/performance.md, "Search and lists").
 * On PostgreSQL the read is the page itself and one row more (its limit and offset) and carries the
 * count (`searchMatchColumns`). The page's answers are then read by id (`readAnswers`) as one JSON
 * array in the order of the ids, written by the database, instead of a row object per answer; one
 * deleted between the two reads is left out, so the page's length never stands for the total: when
 * neither read tells it (many matches, or a page past the end on PostgreSQL), `count` does.
 */
export async function searchPage<K>(
  db: Db,
  page: Pick<Page, 'limit' | 'offset'>,
  search: {
    readIds: (page: Pick<Page, 'limit' | 'offset'>) => Promise<SearchRow[]>;
    readAnswers: (ids: string[]) => Promise<AnswersInOrder<K>>;
    count: () => Promise<number>;
    /** How many rows can match at most, where known. */
    most?: number | undefined;
  },
): Promise<SearchPage<K>> {
  let total: number | undefined;
  let matched: string[];
  const offset = page.offset ?? 0;
  // One row past the page tells whether more follow.
  const lookahead = page.limit === undefined ? undefined : page.limit + 1;
  if (isPostgres(db)) {
    const matches = (await search.readIds({ limit: lookahead, offset: page.offset })) as SearchMatch[];
    matched = matches.map((match) => match.id);
    const first = matches[0];
    total = first ? Number(first.matchCount) : offset === 0 ? 0 : undefined;
  } else {
    const all = lookahead === undefined || (search.most !== undefined && search.most < SEARCH_IDS_READ);
    const asked = all ? undefined : Math.max(SEARCH_IDS_READ, offset + lookahead);
    const [row] = (await search.readIds({ limit: asked })) as { ids: string }[];
    const ids = JSON.parse(row!.ids) as string[];
    // Fewer than asked for are all of them.
    const complete = asked === undefined || ids.length < asked;
    if (complete) total = ids.length;
    matched = ids.slice(offset, lookahead === undefined ? undefined : offset + lookahead);
  }
  const pageIds = page.limit === undefined ? matched : matched.slice(0, page.limit);
  const answers: AnswersInOrder<K> = pageIds.length === 0 ? { text: '[]' } : await search.readAnswers(pageIds);
  return {
    items: new JsonText(answers.text),
    last: answers.last,
    total: total ?? (await search.count()),
    more: matched.length > pageIds.length,
  };
}

/**
 * Whether a page should find its ids before its answers: on PostgreSQL, past an offset. There the
 * rows an offset skips are read and their answers written before they are thrown away (a customer
 * list's 90,000th row: 290 ms, against 18 ms for its ids down the sort's index and then the page's
 * answers). SQLite reads a skipped row's columns only when it keeps the row.
 */
export function pastOffsetOnPostgres(db: Db, page: Page): boolean {
  return Boolean(page.offset) && isPostgres(db);
}

/** Applies limit/offset when given; without them the whole list comes back (docs/api-conventions.md). */
export function paginate<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: Page,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  if (page.limit !== undefined) q = q.limit(page.limit);
  if (page.offset !== undefined) {
    // SQLite needs a LIMIT before OFFSET; the largest safe integer means "no limit" on both.
    if (page.limit === undefined) q = q.limit(Number.MAX_SAFE_INTEGER);
    q = q.offset(page.offset);
  }
  return q;
}

export function setTotalCount(reply: FastifyReply, total: number, next?: string): void {
  reply.header('X-Total-Count', String(total));
  if (next !== undefined) reply.header(NEXT_CURSOR_HEADER, next);
}

/** One page of a list as a service returns it: the rows, the total, and the next page's cursor (keyset paging). */
export interface ListPage<T> {
  items: T[];
  total: number;
  next?: string | undefined;
}

/** A page whose rows are already written as one JSON array (stored inspection documents, rows written by the database). */
export interface TextPage {
  items: JsonText;
  total: number;
  next?: string | undefined;
}

/** Answers a list call whose rows are already written: the text as the body, its total (and next cursor) in headers. */
export function sendTextPage(reply: FastifyReply, page: TextPage): FastifyReply {
  setTotalCount(reply, page.total, page.next);
  return sendJsonText(reply, page.items);
}

/** Answers a list call: the page's rows as the body, its total (and next cursor) in headers. */
export function sendPage<T>(reply: FastifyReply, page: ListPage<T>): T[] {
  setTotalCount(reply, page.total, page.next);
  return page.items;
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A pattern as the right side of a LIKE, bound. On SQLite behind a unary plus, which changes
 * nothing of the comparison: SQLite plans a LIKE by its pattern's value when that is a bare
 * parameter (a pattern such as 'abc%' can be an index range), so such a statement is prepared again
 * every time a value is bound to it, every run. A search's ids took 174 -> 107 µs with the plus
 * (docs/performance.md, "Statements prepared once"). No LIKE here has a fixed start an
 * index could use: a search's pattern starts with `%`, and an id's prefix has its range written out.
 */
export function likeOperand(db: Db, pattern: string): RawBuilder<string> {
  return isPostgres(db) ? sql<string>`${pattern}` : sql<string>`+${pattern}`;
}

/** `lower(col) LIKE %q%` over any of the columns, case-insensitive on both databases. */
export function matchesAny<TB extends keyof Database>(
  db: Db,
  eb: ExpressionBuilder<Database, TB>,
  columns: string[],
  q: string,
) {
  return matchesPattern(db, eb, columns, likePattern(q));
}

/**
 * `lower(col) LIKE <pattern>` over any of the columns, for a pattern `likePattern` made. With
 * `lowered: false`, `col LIKE <pattern>`: the same rows on SQLite only, whose LIKE ignores the case of
 * ASCII letters itself and whose `lower()` changes nothing else (`textMatchTerms` behind the
 * trigram index); PostgreSQL's LIKE minds case.
 */
export function matchesPattern<TB extends keyof Database>(
  db: Db,
  eb: ExpressionBuilder<Database, TB>,
  columns: readonly string[],
  pattern: string,
  { lowered = true }: { lowered?: boolean } = {},
) {
  const text = (column: string) => (lowered ? sql`lower(${sql.ref(column)})` : sql.ref(column));
  const operand = likeOperand(db, pattern);
  return eb.or(columns.map((column) => sql<boolean>`${text(column)} like ${operand} escape '\\'`));
}
