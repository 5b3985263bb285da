import { afterAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@api/db/database';
import { createTestDatabase } from '@api/test/database';
import { SEARCH_IDS_READ, searchPage, type Page, type SearchMatch } from './list';

// searchPage with its reads and its count stubbed: what it asks each database for, and what it makes of it.
const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;
const postgres = isPostgres(db);

/** A search whose matches are `ids` (in order); its reads answer as the database would. */
function stubbed(ids: readonly string[], gone: readonly string[] = []) {
  const asked: Pick<Page, 'limit' | 'offset'>[] = [];
  let counted = 0;
  return {
    asked,
    counted: () => counted,
    readIds: async (page: Pick<Page, 'limit' | 'offset'>): Promise<SearchMatch[]> => {
      asked.push(page);
      const from = page.offset ?? 0;
      const rows = ids.slice(from, page.limit === undefined ? undefined : from + page.limit);
      return rows.map((id) => (postgres ? { id, matchCount: String(ids.length) } : { id }));
    },
    // The rows come back in another order, without those deleted since the ids were read.
    readRows: async (pageIds: string[]) =>
      pageIds
        .filter((id) => !gone.includes(id))
        .reverse()
        .map((id) => ({ id, text: `"${id}"` })),
    count: async () => {
      counted++;
      return ids.length - gone.length;
    },
  };
}

const five = Array.from({ length: 5 }, (_, i) => `id-${i}`);

describe('searchPage', () => {
  it('gives the page in the order of the ids, and every match counted', async () => {
    const search = stubbed(five);
    const { rows, total } = await searchPage(db, { limit: 2, offset: 1 }, search);
    expect(rows.map((row) => row.id)).toEqual(['id-1', 'id-2']);
    expect(total).toBe(5);
    // SQLite reads the ids from the first, at least SEARCH_IDS_READ of them; PostgreSQL the page with its count.
    expect(search.asked).toEqual([postgres ? { limit: 2, offset: 1 } : { limit: SEARCH_IDS_READ }]);
    expect(search.counted()).toBe(0);
  });

  it('keeps the total when a row of the page was deleted between its two reads', async () => {
    const search = stubbed(five, ['id-2']);
    const { rows, total } = await searchPage(db, { limit: 2, offset: 1 }, search);
    expect(rows.map((row) => row.id)).toEqual(['id-1']);
    expect(total).toBe(5);
  });

  it('counts a search of SEARCH_IDS_READ matches or more, whatever its page came back with', async () => {
    const many = Array.from({ length: SEARCH_IDS_READ + 5 }, (_, i) => `id-${i}`);
    // A row of the page deleted between the reads: the page is short, the total is the count.
    const search = stubbed(many, ['id-1']);
    const { rows, total } = await searchPage(db, { limit: 3 }, search);
    expect(rows.map((row) => row.id)).toEqual(['id-0', 'id-2']);
    // SQLite counts after the deletion; PostgreSQL's page carries the count of its own read, made before it.
    expect(total).toBe(postgres ? SEARCH_IDS_READ + 5 : SEARCH_IDS_READ + 4);
    expect(search.counted()).toBe(postgres ? 0 : 1);
  });

  it('reads every match without a limit, and gives none (with the total) past the end', async () => {
    const all = stubbed(five);
    expect(await searchPage(db, {}, all)).toMatchObject({ total: 5 });
    const past = stubbed(five);
    const { rows, total } = await searchPage(db, { limit: 2, offset: 9 }, past);
    expect(rows).toEqual([]);
    expect(total).toBe(5);
    // SQLite's read from the first tells the total; PostgreSQL's empty page does not, and it counts.
    expect(past.counted()).toBe(postgres ? 1 : 0);
  });
});
