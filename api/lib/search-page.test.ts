import { afterAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@api/db/database';
import { createTestDatabase } from '@api/test/database';
import { changed, recordChanges } from './change-log';
import { inTransaction } from '@api/db/transaction';
import {
  KEPT_PAGE_MOST,
  KEPT_SEARCH_IDS,
  KEPT_SEARCH_PAGE_TEXT,
  KEPT_SEARCH_PAGES,
  KEPT_SEARCHES,
} from './kept-searches';
import { SEARCH_IDS_READ, searchPage, type Page, type SearchPage, type SearchRow } from './list';

// searchPage with its reads and its count stubbed: what it asks each database for, and what it makes of it.
const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;
const postgres = isPostgres(db);

let searches = 0;

/** A search whose matches are `ids` (in order); its reads answer as the database would. Each is a search of its own (`key`). */
function stubbed(ids: readonly string[], gone: readonly string[] = [], key = `search ${++searches}`) {
  const asked: Pick<Page, 'limit' | 'offset'>[] = [];
  const answered: string[][] = [];
  let counted = 0;
  return {
    key,
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

  describe('kept until a customer or vehicle changes', () => {
    // PostgreSQL reads each page (with its count) and keeps nothing.
    const kept = !postgres;

    it('answers the same search again, at any page, from the ids its first read gave', async () => {
      const search = stubbed(five);
      await searchPage(db, { limit: 2 }, search);
      const page = await searchPage(db, { limit: 2, offset: 2 }, search);
      expect(idsOf(page)).toEqual(['id-2', 'id-3']);
      expect(page).toMatchObject({ total: 5, more: true });
      const whole = await searchPage(db, {}, search);
      expect(idsOf(whole)).toEqual(five);
      expect(search.asked).toHaveLength(kept ? 1 : 3);
    });

    it('reads them again once a customer or a vehicle changes, not for other writes', async () => {
      const search = stubbed(five);
      await searchPage(db, { limit: 2 }, search);
      await inTransaction(db, (trx) => recordChanges(trx, changed('media', ['a photo'])));
      await searchPage(db, { limit: 2 }, search);
      expect(search.asked).toHaveLength(kept ? 1 : 2);
      await inTransaction(db, (trx) =>
        recordChanges(trx, [...changed('media', ['a video']), ...changed('customer', ['c'])]),
      );
      await searchPage(db, { limit: 2 }, search);
      expect(search.asked).toHaveLength(kept ? 2 : 3);
      await inTransaction(db, (trx) => recordChanges(trx, changed('vehicle', ['v'])));
      await searchPage(db, { limit: 2 }, search);
      expect(search.asked).toHaveLength(kept ? 3 : 4);
      // The page's answers, kept with it, are read again with the ids.
      expect(search.answered).toHaveLength(kept ? 3 : 4);
    });

    it('gives what the database holds now once the mark moves, the same key or not', async () => {
      const before = stubbed(five, [], 'renamed search');
      await searchPage(db, { limit: 10 }, before);
      await inTransaction(db, (trx) => recordChanges(trx, changed('customer', ['c'])));
      const after = stubbed(['id-9', ...five], [], 'renamed search');
      const page = await searchPage(db, { limit: 10 }, after);
      expect(idsOf(page)).toEqual(['id-9', ...five]);
      expect(page.total).toBe(6);
    });

    it('always reads inside a transaction, and keeps nothing it reads there', async () => {
      const search = stubbed(five);
      await inTransaction(db, async (trx) => {
        await searchPage(trx, { limit: 2 }, search);
        await searchPage(trx, { limit: 2 }, search);
      });
      expect(search.asked).toHaveLength(2);
      await searchPage(db, { limit: 2 }, search);
      expect(search.asked).toHaveLength(3);
    });

    it('keeps the KEPT_SEARCHES searches used last, and no more than KEPT_SEARCH_IDS ids in all', async () => {
      const first = stubbed(five);
      await searchPage(db, { limit: 2 }, first);
      const others = Array.from({ length: KEPT_SEARCHES }, () => stubbed(five));
      for (const other of others) await searchPage(db, { limit: 2 }, other);
      // The first one was the least recently used: out. The last one is kept. (Other pages than
      // the one read: a page read is kept on its own.)
      await searchPage(db, { limit: 2, offset: 2 }, first);
      await searchPage(db, { limit: 2, offset: 2 }, others.at(-1)!);
      expect(first.asked).toHaveLength(2);
      expect(others.at(-1)!.asked).toHaveLength(kept ? 1 : 2);

      // Two searches of more ids than the budget holds together: the older one goes.
      const many = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);
      const broad = { ...stubbed(many(KEPT_SEARCH_IDS / 2 + 1)), most: 1 };
      const broader = { ...stubbed(many(KEPT_SEARCH_IDS / 2 + 1)), most: 1 };
      await searchPage(db, { limit: 2 }, broad);
      await searchPage(db, { limit: 2 }, broader);
      await searchPage(db, { limit: 2, offset: 2 }, broader);
      await searchPage(db, { limit: 2, offset: 2 }, broad);
      expect(broader.asked).toHaveLength(kept ? 1 : 2);
      expect(broad.asked).toHaveLength(2);
    });

    it('answers the same page again as its first read wrote it, reading neither its ids nor its answers', async () => {
      const search = stubbed(five);
      const first = await searchPage(db, { limit: 2, offset: 1 }, search);
      const again = await searchPage(db, { limit: 2, offset: 1 }, search);
      expect(again.items.text).toBe(first.items.text);
      expect(again).toMatchObject({ last: 'id-2', total: 5, more: true });
      expect(search.answered).toHaveLength(kept ? 1 : 2);
      // Another page of it (another offset or limit) reads its own answers from the kept ids.
      const other = await searchPage(db, { limit: 3, offset: 1 }, search);
      expect(idsOf(other)).toEqual(['id-1', 'id-2', 'id-3']);
      expect(search.answered).toHaveLength(kept ? 2 : 3);
      expect(search.asked).toHaveLength(kept ? 1 : 3);
    });

    it('gives a kept page of a search of SEARCH_IDS_READ matches or more with its counted total', async () => {
      const many = Array.from({ length: SEARCH_IDS_READ + 5 }, (_, i) => `id-${i}`);
      const search = stubbed(many);
      await searchPage(db, { limit: 3 }, search);
      const page = await searchPage(db, { limit: 3 }, search);
      expect(idsOf(page)).toEqual(['id-0', 'id-1', 'id-2']);
      expect(page).toMatchObject({ total: SEARCH_IDS_READ + 5, more: true });
      // Counted once, by the page's first read; PostgreSQL's page carries its count.
      expect(search.counted()).toBe(postgres ? 0 : 1);
    });

    it('reads a page again inside a transaction, and keeps nothing it reads there', async () => {
      const search = stubbed(five);
      await inTransaction(db, async (trx) => {
        await searchPage(trx, { limit: 2 }, search);
        await searchPage(trx, { limit: 2 }, search);
      });
      expect(search.answered).toHaveLength(2);
      await searchPage(db, { limit: 2 }, search);
      await searchPage(db, { limit: 2 }, search);
      expect(search.answered).toHaveLength(kept ? 3 : 4);
    });

    it('keeps the KEPT_SEARCH_PAGES pages used last, within KEPT_SEARCH_PAGE_TEXT, and no page longer than KEPT_PAGE_MOST', async () => {
      const search = stubbed(five);
      await searchPage(db, { limit: 1 }, search);
      // As many other pages (each its own offset of one large search, whose ids are kept) push it out.
      const ids = Array.from({ length: KEPT_SEARCH_PAGES }, (_, i) => `id-${i}`);
      const pages = stubbed(ids);
      for (let offset = 0; offset < KEPT_SEARCH_PAGES; offset++) await searchPage(db, { limit: 1, offset }, pages);
      await searchPage(db, { limit: 1, offset: KEPT_SEARCH_PAGES - 1 }, pages);
      expect(pages.answered).toHaveLength(kept ? KEPT_SEARCH_PAGES : KEPT_SEARCH_PAGES + 1);
      await searchPage(db, { limit: 1 }, search);
      expect(search.answered).toHaveLength(2);

      // Answers as long as the page bound, and pages of more than the text bound in all.
      const long = (length: number) => {
        const base = stubbed(five);
        const answer = { id: 'x'.repeat(length) };
        const readAnswers = async (pageIds: string[]) => {
          await base.readAnswers(pageIds);
          return { text: JSON.stringify([answer]) };
        };
        return { ...base, readAnswers };
      };
      const tooLong = long(KEPT_PAGE_MOST);
      await searchPage(db, { limit: 1 }, tooLong);
      await searchPage(db, { limit: 1 }, tooLong);
      expect(tooLong.answered).toHaveLength(2);
      const heavy = Array.from({ length: Math.ceil(KEPT_SEARCH_PAGE_TEXT / (KEPT_PAGE_MOST - 100)) + 1 }, () =>
        long(KEPT_PAGE_MOST - 100),
      );
      for (const one of heavy) await searchPage(db, { limit: 1 }, one);
      // The first is out (least recently used past the bound); the last is kept.
      for (const one of [heavy[0]!, heavy.at(-1)!]) await searchPage(db, { limit: 1 }, one);
      expect(heavy[0]!.answered).toHaveLength(2);
      expect(heavy.at(-1)!.answered).toHaveLength(kept ? 1 : 2);
    });

    it('keeps no search of SEARCH_IDS_READ matches or more (it read only the first of them)', async () => {
      const many = Array.from({ length: SEARCH_IDS_READ + 5 }, (_, i) => `id-${i}`);
      const search = stubbed(many);
      await searchPage(db, { limit: 3 }, search);
      const page = await searchPage(db, { limit: 3, offset: 3 }, search);
      expect(idsOf(page)).toEqual(['id-3', 'id-4', 'id-5']);
      expect(search.asked).toHaveLength(2);
    });
  });
});
