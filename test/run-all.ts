/**
 * `npm test`: every check on two lanes at once, because the browser tests spend most of their time
 * waiting on Chromium and the server while the rest is CPU work:
 *   browser lane: the browser tests (`vitest run --project e2e`)
 *   checks lane:  typecheck, lint, formatting, then the API suite on SQLite and PostgreSQL and the offline engine
 * Each line is prefixed with its lane. After the lanes, alone so its load figures are not disturbed:
 *   faults:       `npm run test:faults` (hostile requests, SIGKILL under writes, 200 connections of load)
 * The run ends with the failed tests (name and first lines of the error), one summary line, and
 * fails if any step did.
 * With arguments (`npm test -- web/share`), it is plain `vitest run` with them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);

interface Step {
  command: string;
  args: string[];
}

function runStep(lane: string, { command, args }: Step): Promise<number> {
  return new Promise((resolve) => {
    // Colours survive the prefixing on a terminal; logs (CI) get plain text.
    const colour = process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' };
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...colour },
    });
    const prefix = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${lane}] ${line}\n`);
      });
      stream.on('end', () => rest && out.write(`[${lane}] ${rest}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('error', (err) => {
      process.stderr.write(`[${lane}] ${command}: ${err.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function runLane(
  lane: string,
  steps: Step[],
): Promise<{ lane: string; failed: string | undefined; seconds: number }> {
  const started = Date.now();
  for (const step of steps) {
    const code = await runStep(lane, step);
    if (code !== 0)
      return { lane, failed: `${path.basename(step.command)} exited ${code}`, seconds: (Date.now() - started) / 1000 };
  }
  return { lane, failed: undefined, seconds: (Date.now() - started) / 1000 };
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The test counts of a Vitest JSON report; none when the run wrote no report (it crashed). */
function counts(report: string): Counts {
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests,
      skipped: json.numPendingTests + json.numTodoTests,
    };
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

interface JsonReport {
  testResults?: {
    name: string;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
}

/** The failed tests of a Vitest JSON report with the first lines of their errors, for the run's last lines. */
function failures(report: string): string[] {
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as JsonReport;
    return (json.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => {
          // Vitest's JSON report keeps only the stack of a timeout, which it starts with this marker.
          const message = (test.failureMessages?.[0] ?? '')
            .replace(/^Error: STACK_TRACE_ERROR/, 'Error: timed out (see testTimeout / hookTimeout)')
            .split('\n')
            .slice(0, 6)
            .join('\n    ');
          return `${path.relative(ROOT, file.name)} > ${test.fullName}\n    ${message}`;
        }),
    );
  } catch {
    return [];
  }
}

async function main(args: string[]): Promise<number> {
  if (args.length > 0) return runStep('vitest', { command: bin('vitest'), args: ['run', ...args] });

  const reports = mkdtempSync(path.join(tmpdir(), 'baywise-test-reports-'));
  const report = (lane: string) => path.join(reports, `${lane.replace(/\W+/g, '-')}.json`);
  const vitest = (lane: string, projects: string[], extra: string[] = []): Step => ({
    command: bin('vitest'),
    args: [
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      ...extra,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report(lane)}`,
    ],
  });
  const plan: [string, Step[]][] = [
    ['browser 1', [vitest('browser 1', ['e2e'], ['--shard=1/2'])]],
    ['browser 2', [vitest('browser 2', ['e2e'], ['--shard=2/2'])]],
    [
      'checks',
      [
        { command: bin('tsc'), args: ['--noEmit'] },
        { command: bin('eslint'), args: ['.'] },
        { command: bin('prettier'), args: ['--check', '.'] },
        vitest('checks', ['sqlite', 'postgres', 'offline']),
      ],
    ],
  ];
  const started = Date.now();
  try {
    const lanes = await Promise.all(plan.map(([lane, steps]) => runLane(lane, steps)));
    const faults = await runLane('faults', [{ command: 'npm', args: ['run', '--silent', 'test:faults'] }]);
    const total: Counts = { passed: 0, failed: 0, skipped: 0 };
    console.log('');
    for (const { lane, failed, seconds } of lanes) {
      const found = counts(report(lane));
      total.passed += found.passed;
      total.skipped += found.skipped;
      // A lane that failed without a failed test (typecheck, lint, an unhandled error, a crash)
      // still counts as a failure, so the last line never reads "0 failed" for a failed run.
      total.failed += failed && found.failed === 0 ? 1 : found.failed;
      console.log(`${lane} lane: ${failed ? `FAILED (${failed})` : 'passed'} in ${seconds.toFixed(0)} s`);
      // Repeated at the end so a log cut to its last lines still says what failed.
      for (const failure of failures(report(lane))) console.log(`  FAILED ${failure}`);
    }
    // The faults run is one check: it passes or fails as a whole.
    if (faults.failed) total.failed += 1;
    else total.passed += 1;
    console.log(`faults: ${faults.failed ? `FAILED (${faults.failed})` : 'passed'} in ${faults.seconds.toFixed(0)} s`);
    console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
    return lanes.some((l) => l.failed) || faults.failed ? 1 : 0;
  } finally {
    rmSync(reports, { recursive: true, force: true });
  }
}

process.exitCode = await main(process.argv.slice(2));
