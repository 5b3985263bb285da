import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '@api/test/database';
import { createInspection } from '@api/test/factories';
import { planRecorder } from '@api/test/query-plans';
import { changed, recordChanges } from '@api/lib/change-log';
import { inTransaction } from '@api/db/transaction';
import { readSyncState } from './sync.repository';
import { changesSince } from './sync.service';

// SQLite's query plans for a page of the change feed: the feed is read through its index on seq,
// the customers, vehicles and inspections of the page are found from its range of the feed by
// their keys, and no table is read whole (a plan through the feed's (entity, id) key would read
// every row of a kind for every page).
const sqlite = testDatabaseKind() === 'sqlite';
const database = await createTestDatabase();
afterAll(() => database.drop());

const { db, plans } = planRecorder(database.db);
const inspection = await createInspection(database.db);
// The factories write rows only: the feed records them as the services would.
await inTransaction(database.db, (trx) =>
  recordChanges(trx, [
    ...changed('customer', [inspection.customerId]),
    ...changed('vehicle', [inspection.vehicleId]),
    ...changed('inspection', [inspection.id]),
  ]),
);

// The range statements name their tables s, c, v, o and i: a plan shows those names.
const BARE_SCAN = /^SCAN (s|c|v|o|i|sync_changes|customers|vehicles|inspections|inspection_documents)\b/m;

describe.runIf(sqlite)('change feed query plans on SQLite', () => {
  it('reads a page through the index on seq and its rows by their keys, nothing scanned or sorted', async () => {
    const statements = await plans(() => changesSince(db, { since: '0', limit: 500 }));
    const feedReads = statements.filter((steps) => steps.includes('sync_changes'));
    // The page's bounds, its other rows, then the customers, vehicles and inspections of its range.
    expect(feedReads).toHaveLength(5);
    const [bounds, others, customers, vehicles, inspections] = feedReads;
    for (const steps of feedReads) expect(steps).not.toMatch(BARE_SCAN);
    // The bounds come from the index alone: no row of the feed is read.
    expect(bounds).toMatch(/SEARCH sync_changes USING COVERING INDEX sync_changes_seq \(seq>\?\)/);
    expect(bounds).not.toMatch(/USING INDEX/);
    // The other rows (deletions, kinds read by id) through their partial index only.
    expect(others).toMatch(/SEARCH sync_changes USING INDEX sync_changes_others \(seq>\? AND seq<\?\)/);
    for (const steps of [customers, vehicles, inspections]) {
      // The feed's range is the outer loop, so rows come (and are aggregated) in feed order.
      expect(steps?.split('\n')[0]).toMatch(/^SEARCH s USING INDEX sync_changes_seq \(seq>\? AND seq<\?\)/);
      // Rows come in feed order from the index: nothing is sorted again.
      expect(steps).not.toMatch(/TEMP B-TREE/);
    }
    expect(customers).toMatch(/SEARCH c USING INDEX sqlite_autoindex_customers_1 \(id=\?\)/);
    expect(vehicles).toMatch(/SEARCH v USING INDEX sqlite_autoindex_vehicles_1 \(id=\?\)/);
    expect(vehicles).toMatch(/SEARCH o USING INDEX sqlite_autoindex_customers_1 \(id=\?\)/);
    expect(inspections).toMatch(/SEARCH i USING INDEX sqlite_autoindex_inspections_1 \(id=\?\)/);
    expect(inspections).toMatch(/SEARCH inspection_documents USING INDEX \w+ \(inspection_id=\?\)/);
  });

  it('reads nothing but the feed and the sync state for a page with no changes (a device polling)', async () => {
    // A recorder of its own: its statements are compiled (and seen) afresh.
    const polling = planRecorder(database.db);
    const { seq } = await readSyncState(database.db);
    const statements = await polling.plans(() => changesSince(polling.db, { since: String(seq), limit: 500 }));
    expect(statements).toHaveLength(2);
    expect(statements.join('\n')).not.toMatch(/\b(customers|vehicles|inspections) AS|SEARCH (c|v|i) /);
  });
});
