/**
 * `npm run test:faults`: the production server under hostile input, SIGKILL, load and a stalled log
 * reader; prints its
 * figures and exits non-zero when any check fails. See docs/testing.md, "Faults".
 */
import { runCrash } from './crash';
import { runFuzz } from './fuzz';
import { runLoad } from './load';
import { mulberry32 } from '@shared/seeded-random';
import { Report } from './report';
import { runShutdown } from './shutdown';
import { runUnreadOutput } from './unread-output';

const seed = Number(process.env.FAULTS_SEED ?? Math.floor(Math.random() * 2 ** 31));
// Seeded, so `FAULTS_SEED=<n>` replays a run's fuzz and kill moments.
const random = mulberry32(seed);
const steps: Record<string, (report: Report) => Promise<void>> = {
  fuzz: (report) => runFuzz(report, random),
  crash: (report) => runCrash(report, random),
  load: runLoad,
  shutdown: runShutdown,
  logs: runUnreadOutput,
};

async function main(): Promise<number> {
  const report = new Report();
  const only = process.env.FAULTS_ONLY?.split(',');
  const started = Date.now();
  console.log(`test:faults seed ${seed} (FAULTS_SEED=${seed} npm run test:faults replays it)`);
  for (const [name, step] of Object.entries(steps)) {
    if (only && !only.includes(name)) continue;
    try {
      await step(report);
    } catch (err) {
      report.check(`${name} ran to the end`, false, err instanceof Error ? (err.stack ?? err.message) : String(err));
    }
  }
  console.log(`\ntest:faults took ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (report.failures.length > 0) {
    console.log(`${report.failures.length} check(s) failed:\n${report.failures.map((f) => `  - ${f}`).join('\n')}`);
    return 1;
  }
  console.log('every fault check passed');
  return 0;
}

process.exitCode = await main();
