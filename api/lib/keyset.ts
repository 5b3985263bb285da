import { CURSOR_INVALID } from '@shared/schemas/common';
import { badRequest } from './http-error';

/** The sort key of the last row of a page (its sort values, then its id): what `after=` resumes from. */
export type CursorKey = readonly string[];

export const CURSOR_WITH_OFFSET = 'Use after or offset, not both';

/** An opaque cursor: base64url of the sort's name and the row's key. */
export function encodeCursor(sort: string, key: CursorKey): string {
  return Buffer.from(JSON.stringify([sort, ...key])).toString('base64url');
}

/**
 * The key inside a cursor made by `encodeCursor` for this sort with `size` values; anything else
 * (not base64url JSON, another sort, other values) is a 400, never a 500.
 */
export function decodeCursor(cursor: string, sort: string, size: number): CursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(CURSOR_INVALID);
  }
  const valid =
    Array.isArray(parsed) &&
    parsed.length === size + 1 &&
    parsed[0] === sort &&
    parsed.every((value) => typeof value === 'string' && value.length <= 1000);
  if (!valid) throw badRequest(CURSOR_INVALID);
  return (parsed as string[]).slice(1);
}

/** The page to ask the repository for: one row more than the limit, to know whether more follow. */
export function pageWithLookahead(query: {
  limit?: number | undefined;
  offset?: number | undefined;
  after?: string | undefined;
}) {
  if (query.after !== undefined && query.offset !== undefined) throw badRequest(CURSOR_WITH_OFFSET);
  return { limit: query.limit === undefined ? undefined : query.limit + 1, offset: query.offset };
}

/** The page's rows and the cursor after its last row when more rows follow. */
export function splitPage<T>(
  rows: T[],
  limit: number | undefined,
  cursorOf: (row: T) => string,
): { rows: T[]; next?: string } {
  if (limit === undefined || rows.length <= limit) return { rows };
  const page = rows.slice(0, limit);
  return { rows: page, next: cursorOf(page[page.length - 1]!) };
}

/**
 * The list's total when the page read tells it, so no count is needed: a page read without a
 * cursor that came back shorter than it asked for holds the list's last rows, and the total is its
 * offset plus its rows. Undefined when the list may go on (or a cursor or an offset past the end
 * hides what came before): then count.
 */
export function totalFromPage(
  rows: readonly unknown[],
  read: { limit?: number | undefined; offset?: number | undefined; after?: unknown },
): number | undefined {
  if (read.after !== undefined) return undefined;
  const offset = read.offset ?? 0;
  if (rows.length === 0 && offset > 0) return undefined;
  if (read.limit !== undefined && rows.length >= read.limit) return undefined;
  return offset + rows.length;
}
