import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER } from '@shared/schemas/common';
import type { Database } from '@api/db/tables';
import { sendJsonText, type JsonText } from './json-text';

export interface Page {
  limit?: number | undefined;
  offset?: number | undefined;
  /** Keyset paging: the sort key (sort values, then id) of the row the page starts after. */
  after?: readonly string[] | undefined;
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

/** `lower(col) LIKE %q%` over any of the columns, case-insensitive on both databases. */
export function matchesAny<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB>,
  columns: string[],
  q: string,
) {
  return matchesPattern(eb, columns, likePattern(q));
}

/** `lower(col) LIKE <pattern>` over any of the columns, for a pattern `likePattern` made. */
export function matchesPattern<TB extends keyof Database>(
  eb: ExpressionBuilder<Database, TB>,
  columns: string[],
  pattern: string,
) {
  return eb.or(columns.map((column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`));
}
