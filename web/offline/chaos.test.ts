import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChaosFailure,
  runChaosSeed,
  startChaosServer,
  type ChaosServer,
  type ChaosStats,
} from '@web/test/offline/chaos';

// `CHAOS_SEED=<n>` replays one seed; `CHAOS_SEEDS=<count>` runs more (`CHAOS_SEEDS=5000 npm run chaos`);
// `CHAOS_OPS=<steps>` makes each seed longer. The default keeps `npm test` within about half a minute.
const only = process.env.CHAOS_SEED;
const count = Number(process.env.CHAOS_SEEDS ?? 250);
const seeds = only ? [Number(only)] : Array.from({ length: count }, (_, i) => i + 1);
const OPTIONS = { ops: Number(process.env.CHAOS_OPS ?? 16), devices: 3 };

let server: ChaosServer;
beforeAll(async () => {
  server = await startChaosServer(OPTIONS.devices);
});
afterAll(() => server.app.close());

describe('chaos: devices writing through a faulty network converge with the server', () => {
  it(`holds invariants 2, 3, 5, 6 and 7 for ${seeds.length} seed(s)`, { timeout: 3_600_000 }, async () => {
    const totals = { commits: 0, mergedRows: 0, attention: 0, notices: 0, faults: 0 };
    for (const seed of seeds) {
      let stats: ChaosStats;
      try {
        stats = await runChaosSeed(server, seed, OPTIONS);
      } catch (error) {
        if (error instanceof ChaosFailure) console.error(`${error.message}\nreplay with CHAOS_SEED=${seed}`);
        throw error;
      }
      totals.commits += stats.commits;
      totals.mergedRows += stats.mergedRows;
      totals.attention += stats.attention;
      totals.notices += stats.notices;
      totals.faults += Object.values(stats.faults).reduce((a, b) => a + b, 0);
    }
    // The run must have exercised what it claims to check.
    if (!only) {
      expect(totals.faults).toBeGreaterThan(seeds.length);
      expect(totals.mergedRows).toBeGreaterThan(0);
      expect(totals.notices).toBeGreaterThan(0);
      expect(totals.attention).toBeGreaterThan(0);
    }
    expect(totals.commits).toBeGreaterThan(0);
  });
});
