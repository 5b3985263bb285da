import { describe, expect, it } from 'vitest';
import type { SyncChangesResponse } from '@shared/schemas/sync';
import { useTestApp } from '@api/test/app';
import { RESYNC_PAGE } from '@api/test/sync-pages';
import { randomEpoch, setSyncEpoch } from '@api/db/sync-epoch';
import { formatCursor, parseCursor } from './cursor';

const t = await useTestApp();
const tech = await t.signIn('technician');

async function pull(since: string): Promise<SyncChangesResponse> {
  const res = await tech.inject({
    method: 'GET',
    url: `/api/sync/changes?since=${encodeURIComponent(since)}&limit=1000`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SyncChangesResponse;
}

async function addCustomer(name: string): Promise<string> {
  const res = await tech.inject({
    method: 'POST',
    url: '/api/customers',
    payload: { name, email: `${name.toLowerCase()}@mail.test`, phone: '555-0100' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

describe('the sync epoch', () => {
  it('reads and writes both cursor forms', () => {
    expect(parseCursor(undefined)).toEqual({ epoch: '', seq: 0 });
    expect(parseCursor('42')).toEqual({ epoch: '', seq: 42 });
    expect(parseCursor('a1b2c3.42')).toEqual({ epoch: 'a1b2c3', seq: 42 });
    expect(formatCursor({ epoch: '', seq: 42 })).toBe('42');
    expect(formatCursor({ epoch: 'a1b2c3', seq: 42 })).toBe('a1b2c3.42');
    expect(randomEpoch()).toMatch(/^[0-9a-f]{12}$/);
    expect(randomEpoch()).not.toBe(randomEpoch());
  });

  it('hands out plain sequence cursors before any restore, as devices in the field hold them', async () => {
    await addCustomer('Before');
    const first = await pull('0');
    expect(first.resync).toBe(false);
    expect(first.cursor).toMatch(/^\d+$/);
    await addCustomer('Later');
    const next = await pull(first.cursor);
    expect(next.resync).toBe(false);
    expect(next.customers.map((c) => c.name)).toEqual(['Later']);
  });

  it('tells every cursor from before a restore to resync, and carries on in the new epoch', async () => {
    const oldCursor = (await pull('0')).cursor;
    expect(oldCursor).toMatch(/^\d+$/);
    await setSyncEpoch(t.db, 'feed01');

    expect(await pull(oldCursor)).toEqual(RESYNC_PAGE);
    // Even a cursor the sequence has not reached yet, or one from a history with this epoch's prefix.
    expect(await pull('1')).toEqual(RESYNC_PAGE);
    expect(await pull('feed0.1')).toEqual(RESYNC_PAGE);

    const fresh = await pull('0');
    expect(fresh.resync).toBe(false);
    expect(fresh.customers.map((c) => c.name).sort()).toEqual(['Before', 'Later']);
    expect(fresh.cursor).toBe(`feed01.${oldCursor}`);

    const id = await addCustomer('After');
    const next = await pull(fresh.cursor);
    expect(next.resync).toBe(false);
    expect(next.customers.map((c) => c.id)).toEqual([id]);
    expect(next.cursor).toBe(`feed01.${Number(oldCursor) + 1}`);
    // A cursor of the epoch that is ahead of the sequence is from another history too.
    expect(await pull(`feed01.${Number(oldCursor) + 50}`)).toEqual(RESYNC_PAGE);
    // Nothing new: the cursor stays where it was, in its epoch.
    expect((await pull(next.cursor)).cursor).toBe(next.cursor);

    await setSyncEpoch(t.db, 'feed02');
    expect(await pull(next.cursor)).toEqual(RESYNC_PAGE);
    expect((await pull('0')).cursor).toBe(`feed02.${Number(oldCursor) + 1}`);
  });

  it('refuses a malformed cursor with 400', async () => {
    for (const since of ['Feed.1', '.1', 'feed.', 'feed.x', 'a.b.1', `${'a'.repeat(33)}.1`]) {
      const res = await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${encodeURIComponent(since)}` });
      expect(res.statusCode, since).toBe(400);
      expect(res.json(), since).toMatchObject({
        error: 'validation_error',
        message: 'Invalid query string: since must be a cursor returned by this call',
      });
    }
  });
});
