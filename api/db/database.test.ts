import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database';

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
