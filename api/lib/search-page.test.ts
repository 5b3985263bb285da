import { afterAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@api/db/database';
import { createTestDatabase } from '@api/test/database';
import { SEARCH_IDS_READ, searchPage, type Page, type SearchPage, type SearchRow } from './list';

// searchPage with its reads and its count stubbed: what it asks each database for, and what it makes of it.
const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;
const postgres = isPostgres(db);

/** A search whose matches are `ids` (in order); its reads answer as the database would. */
function stubbed(ids: readonly string[], gone: readonly string[] = []) {
  const asked: Pick<Page, 'limit' | 'offset'>[] = [];
  const answered: string[][] = [];
  let counted = 0;
  return {
    asked,
    answered,
    counted: () => counted,
    readIds: async (page: Pick<Page, 'limit' | 'offset'>): Promise<SearchRow[]> => {
      asked.push(page);
      const from = page.offset ?? 0;
      const rows = ids.slice(from, page.limit === undefined ? undefined : from + page.limit);
      // PostgreSQL: a row per match with their number; SQLite: one row holding the ids (`searchMatches`).
      return postgres ? rows.map((id) => ({ id, matchCount: String(ids.length) })) : [{ ids: JSON.stringify(rows) }];
    },
    // The answers of the ids asked for, in their order, without those deleted since the ids were read.
    readAnswers: async (pageIds: string[]) => {
      answered.push(pageIds);
      const kept = pageIds.filter((id) => !gone.includes(id));
      return { text: JSON.stringify(kept.map((id) => ({ id }))), last: kept.at(-1) };
    },
    count: async () => {
      counted++;
      return ids.length - gone.length;
    },
  };
}

const five = Array.from({ length: 5 }, (_, i) => `id-${i}`);

/** The ids of a page's answers, as its JSON text holds them. */
const idsOf = (page: SearchPage<string>) => (JSON.parse(page.items.text) as { id: string }[]).map((row) => row.id);

describe('searchPage', () => {
  it('gives the page in the order of the ids, every match counted, and whether more follow', async () => {
    const search = stubbed(five);
    const page = await searchPage(db, { limit: 2, offset: 1 }, search);
    expect(idsOf(page)).toEqual(['id-1', 'id-2']);
    expect(page.last).toBe('id-2');
    expect(page.total).toBe(5);
    expect(page.more).toBe(true);
    // SQLite reads the ids from the first, at least SEARCH_IDS_READ of them; PostgreSQL the page and
    // one row more (whether more follow) with its count.
    expect(search.asked).toEqual([postgres ? { limit: 3, offset: 1 } : { limit: SEARCH_IDS_READ }]);
    expect(search.counted()).toBe(0);
  });

  it('says no more follow on the last page, even when it is full', async () => {
    const page = await searchPage(db, { limit: 2, offset: 3 }, stubbed(five));
    expect(idsOf(page)).toEqual(['id-3', 'id-4']);
    expect(page.more).toBe(false);
    expect(page.total).toBe(5);
  });

  it('keeps the total when a row of the page was deleted between its two reads', async () => {
    const search = stubbed(five, ['id-2']);
    const page = await searchPage(db, { limit: 2, offset: 1 }, search);
    expect(idsOf(page)).toEqual(['id-1']);
    expect(page.last).toBe('id-1');
    expect(page.total).toBe(5);
    expect(page.more).toBe(true);
  });

  it('counts a search of SEARCH_IDS_READ matches or more, whatever its page came back with', async () => {
    const many = Array.from({ length: SEARCH_IDS_READ + 5 }, (_, i) => `id-${i}`);
    // A row of the page deleted between the reads: the page is short, the total is the count.
    const search = stubbed(many, ['id-1']);
    const page = await searchPage(db, { limit: 3 }, search);
    expect(idsOf(page)).toEqual(['id-0', 'id-2']);
    expect(page.more).toBe(true);
    // SQLite counts after the deletion; PostgreSQL's page carries the count of its own read, made before it.
    expect(page.total).toBe(postgres ? SEARCH_IDS_READ + 5 : SEARCH_IDS_READ + 4);
    expect(search.counted()).toBe(postgres ? 0 : 1);
  });

  it('reads every match without a limit when fewer than SEARCH_IDS_READ rows can match', async () => {
    const search = { ...stubbed(five), most: SEARCH_IDS_READ - 1 };
    const page = await searchPage(db, { limit: 2, offset: 1 }, search);
    expect(idsOf(page)).toEqual(['id-1', 'id-2']);
    expect(page).toMatchObject({ total: 5, more: true });
    // SQLite asks for them all (its sorter, not a LIMIT's b-tree); PostgreSQL still reads the page.
    expect(search.asked).toEqual([postgres ? { limit: 3, offset: 1 } : {}]);
    expect(search.counted()).toBe(0);
    // A bound of SEARCH_IDS_READ or more leaves the limit.
    const broad = { ...stubbed(five), most: SEARCH_IDS_READ };
    await searchPage(db, { limit: 2 }, broad);
    expect(broad.asked).toEqual([postgres ? { limit: 3, offset: undefined } : { limit: SEARCH_IDS_READ }]);
  });

  it('gives every match and its total when more rows match than the bound said (counts read before they were added)', async () => {
    const many = Array.from({ length: SEARCH_IDS_READ + 5 }, (_, i) => `id-${i}`);
    const search = { ...stubbed(many), most: 10 };
    const page = await searchPage(db, { limit: 3, offset: SEARCH_IDS_READ + 3 }, search);
    expect(idsOf(page)).toEqual([`id-${SEARCH_IDS_READ + 3}`, `id-${SEARCH_IDS_READ + 4}`]);
    expect(page).toMatchObject({ total: SEARCH_IDS_READ + 5, more: false });
  });

  it('reads every match without a limit, and gives none (with the total) past the end', async () => {
    const all = await searchPage(db, {}, stubbed(five));
    expect(idsOf(all)).toEqual(five);
    expect(all).toMatchObject({ total: 5, more: false });
    const past = stubbed(five);
    const page = await searchPage(db, { limit: 2, offset: 9 }, past);
    expect(page.items.text).toBe('[]');
    expect(page.last).toBeUndefined();
    expect(page.total).toBe(5);
    expect(page.more).toBe(false);
    // SQLite's read from the first tells the total; PostgreSQL's empty page does not, and it counts.
    expect(past.counted()).toBe(postgres ? 1 : 0);
  });
});
