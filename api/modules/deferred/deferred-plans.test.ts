import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '@api/test/database';
import { planRecorder } from '@api/test/query-plans';
import { countDeferred, listDeferred } from './deferred.repository';

// SQLite's plans for the deferred-work list: open lines by age or value come through an index in
// their order, never a scan of the table sorted afterwards.
const sqlite = testDatabaseKind() === 'sqlite';
const database = await createTestDatabase();
afterAll(() => database.drop());

const recording = planRecorder(database.db);
const db = recording.db;
const plan = async (run: () => Promise<unknown>) => (await recording.plans(run)).join('\n');

describe.runIf(sqlite)('deferred-work query plans on SQLite', () => {
  it('reads open lines by age through the status and age index, in order', async () => {
    const steps = await plan(() => listDeferred(db, { status: 'open' }, 'age', { limit: 50 }));
    expect(steps).toContain('SEARCH deferred_work USING INDEX deferred_work_status_age (status=?)');
    expect(steps).not.toContain('USE TEMP B-TREE');
  });

  it('reads open lines by value through the status and value index, in order', async () => {
    const steps = await plan(() => listDeferred(db, { status: 'open' }, 'value', { limit: 50 }));
    expect(steps).toContain('SEARCH deferred_work USING INDEX deferred_work_status_value (status=?)');
    expect(steps).not.toContain('USE TEMP B-TREE');
  });

  it('reads a vehicle’s open lines through the vehicle index, and counts through an index', async () => {
    expect(await plan(() => listDeferred(db, { status: 'open', vehicleId: 'v' }, 'age', {}))).toMatch(
      /SEARCH deferred_work USING INDEX deferred_work_(vehicle|status_age) \((vehicle_id=\? AND status=\?|status=\?)\)/,
    );
    expect(await plan(() => countDeferred(db, { status: 'open' }))).toMatch(
      /SEARCH deferred_work USING (COVERING )?INDEX/,
    );
  });
});
