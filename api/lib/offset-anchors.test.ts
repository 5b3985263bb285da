import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { inTransaction } from '@api/db/transaction';
import { createTestDatabase } from '@api/test/database';
import type { CursorKey } from './keyset';
import type { Page } from './list';
import { pageFromAnchors, type AnchoredList } from './offset-anchors';

// pageFromAnchors over a list held in memory (the numbers 0..size-1 in order, each its own key):
// which pages it reads, and what it makes of them. The customer list's own test holds the real
// statements to the same rows as the plain offset (customer-list.test.ts).
const database = await createTestDatabase();
afterAll(() => database.drop());
const { db } = database;

const STEP = 10;

/** The change feed moves as a write's transaction moves it. */
const moveFeed = () => sql`update sync_state set seq = seq + 1`.execute(db);

function numbers(size: number, during?: () => Promise<unknown>) {
  const keyReads: { after: CursorKey | undefined; skip: number }[] = [];
  const reads: Page[] = [];
  const list: AnchoredList<number> = {
    keyAfter: async (after, skip) => {
      keyReads.push({ after, skip });
      const at = (after === undefined ? 0 : Number(after[0]) + 1) + skip;
      return at < size ? [String(at)] : undefined;
    },
    read: async (page) => {
      reads.push(page);
      await during?.();
      const from = (page.after === undefined ? 0 : Number(page.after[0]) + 1) + (page.offset ?? 0);
      return Array.from({ length: Math.max(0, Math.min(page.limit ?? size, size - from)) }, (_, i) => from + i);
    },
  };
  return { list, keyReads, reads };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('pageFromAnchors', () => {
  it('gives the rows the offset gives, from the nearest key before the page', async () => {
    const { list, reads } = numbers(95);
    for (const offset of [0, 9, 10, 11, 19, 20, 47, 89, 90, 91, 94, 95, 120]) {
      const expected = range(offset, Math.max(0, Math.min(4, 95 - offset)));
      expect(await pageFromAnchors(db, 'numbers', { limit: 4, offset }, list, STEP), String(offset)).toEqual(expected);
    }
    // Past the first anchor, each page starts after a kept key with what is left of its offset.
    expect(reads.find((read) => read.after?.[0] === '39')).toEqual({ limit: 4, offset: 7, after: ['39'] });
  });

  it('reads the keys as far as a page needs them, each from the one before, and keeps them', async () => {
    const { list, keyReads } = numbers(1000);
    await pageFromAnchors(db, 'kept', { limit: 5, offset: 35 }, list, STEP);
    // Three keys (rows 9, 19, 29), each `STEP` rows past the one before.
    expect(keyReads).toEqual([
      { after: undefined, skip: 9 },
      { after: ['9'], skip: 9 },
      { after: ['19'], skip: 9 },
    ]);
    expect(await pageFromAnchors(db, 'kept', { limit: 5, offset: 33 }, list, STEP)).toEqual(range(33, 5));
    expect(keyReads).toHaveLength(3);
    await pageFromAnchors(db, 'kept', { limit: 5, offset: 51 }, list, STEP);
    expect(keyReads.slice(3)).toEqual([
      { after: ['29'], skip: 9 },
      { after: ['39'], skip: 9 },
    ]);
  });

  it('shares one reading of the keys between the pages that need them at once', async () => {
    const { list, keyReads } = numbers(1000);
    const pages = await Promise.all(
      [75, 76, 77].map((offset) => pageFromAnchors(db, 'shared', { limit: 2, offset }, list, STEP)),
    );
    expect(pages).toEqual([range(75, 2), range(76, 2), range(77, 2)]);
    expect(keyReads).toHaveLength(7);
  });

  it('reads the keys again once the change feed has moved', async () => {
    const { list, keyReads } = numbers(1000);
    await pageFromAnchors(db, 'moved', { limit: 2, offset: 25 }, list, STEP);
    expect(keyReads).toHaveLength(2);
    await moveFeed();
    await pageFromAnchors(db, 'moved', { limit: 2, offset: 25 }, list, STEP);
    expect(keyReads).toHaveLength(4);
    expect(keyReads[2]).toEqual({ after: undefined, skip: 9 });
  });

  it('reads a page again by its plain offset when the feed moved while it was read', async () => {
    let writes = 1;
    const { list, reads } = numbers(1000, async () => {
      if (writes-- > 0) await moveFeed();
    });
    expect(await pageFromAnchors(db, 'during', { limit: 3, offset: 42 }, list, STEP)).toEqual(range(42, 3));
    expect(reads).toEqual([
      { limit: 3, offset: 2, after: ['39'] },
      { limit: 3, offset: 42 },
    ]);
  });

  it('reads by offset inside a transaction, before the first key, after a cursor and past the list', async () => {
    const { list, reads, keyReads } = numbers(25);
    await inTransaction(db, (trx) => pageFromAnchors(trx, 'plain', { limit: 2, offset: 15 }, list, STEP));
    await pageFromAnchors(db, 'plain', { limit: 2, offset: 5 }, list, STEP);
    await pageFromAnchors(db, 'plain', { limit: 2, after: ['3'] }, list, STEP);
    expect(reads).toEqual([
      { limit: 2, offset: 15 },
      { limit: 2, offset: 5 },
      { limit: 2, after: ['3'] },
    ]);
    expect(keyReads).toEqual([]);
    // The list ends before the anchor a page needs: the page is past its end, read as it is.
    expect(await pageFromAnchors(db, 'plain', { limit: 2, offset: 31 }, list, STEP)).toEqual([]);
    expect(reads.at(-1)).toEqual({ limit: 2, offset: 31 });
  });
});
