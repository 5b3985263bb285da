import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCommandDatabase } from '@api/test/database';
import { spawnServer, type SpawnedServer } from '@test/spawned-server';
import { until } from '@test/until';
import { loadServer, logRecords, rssMb, terminate, UNREAD_OUTPUT_ENV } from '@test/unread-output';
import { DRAIN_MS } from './shutdown';

// The built server (as `npm start` runs it) with its stdout into a pipe nobody reads: its log lines
// wait in a bounded buffer or are dropped, never held without bound, and never hold the server.

const REQUESTS = 20_000;
const databases: Awaited<ReturnType<typeof createCommandDatabase>>[] = [];
const servers: SpawnedServer[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const database of databases.splice(0)) await database.drop();
});

async function start(readStdout: boolean): Promise<SpawnedServer> {
  const database = await createCommandDatabase();
  databases.push(database);
  const server = await spawnServer(
    { ...database.env, ...UNREAD_OUTPUT_ENV, WEB_DIR: path.join(database.env.DATA_DIR!, 'no-web') },
    { readStdout },
  );
  servers.push(server);
  return server;
}

const isRequestLine = (msg: string) => msg === 'incoming request' || msg === 'request completed';

describe('a server whose log output is never read', () => {
  it('answers as fast as one whose output is read, stays within 30 MB, and stops on SIGTERM', async () => {
    const read = await start(true);
    const readRun = await loadServer(read.baseUrl, { amount: REQUESTS });
    // Every request's lines reach a reader that keeps up, and none is dropped.
    const completed = () => logRecords(read.output()).filter((r) => r.msg === 'request completed').length;
    await until(() => completed() >= REQUESTS, 'every request line');
    expect(logRecords(read.output()).filter((r) => r.dropped !== undefined)).toEqual([]);
    expect(await terminate(read, 30_000)).toMatchObject({ exit: 0 });

    const unread = await start(false);
    const rssAtStart = rssMb(unread.child.pid!);
    const unreadRun = await loadServer(unread.baseUrl, { amount: REQUESTS });
    const rssAfter = rssMb(unread.child.pid!);
    const stopped = await terminate(unread, 30_000);
    const figures = { readRun, unreadRun, rssAtStart, rssAfter, stopped };

    for (const run of [readRun, unreadRun]) {
      expect(run, JSON.stringify(figures)).toMatchObject({ requests: REQUESTS, non2xx: 0, errors: 0, timeouts: 0 });
    }
    // The same p99 give or take a shared machine's noise (a factor, never a fixed time).
    expect(unreadRun.p99, JSON.stringify(figures)).toBeLessThanOrEqual(Math.max(readRun.p99, 1) * 3);
    expect(rssAfter - rssAtStart, JSON.stringify(figures)).toBeLessThanOrEqual(30);
    // The final flush gives up on the stalled pipe: exit 0 within the drain period plus 2 s.
    expect(stopped.exit, JSON.stringify(figures)).toBe(0);
    expect(stopped.ms, JSON.stringify(figures)).toBeLessThanOrEqual(DRAIN_MS + 2000);
  }, 360_000);

  it('logs how many lines it dropped once the pipe is read again', async () => {
    const server = await start(false);
    const run = await loadServer(server.baseUrl, { amount: REQUESTS / 2 });
    expect(run).toMatchObject({ requests: REQUESTS / 2, non2xx: 0, errors: 0 });
    expect(logRecords(server.output())).toEqual([]);

    server.readStdout();
    await until(() => logRecords(server.output()).some((r) => r.dropped !== undefined), 'the dropped-lines count');
    const records = logRecords(server.output());
    const reports = records.filter((r) => r.dropped !== undefined);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ level: 40, msg: 'log lines dropped: the log output could not keep up' });
    // Two lines per request (the start's probes of /api/config came before the pipe was full): each
    // one was either read or counted as dropped.
    const probes = records.filter((r) => r.msg === 'incoming request' && r.req?.url === '/api/config').length;
    const received = records.filter((r) => isRequestLine(r.msg)).length;
    expect(reports[0]!.dropped).toBeGreaterThan(0);
    expect(received + reports[0]!.dropped!).toBe(2 * (REQUESTS / 2 + probes));

    const stopped = await terminate(server, 30_000);
    expect(stopped.exit).toBe(0);
    expect(logRecords(server.output()).at(-1)).toMatchObject({ msg: 'shutting down', reason: 'SIGTERM' });
  }, 240_000);
});
