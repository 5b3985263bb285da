import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import Sqlite from 'better-sqlite3';
import type { Report } from './report';
import { type Client, seedShop, TECH } from './seed';
import { FaultServer } from './server';

const CONNECTIONS = Number(process.env.FAULTS_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.FAULTS_LOAD_SECONDS ?? 30);
const TIMEOUT_S = 10;

type Ctx = Record<string, unknown>;

/**
 * 200 connections for 30 s of what a busy shop does at once: technicians list and search
 * customers, open and save an inspection and add customers (with client ids and Idempotency-Key,
 * as the offline outbox sends them); customers open the share report and approve work on it.
 */
export async function runLoad(report: Report): Promise<void> {
  report.section(`Load: ${CONNECTIONS} connections for ${SECONDS} s of mixed reads and writes`);
  const server = await FaultServer.start();
  try {
    const seed = await seedShop(server.baseUrl, server.dataDir);
    const staff = { cookie: seed.tech.cookie, 'content-type': 'application/json' };
    const approvals = await recommendedServices(seed.tech, seed.customerId, seed.vehicleId);
    const acknowledged = new Set<string>();
    const timings = new Map<string, Timing>();
    let sent = 0;
    const terms = ['Dana', 'load', 'a', 'Whit', '555', 'zz'];
    const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
    const requests: autocannon.Request[] = [
      timed(timings, 'list customers', {
        method: 'GET',
        path: '/api/customers?limit=50&sort=recent',
        headers: { cookie: seed.tech.cookie },
      }),
      timed(timings, 'create customer', {
        method: 'POST',
        path: '/api/customers',
        setupRequest: (req, context: Ctx) => {
          const id = randomUUID();
          context.id = id;
          sent++;
          return {
            ...req,
            headers: { ...staff, 'idempotency-key': `load-${id}` },
            body: JSON.stringify({
              id,
              name: `Load customer ${id}`,
              email: `c-${id.slice(0, 8)}@example.com`,
              phone: '555-0100',
            }),
          };
        },
        onResponse: (status, _body, context: Ctx) => {
          if (status === 201) acknowledged.add(context.id as string);
        },
      }),
      timed(timings, 'open inspection', {
        method: 'GET',
        path: `/api/inspections/${seed.inspectionId}`,
        headers: { cookie: seed.tech.cookie },
      }),
      timed(timings, 'open share report', { method: 'GET', path: `/api/public/inspections/${seed.shareToken}` }),
      timed(timings, 'search customers', {
        method: 'GET',
        headers: { cookie: seed.tech.cookie },
        setupRequest: (req) => ({ ...req, path: `/api/customers?q=${pick(terms)}&limit=20` }),
      }),
      timed(timings, 'save inspection', {
        method: 'PATCH',
        path: `/api/inspections/${seed.inspectionId}`,
        headers: staff,
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            notes: `Checked at ${new Date().toISOString()}`,
            frontLeftTread: Math.round(Math.random() * 90) / 10,
          }),
        }),
      }),
      timed(timings, 'approve on share page', {
        method: 'PUT',
        // Each tap decides a service still open; when all are decided, the report is read instead.
        setupRequest: (req) => {
          const next = approvals.pop();
          if (!next) return { ...req, method: 'GET', path: `/api/public/inspections/${seed.shareToken}` };
          return {
            ...req,
            path: `/api/public/inspections/${next.token}/services/${next.serviceId}/${pick(['approve', 'decline'])}`,
          };
        },
      }),
      timed(timings, 'customer vehicles', {
        method: 'GET',
        path: `/api/customers/${seed.customerId}/vehicles`,
        headers: { cookie: seed.tech.cookie },
      }),
    ];

    const rssBefore = server.rssMb();
    const cpuBefore = server.cpuSeconds() ?? 0;
    const side = sideTraffic(server.baseUrl, seed.admin);
    const result = await autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: TIMEOUT_S,
      requests,
    });
    const rssAfter = server.rssMb();
    const cpu = (server.cpuSeconds() ?? 0) - cpuBefore;
    const sideResult = await side.stop();
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code} × ${count}`)
      .join(', ');
    report.line(
      `requests: ${result.requests.total} (${result.requests.average.toFixed(0)} req/s), statuses: ${statuses}`,
    );
    report.line(`latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
    report.line(
      `errors: ${result.errors}, timeouts (no answer in ${TIMEOUT_S} s): ${result.timeouts}, non-2xx: ${result.non2xx}`,
    );
    report.line(
      `server RSS: ${rssBefore?.toFixed(0)} MB before, ${rssAfter?.toFixed(0)} MB after; server CPU ${cpu.toFixed(1)} s in ${SECONDS} s (${((cpu / SECONDS) * 100).toFixed(0)}% of one core)`,
    );
    for (const [name, t] of timings) {
      report.line(
        `  ${name.padEnd(22)} ${String(t.count).padStart(6)} answers, max ${String(t.max).padStart(5)} ms, ${t.over1s} over 1 s, ${t.started - t.count} unanswered`,
      );
    }
    report.line(
      `  ${'sign in (1/s)'.padEnd(22)} ${String(sideResult.signIns.count).padStart(6)} answers, max ${String(sideResult.signIns.max).padStart(5)} ms`,
    );
    report.line(
      `  ${'admin adds user (1/2s)'.padEnd(22)} ${String(sideResult.users.count).padStart(6)} answers, max ${String(sideResult.users.max).padStart(5)} ms`,
    );
    report.check(
      'the sign-ins and user creations beside the load all succeeded',
      sideResult.failures.length === 0,
      sideResult.failures.slice(0, 3).join('; '),
    );
    report.check('no connection errors', result.errors === 0, `${result.errors} errors`);
    report.check(
      `no request waited ${TIMEOUT_S} s`,
      result.timeouts === 0 && result.latency.max < TIMEOUT_S * 1000,
      `${result.timeouts} timeouts, max ${result.latency.max} ms`,
    );
    report.check('every answer 2xx', result.non2xx === 0, `${result.non2xx} non-2xx answers`);

    await server.stop();
    const db = new Sqlite(server.sqliteFile, { readonly: true });
    try {
      const ids = new Set(db.prepare('select id from customers').pluck().all() as string[]);
      const lost = [...acknowledged].filter((id) => !ids.has(id));
      report.line(`customer creates: ${sent} sent, ${acknowledged.size} acknowledged, ${lost.length} lost`);
      report.check('no acknowledged create lost', lost.length === 0, `lost: ${lost.slice(0, 5).join(', ')}`);
    } finally {
      db.close();
    }
  } finally {
    await server.remove();
  }
}

