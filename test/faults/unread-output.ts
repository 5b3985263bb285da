import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRAIN_MS } from '@api/process/shutdown';
import { spawnServer, type SpawnedServer } from '@test/spawned-server';
import { until } from '@test/until';
import { loadServer, logRecords, rssMb, terminate, UNREAD_OUTPUT_ENV, type LoadRun } from '@test/unread-output';
import type { Report } from './report';

const REQUESTS = Number(process.env.FAULTS_LOG_REQUESTS ?? 40_000);

/**
 * The server logging every request into a pipe nobody reads, against the same server whose output
 * is read: the same p99 (within a factor of 3), RSS within 30 MB of its start, SIGTERM ends it with
 * code 0 within the drain period plus 2 s, and once the pipe is read again it logs how many lines
 * it dropped. The Vitest twin is api/process/unread-output.test.ts.
 */
export async function runUnreadOutput(report: Report): Promise<void> {
  report.section(`Logs: ${REQUESTS} requests with stdout into a pipe nobody reads`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'baywise-faults-logs-'));
  const start = (name: string, readStdout: boolean) =>
    spawnServer(
      {
        ...UNREAD_OUTPUT_ENV,
        DATA_DIR: path.join(dataDir, name),
        WEB_DIR: path.join(dataDir, 'no-web'),
        DATABASE_URL: '',
      },
      { readStdout },
    );
  const started: SpawnedServer[] = [];
  try {
    const read = await start('read', true);
    started.push(read);
    const readRun = await loadServer(read.baseUrl, { amount: REQUESTS });
    await terminate(read, 30_000);

    const unread = await start('unread', false);
    started.push(unread);
    const rssAtStart = rssMb(unread.child.pid!);
    const unreadRun = await loadServer(unread.baseUrl, { amount: REQUESTS });
    const rssAfter = rssMb(unread.child.pid!);
    unread.readStdout();
    const reported = await until(() => logRecords(unread.output()).some((r) => r.dropped !== undefined), 'drops', {
      timeoutMs: 10_000,
    }).then(
      () => true,
      () => false,
    );
    const dropped = logRecords(unread.output()).find((r) => r.dropped !== undefined)?.dropped;
    // Stalled again before the signal, so the final flush has to give up on it.
    unread.child.stdout?.pause();
    await loadServer(unread.baseUrl, { amount: 5_000 });
    const stopped = await terminate(unread, 30_000);

    const figures = (run: LoadRun) =>
      `${run.requests} requests, p99 ${run.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors}, timeouts ${run.timeouts}`;
    report.line(`output read: ${figures(readRun)}`);
    report.line(`output never read: ${figures(unreadRun)}`);
    report.line(`RSS ${rssAtStart.toFixed(1)} MB at start, ${rssAfter.toFixed(1)} MB after the load`);
    report.line(`dropped lines reported once read again: ${dropped ?? 'none'}`);
    report.line(`exit ${String(stopped.exit)} ${stopped.ms} ms after SIGTERM`);
    const clean = (run: LoadRun) => run.requests === REQUESTS && run.non2xx + run.errors + run.timeouts === 0;
    report.check('every request answered 2xx in both runs', clean(readRun) && clean(unreadRun), 'see the figures');
    report.check(
      'p99 with the output unread within 3 times that with it read',
      unreadRun.p99 <= Math.max(readRun.p99, 1) * 3,
      `${unreadRun.p99} ms against ${readRun.p99} ms`,
    );
    report.check('RSS within 30 MB of its start', rssAfter - rssAtStart <= 30, `grew ${rssAfter - rssAtStart} MB`);
    report.check('the dropped-lines count is logged once the pipe drains', reported && (dropped ?? 0) > 0, 'no count');
    report.check(
      `exits with code 0 within ${(DRAIN_MS + 2000) / 1000} s of SIGTERM`,
      stopped.exit === 0 && stopped.ms <= DRAIN_MS + 2000,
      `exit ${String(stopped.exit)} after ${stopped.ms} ms`,
    );
  } finally {
    for (const server of started) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await Promise.all(started.map((server) => server.exited));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
