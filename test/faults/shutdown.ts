import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import Sqlite from 'better-sqlite3';
import { childPids, isRunning } from '@test/spawned-server';
import type { Report } from './report';
import { seedShop } from './seed';
import { FaultServer } from './server';

const CONNECTIONS = 100;
/** SIGTERM this long into the load. */
const SIGNAL_AFTER_MS = 4000;
/** The server drains for up to 10 s; it must be gone a little after that. */
const EXIT_WITHIN_MS = 12_000;
const TIMEOUT_S = 10;

/**
 * SIGTERM in the middle of 100 connections of reads and writes, with one process and with
 * WORKERS=2: the server exits 0 within 12 s, no request hangs (each is answered, refused with 503
 * or has its connection closed), every acknowledged create is stored, the SQLite file is intact,
 * the pid file is gone and so is every worker.
 */
export async function runShutdown(report: Report): Promise<void> {
  for (const workers of [1, 2]) {
    report.section(`Shutdown: SIGTERM under ${CONNECTIONS} connections of load, WORKERS=${workers}`);
    const server = await FaultServer.start({ WORKERS: String(workers) });
    try {
      await sigtermUnderLoad(report, server, workers);
    } finally {
      await server.remove();
    }
  }
}

async function sigtermUnderLoad(report: Report, server: FaultServer, workers: number): Promise<void> {
  const seed = await seedShop(server.baseUrl, server.dataDir);
  const staff = { cookie: seed.tech.cookie, 'content-type': 'application/json' };
  const acknowledged = new Set<string>();
  let signalled = false;
  const afterSignal = new Map<number, number>();
  const requests: autocannon.Request[] = [
    { method: 'GET', path: '/api/customers?limit=50&sort=recent', headers: { cookie: seed.tech.cookie } },
    {
      method: 'POST',
      path: '/api/customers',
      setupRequest: (req: autocannon.Request, context: object) => {
        const id = randomUUID();
        (context as { id?: string }).id = id;
        return {
          ...req,
          headers: { ...staff, 'idempotency-key': `stop-${id}` },
          body: JSON.stringify({ id, name: `Stop ${id}`, email: `s-${id.slice(0, 8)}@example.com`, phone: '555-0100' }),
        };
      },
      onResponse: (status: number, _body: string, context: object) => {
        if (status === 201) acknowledged.add((context as { id: string }).id);
      },
    },
    { method: 'GET', path: `/api/inspections/${seed.inspectionId}`, headers: { cookie: seed.tech.cookie } },
    { method: 'GET', path: `/api/public/inspections/${seed.shareToken}` },
    { method: 'GET', path: '/api/customers?q=Stop&limit=20', headers: { cookie: seed.tech.cookie } },
  ];

  // Clients that keep their connection open and idle between requests, as a browser's or a proxy's
  // keep-alive pool does; their connections are made before the load.
  const idle = new http.Agent({ keepAlive: true, maxSockets: 10 });
  const inspectionUrl = `${server.baseUrl}/api/inspections/${seed.inspectionId}`;
  await Promise.all(Array.from({ length: 10 }, () => keptAliveGet(idle, inspectionUrl, seed.tech.cookie).outcome));
  const workerPids = childPids(server.pid);
  let load: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    load = autocannon(
      { url: server.baseUrl, connections: CONNECTIONS, duration: 60, timeout: TIMEOUT_S, requests },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
  load?.on('response', (_client, status: number) => {
    if (signalled) afterSignal.set(status, (afterSignal.get(status) ?? 0) + 1);
  });
  await new Promise((resolve) => setTimeout(resolve, SIGNAL_AFTER_MS));
  // In flight at the signal (sent on their open connections); then these clients send nothing more.
  const quiet = Array.from({ length: 10 }, () => keptAliveGet(idle, inspectionUrl, seed.tech.cookie));
  await Promise.all(quiet.map((q) => q.sent));
  signalled = true;
  const { exit, ms } = await server.terminate(30_000);
  load?.stop();
  const result = await finished;
  const quietOutcomes = await Promise.all(quiet.map((q) => q.outcome));
  idle.destroy();

  const statuses = Object.entries(result.statusCodeStats ?? {})
    .map(([code, { count: n }]) => `${code} × ${n}`)
    .join(', ');
  const after = [...afterSignal].map(([code, n]) => `${code} × ${n}`).join(', ');
  report.line(
    `exit code ${String(exit)} ${ms} ms after SIGTERM; ${result.requests.total} requests, statuses: ${statuses}`,
  );
  report.line(
    `answered after SIGTERM: ${after || 'none'}; connection errors (refused or closed after SIGTERM): ${result.errors}`,
  );
  report.line(`last requests of the idle keep-alive clients: ${quietOutcomes.join(', ')}`);
  report.check(
    `exits with code 0 within ${EXIT_WITHIN_MS / 1000} s`,
    exit === 0 && ms <= EXIT_WITHIN_MS,
    `exit ${String(exit)} after ${ms} ms`,
  );
  report.check(`no request waited ${TIMEOUT_S} s for an answer`, result.timeouts === 0, `${result.timeouts} timeouts`);
  const odd = Object.keys(result.statusCodeStats ?? {}).filter((code) => !/^2\d\d$/.test(code) && code !== '503');
  report.check('every answer 2xx, or 503 once closing', odd.length === 0, `statuses ${odd.join(', ')}`);
  report.check(
    'the pid file is removed',
    !existsSync(path.join(server.dataDir, 'server.pid')),
    'server.pid is still there',
  );
  if (workers > 1) {
    report.check(
      `both workers were running, and are gone`,
      workerPids.length === workers && workerPids.every((pid) => !isRunning(pid)),
      `workers ${workerPids.join(', ')}, running: ${workerPids.filter(isRunning).join(', ')}`,
    );
  }

  const db = new Sqlite(server.sqliteFile, { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const ids = new Set(db.prepare('select id from customers').pluck().all() as string[]);
    const lost = [...acknowledged].filter((id) => !ids.has(id));
    report.line(
      `creates acknowledged: ${acknowledged.size}, lost: ${lost.length}, integrity_check: ${String(integrity)}`,
    );
    report.check('no acknowledged create lost', lost.length === 0, `lost: ${lost.slice(0, 5).join(', ')}`);
    report.check('PRAGMA integrity_check is ok', integrity === 'ok', String(integrity));
  } finally {
    db.close();
  }
}

/** One GET through a keep-alive agent: when it has been written, and its status or the error that closed it. */
function keptAliveGet(
  agent: http.Agent,
  url: string,
  cookie: string,
): { sent: Promise<void>; outcome: Promise<string> } {
  let request: http.ClientRequest | undefined;
  const outcome = new Promise<string>((resolve) => {
    request = http
      .get(url, { agent, headers: { cookie } }, (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      })
      .on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
  const sent = new Promise<void>((resolve) => {
    request?.once('finish', () => resolve());
    request?.once('error', () => resolve());
  });
  return { sent, outcome };
}