interface Timing {
  started: number;
  count: number;
  max: number;
  over1s: number;
}

interface LoadRequest extends Omit<autocannon.Request, 'setupRequest' | 'onResponse'> {
  setupRequest?: (request: autocannon.Request, context: Ctx) => autocannon.Request;
  onResponse?: (status: number, body: string, context: Ctx) => void;
}

/** Records each answer's time per kind of request, to see which ones wait. */
function timed(timings: Map<string, Timing>, name: string, request: LoadRequest): autocannon.Request {
  const timing: Timing = { started: 0, count: 0, max: 0, over1s: 0 };
  timings.set(name, timing);
  const { setupRequest, onResponse } = request;
  return {
    ...request,
    setupRequest: (req: autocannon.Request, context: object) => {
      (context as Ctx).start = Date.now();
      timing.started++;
      return setupRequest ? setupRequest(req, context as Ctx) : req;
    },
    onResponse: (status: number, body: string, context: object) => {
      const ms = Date.now() - ((context as Ctx).start as number);
      timing.count++;
      timing.max = Math.max(timing.max, ms);
      if (ms > 1000) timing.over1s++;
      onResponse?.(status, body, context as Ctx);
    },
  };
}

/** Reports with many open services, so every approve tap in the run decides a fresh one. */
async function recommendedServices(
  tech: Client,
  customerId: string,
  vehicleId: string,
): Promise<{ token: string; serviceId: string }[]> {
  const open: { token: string; serviceId: string }[] = [];
  for (let i = 0; i < 40; i++) {
    const services = Array.from({ length: 200 }, (_, n) => ({ description: `Check ${n}`, laborCost: '10.00' }));
    const inspection = await tech.call('POST', '/api/inspections', {
      customerId,
      vehicleId,
      status: 'completed',
      services,
    });
    for (const service of inspection.services as { id: string }[])
      open.push({ token: inspection.shareToken as string, serviceId: service.id });
  }
  return open;
}

/**
 * Beside the load, at a steady pace: a technician signs in every second and the admin adds a user
 * every 2 s (with an Idempotency-Key, as the web app sends every write). Both hash a password
 * (scrypt, a deliberate ~0.3 s of CPU), so they are paced rather than looped on every connection.
 */
function sideTraffic(baseUrl: string, admin: Client) {
  const signIns = { count: 0, max: 0 };
  const users = { count: 0, max: 0 };
  const failures: string[] = [];
  const timedCall = async (
    stat: { count: number; max: number },
    what: string,
    init: RequestInit,
    path: string,
    ok: number,
  ) => {
    const started = Date.now();
    try {
      const res = await fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_S * 1000) });
      await res.text();
      if (res.status !== ok) failures.push(`${what} → ${res.status}`);
    } catch (err) {
      failures.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
    }
    stat.count++;
    stat.max = Math.max(stat.max, Date.now() - started);
  };
  const pending: Promise<void>[] = [];
  let n = 0;
  const signInTimer = setInterval(() => {
    pending.push(
      timedCall(
        signIns,
        'sign in',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(TECH) },
        '/api/login',
        200,
      ),
    );
  }, 1000);
  const userTimer = setInterval(() => {
    const id = randomUUID();
    const body = {
      id,
      username: `load_user_${++n}`,
      email: `load-user-${n}@baywise.test`,
      role: 'technician',
      password: `Load-user-pass-${id.slice(0, 8)}`,
    };
    const headers = { cookie: admin.cookie, 'content-type': 'application/json', 'idempotency-key': `user-${id}` };
    pending.push(
      timedCall(users, 'admin adds a user', { method: 'POST', headers, body: JSON.stringify(body) }, '/api/users', 201),
    );
  }, 2000);
  return {
    async stop() {
      clearInterval(signInTimer);
      clearInterval(userTimer);
      await Promise.all(pending);
      return { signIns, users, failures };
    },
  };
}
