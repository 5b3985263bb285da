import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '@api/test/database';
import { planRecorder } from '@api/test/query-plans';
import { deletedBetween, deletedIds, deleted, newestChangeAfter, pruneTombstones, recordChanges } from './change-log';

// SQLite has no statistics to choose by: every write asks whether its ids were deleted, and the
// answer must come from the primary key, never from a walk over every remembered deletion.
const sqlite = testDatabaseKind() === 'sqlite';
const database = await createTestDatabase();
afterAll(() => database.drop());
const { db, plans } = planRecorder(database.db);

const ids = ['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002'];
// Many remembered deletions, as a shop that deletes things keeps for weeks.
await recordChanges(
  database.db,
  deleted(
    'service',
    Array.from({ length: 200 }, (_, i) => `d0000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
  ),
);
await recordChanges(database.db, deleted('media', [ids[1]!]));
// And some older than the prune keeps.
await recordChanges(database.db, deleted('customer', [ids[0]!]), '2020-01-01T00:00:00.000Z');

describe('deletion lookups', () => {
  it('tell deleted ids from others, and deletions of a kind in a range of the feed', async () => {
    expect(await deletedIds(db, 'service', ['d0000000-0000-4000-8000-000000000007', ids[0]!])).toEqual(
      new Set(['d0000000-0000-4000-8000-000000000007']),
    );
    const newest = await newestChangeAfter(db, 0);
    expect(newest).toBeGreaterThan(0);
    expect(await newestChangeAfter(db, newest!)).toBeUndefined();
    expect(await deletedBetween(db, 'media', 0, newest!)).toBe(true);
    expect(await deletedBetween(db, 'media', newest!, newest! + 10)).toBe(false);
    expect(await deletedBetween(db, 'vehicle', 0, newest!)).toBe(false);
  });

  it.runIf(sqlite)('looks ids up by the primary key', async () => {
    // A recorder of its own: the lookup is compiled once, and the test above already ran it.
    const own = planRecorder(database.db);
    expect(await own.plans(() => deletedIds(own.db, 'service', ids))).toEqual([
      'SEARCH sync_changes USING INDEX sqlite_autoindex_sync_changes_1 (entity=? AND entity_id=?)',
    ]);
  });

  it.runIf(sqlite)('finds deletions of a kind since a point of the feed through the partial index', async () => {
    // A recorder of its own: the lookup is compiled once, and the first test already ran it.
    const own = planRecorder(database.db);
    expect(await own.plans(() => deletedBetween(own.db, 'media', 5, 10))).toEqual([
      'SEARCH sync_changes USING COVERING INDEX sync_changes_tombstones_by_entity (entity=? AND seq>? AND seq<?)',
    ]);
  });

  it.runIf(sqlite)('prunes old deletions through the partial index by time', async () => {
    let forgotten = 0;
    const [first] = await plans(async () => (forgotten = await pruneTombstones(db)));
    expect(forgotten).toBe(1);
    expect(first).toMatch(
      /^SEARCH sync_changes USING (COVERING )?INDEX sync_changes_tombstones_by_time \(changed_at<\?\)$/,
    );
  });
});
