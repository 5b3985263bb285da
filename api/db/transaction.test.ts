import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '@api/test/database';
import type { Db } from './database';
import { inTransaction, inUnflushedTransaction } from './transaction';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
  await sql`create table unflushed_probe (n integer not null)`.execute(test.db);
});
afterAll(() => test.drop());

/** How the connection that runs `db`'s next statement waits for the disk at commit. */
async function flushSetting(db: Db): Promise<string> {
  if (testDatabaseKind() === 'postgres') {
    const { rows } = await sql<{ synchronousCommit: string }>`show synchronous_commit`.execute(db);
    return rows[0]!.synchronousCommit;
  }
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return ['off', 'normal', 'full', 'extra'][rows[0]!.synchronous]!;
}

describe('inUnflushedTransaction', () => {
  it('commits without waiting for the disk, and every other transaction still waits for it', async () => {
    // The tests' PostgreSQL server may itself run without synchronous commits; SQLite's is ours.
    const ordinary = await flushSetting(test.db);
    if (testDatabaseKind() === 'sqlite') expect(ordinary).toBe('full');
    const relaxed = testDatabaseKind() === 'postgres' ? 'off' : 'normal';
    const inside = await inUnflushedTransaction(test.db, async (trx) => {
      await trx
        .insertInto('unflushed_probe' as never)
        .values({ n: 1 } as never)
        .execute();
      return flushSetting(trx);
    });
    expect(inside).toBe(relaxed);
    expect(await flushSetting(test.db)).toBe(ordinary);
    expect(await inTransaction(test.db, flushSetting)).toBe(ordinary);
    const { rows } = await sql<{ n: number }>`select n from unflushed_probe`.execute(test.db);
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('rolls back on an error, and the next commits wait for the disk again', async () => {
    await expect(
      inUnflushedTransaction(test.db, async (trx) => {
        await trx
          .insertInto('unflushed_probe' as never)
          .values({ n: 2 } as never)
          .execute();
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const { rows } = await sql<{ n: number }>`select n from unflushed_probe where n = 2`.execute(test.db);
    expect(rows).toEqual([]);
    if (testDatabaseKind() === 'sqlite') expect(await flushSetting(test.db)).toBe('full');
  });
});
