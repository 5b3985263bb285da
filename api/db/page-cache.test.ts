import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDatabase } from './database';
import { keepPageCacheSized, PAGE_CACHE_RESIZE_MS, pageCacheBytes } from './page-cache';

const MIB = 1024 * 1024;

describe('SQLite page cache sized to the database', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'baywise-cache-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is a 32nd of the file, from 4 MiB to SQLite’s 16,000 KiB default, in whole KiB', () => {
    expect(pageCacheBytes(0)).toBe(4 * MIB);
    expect(pageCacheBytes(128 * MIB)).toBe(4 * MIB);
    // The bench's shop of 10,000 customers and 20,000 inspections is a file of about 172 MB.
    expect(pageCacheBytes(172_568_576)).toBe(5_392_384);
    expect(pageCacheBytes(500 * MIB)).toBe(16_000 * 1024);
    // 100,000 customers: about 880 MB.
    expect(pageCacheBytes(882_339_840)).toBe(16_000 * 1024);
    expect(pageCacheBytes(170 * MIB + 5) % 1024).toBe(0);
  });

  it('opens a small shop’s file with 4 MiB, and none of it for an in-memory database', async () => {
    const cacheSize = async (db: ReturnType<typeof createDatabase>) =>
      Object.values((await sql`pragma cache_size`.execute(db)).rows[0] as object)[0] as number;
    const file = createDatabase({ sqliteFile: path.join(dir, 'baywise.sqlite') });
    expect(await cacheSize(file)).toBe(-4096);
    await file.destroy();
    const memory = createDatabase({ sqliteFile: ':memory:' });
    // SQLite's own default as better-sqlite3 builds it, untouched.
    expect(await cacheSize(memory)).toBe(-16000);
    await memory.destroy();
  });

  it('grows the cache every minute as the file grows, and stops with the connection', () => {
    vi.useFakeTimers();
    const handle = new SqliteDatabase(path.join(dir, 'grow.sqlite'));
    handle.pragma('journal_mode = WAL');
    keepPageCacheSized(handle);
    expect(handle.pragma('cache_size', { simple: true })).toBe(-4096);
    handle.exec('create table filler (blob blob)');
    handle.prepare('insert into filler values (zeroblob(?))').run(144 * MIB);
    vi.advanceTimersByTime(PAGE_CACHE_RESIZE_MS - 1);
    expect(handle.pragma('cache_size', { simple: true })).toBe(-4096);
    vi.advanceTimersByTime(1);
    // 144 MiB and the table's own pages: a 32nd of that is a little over 4.5 MiB.
    const bytes =
      Number(handle.pragma('page_count', { simple: true })) * Number(handle.pragma('page_size', { simple: true }));
    expect(bytes).toBeGreaterThan(144 * MIB);
    expect(handle.pragma('cache_size', { simple: true })).toBe(-Math.floor(bytes / 32 / 1024));
    expect(handle.pragma('cache_size', { simple: true })).toBeLessThan(-4608);
    handle.close();
    vi.advanceTimersByTime(PAGE_CACHE_RESIZE_MS);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the connection and its timer when sizing fails once (a busy file)', () => {
    vi.useFakeTimers();
    const handle = new SqliteDatabase(path.join(dir, 'busy.sqlite'));
    keepPageCacheSized(handle);
    const pragma = vi.spyOn(handle, 'pragma').mockImplementationOnce(() => {
      throw new Error('database is locked');
    });
    expect(() => vi.advanceTimersByTime(PAGE_CACHE_RESIZE_MS)).not.toThrow();
    expect(pragma).toHaveBeenCalledTimes(1);
    pragma.mockRestore();
    vi.advanceTimersByTime(PAGE_CACHE_RESIZE_MS);
    expect(handle.pragma('cache_size', { simple: true })).toBe(-4096);
    expect(vi.getTimerCount()).toBe(1);
    handle.close();
  });
});
