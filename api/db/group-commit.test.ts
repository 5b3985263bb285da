import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '@api/test/database';
import type { Db } from './database';
import { inTransaction } from './transaction';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await sql`create table group_probe (n integer primary key)`.execute(test.db);
  // A child whose parent is checked only at commit: a way to make a commit fail.
  await sql`create table group_parent (id integer primary key)`.execute(test.db);
  await sql`create table group_child (parent integer references group_parent (id) deferrable initially deferred)`.execute(
    test.db,
  );
});
afterAll(() => test.drop());
beforeEach(async () => {
  await sql`delete from group_probe`.execute(test.db);
  await sql`delete from group_child`.execute(test.db);
});

const insert = (db: Db, n: number) => sql`insert into group_probe (n) values (${n})`.execute(db);
const stored = async () =>
  (await sql<{ n: number }>`select n from group_probe order by n`.execute(test.db)).rows.map((r) => r.n);

function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describe('transactions that arrive together (inTransaction)', () => {
  it('all commit, each seeing its own writes, and each answers with its own result', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inTransaction(test.db, async (trx) => {
          await insert(trx, i);
          const { rows } = await sql<{ n: number }>`select n from group_probe where n = ${i}`.execute(trx);
          return rows.map((r) => r.n);
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 20 }, (_, i) => [i]));
    expect(await stored()).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('rolls back only the one that fails, which gets its own error', async () => {
    const outcomes = await Promise.allSettled([
      inTransaction(test.db, (trx) => insert(trx, 1)),
      inTransaction(test.db, async (trx) => {
        await insert(trx, 2);
        throw new Error('refused');
      }),
      // A constraint error inside (its own row twice, so no race with the others on PostgreSQL,
      // where they run side by side): the statement fails, the others' writes stay.
      inTransaction(test.db, async (trx) => {
        await insert(trx, 3);
        await insert(trx, 3);
      }),
      inTransaction(test.db, (trx) => insert(trx, 4)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(await stored()).toEqual([1, 4]);
  });

  it.runIf(testDatabaseKind() === 'sqlite')(
    'answers none of them before the one commit they share (SQLite)',
    async () => {
      const second = gate();
      let firstAnswered = false;
      const first = inTransaction(test.db, (trx) => insert(trx, 1)).then(() => {
        firstAnswered = true;
      });
      const secondDone = inTransaction(test.db, async (trx) => {
        await second.wait;
        await insert(trx, 2);
      });
      // The first has run; the second, in the same SQLite transaction, waits: nothing is committed.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(firstAnswered).toBe(false);
      second.open();
      await Promise.all([first, secondDone]);
      expect(firstAnswered).toBe(true);
      expect(await stored()).toEqual([1, 2]);
    },
  );

  it('fails every one of them, and stores nothing, when their commit fails', async () => {
    const outcomes = await Promise.allSettled([
      inTransaction(test.db, (trx) => insert(trx, 1)),
      // No such parent: refused at the commit, which on SQLite the group shares.
      inTransaction(test.db, (trx) => sql`insert into group_child (parent) values (99)`.execute(trx)),
      inTransaction(test.db, (trx) => insert(trx, 3)),
    ]);
    if (testDatabaseKind() === 'sqlite') {
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(await stored()).toEqual([]);
    } else {
      // PostgreSQL commits each on its own.
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await stored()).toEqual([1, 3]);
    }
    // The next transaction runs as usual.
    await inTransaction(test.db, (trx) => insert(trx, 5));
    expect(await stored()).toContain(5);
  });
});
