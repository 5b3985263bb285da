import { afterAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@api/db/database';
import { createTestDatabase } from '@api/test/database';
import { SEARCH_IDS_READ, searchPage, type Page, type SearchMatch } from './list';

// searchPage with its two reads stubbed: what it asks each database for, and what it makes of it.
const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;
const postgres = isPostgres(db);

const ids = Array.from({ length: 5 }, (_, i) => `id-${i}`);

/** A search whose matches are `ids` (in order); `readIds` answers as the database would. */
function stubbed(gone: readonly string[] = []) {
  const asked: Pick<Page, 'limit' | 'offset'>[] = [];
  const readIds = async (page: Pick<Page, 'limit' | 'offset'>): Promise<SearchMatch[]> => {
    asked.push(page);
    const from = page.offset ?? 0;
    const rows = ids.slice(from, page.limit === undefined ? undefined : from + page.limit);
    return rows.map((id) => (postgres ? { id, matchCount: String(ids.length) } : { id }));
  };
  // The rows come back in another order, without those deleted since the ids were read.
  const readRows = async (pageIds: string[]) =>
    pageIds
      .filter((id) => !gone.includes(id))
      .reverse()
      .map((id) => ({ id, text: `"${id}"` }));
  return { asked, readIds, readRows };
}

describe('searchPage', () => {
  it('gives the page in the order of the ids, and every match counted', async () => {
    const { asked, readIds, readRows } = stubbed();
    const { rows, total } = await searchPage(db, { limit: 2, offset: 1 }, readIds, readRows);
    expect(rows.map((row) => row.id)).toEqual(['id-1', 'id-2']);
    expect(total).toBe(5);
    // SQLite reads the ids from the first, at least SEARCH_IDS_READ of them; PostgreSQL the page with its count.
    expect(asked).toEqual([postgres ? { limit: 2, offset: 1 } : { limit: SEARCH_IDS_READ }]);
  });

  it('keeps the total when a row of the page was deleted between its two reads', async () => {
    const { readIds, readRows } = stubbed(['id-2']);
    const { rows, total } = await searchPage(db, { limit: 2, offset: 1 }, readIds, readRows);
    expect(rows.map((row) => row.id)).toEqual(['id-1']);
    expect(total).toBe(5);
  });

  it('reads every match without a limit, and gives none (with the total) past the end', async () => {
    const all = stubbed();
    expect(await searchPage(db, {}, all.readIds, all.readRows)).toMatchObject({ total: 5 });
    const past = stubbed();
    const { rows, total } = await searchPage(db, { limit: 2, offset: 9 }, past.readIds, past.readRows);
    expect(rows).toEqual([]);
    // SQLite's read from the first tells the total; PostgreSQL's empty page does not (the caller counts).
    expect(total).toBe(postgres ? undefined : 5);
  });
});
