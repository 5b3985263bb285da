import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, FifoLock } from './database';

describe('SQLite settings', () => {
  it('runs with WAL, foreign keys, a busy timeout and full sync', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'baywise-db-'));
    const file = path.join(dir, 'nested', 'baywise.sqlite');
    const db = createDatabase({ sqliteFile: file });
    const pragma = async (name: string) =>
      Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
    expect(await pragma('synchronous')).toBe(2); // FULL
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('FifoLock (the SQLite connection queue)', () => {
  it('hands the lock to waiters in the order they came, one at a time', async () => {
    const lock = new FifoLock();
    const order: number[] = [];
    await lock.acquire();
    const waiters = [1, 2, 3].map((n) => lock.acquire().then(() => order.push(n)));
    expect(lock.waiting).toBe(3);
    for (let i = 0; i < 3; i++) {
      lock.release();
      await new Promise((resolve) => setImmediate(resolve));
      expect(order).toEqual([1, 2, 3].slice(0, i + 1));
    }
    await Promise.all(waiters);
    lock.release();
    await lock.acquire();
  });
});
