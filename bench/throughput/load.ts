/** One autocannon measurement: a short warm-up, then the measured run, same settings for every call. */
import autocannon from 'autocannon';

export const CONNECTIONS = 50;
const WARM_UP_SECONDS = 1;

/** A comma-separated setting's entries (BENCH_ONLY, BENCH_CALLS, BENCH_SCALE, …), trimmed, empty ones left out. */
export function settingList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** How long each measured run lasts: BENCH_SECONDS (default 5). */
export function benchSeconds(): number {
  const value = Number(process.env.BENCH_SECONDS ?? 5);
  return Number.isFinite(value) && value > 0 ? value : 5;
}

/**
 * BENCH_ENCODING: the Accept-Encoding every call's requests send (`br`, as browsers send it over
 * HTTPS, or `gzip, deflate`, as over plain HTTP), so that answers over the compression threshold
 * are compressed as a browser gets them. Unset, none is sent and no answer is compressed.
 */
export function benchEncoding(): string | undefined {
  return process.env.BENCH_ENCODING || undefined;
}

/** One request of a call: the n-th request builds its own path (and body), so rows vary. */
export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** A few non-2xx statuses with their counts, when there were any. */
  statuses: string;
  /** The bytes of an answer on average, head and body. */
  bytes?: number;
  /**
   * The server's CPU time per answered request in µs (all its processes), when it could be read:
   * unlike req/s, other work on the machine hardly changes it.
   */
  cpuUs?: number;
}

async function run(
  baseUrl: string,
  next: () => RequestSpec,
  seconds: number,
  headers: Record<string, string>,
): Promise<autocannon.Result> {
  const encoding = benchEncoding();
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { ...headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    requests: [
      {
        setupRequest: (request) => {
          const spec = next();
          return {
            ...request,
            method: spec.method ?? 'GET',
            path: spec.path,
            headers: {
              ...request.headers,
              ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
              ...spec.headers,
            },
            ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
          };
        },
      },
    ],
  });
}

/**
 * Waits until the server answers a cheap call quickly again: requests the previous run left
 * queued (autocannon stops waiting for them, the server does not) must not eat into the next run.
 */
export async function settle(baseUrl: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quick = 0;
  while (Date.now() < deadline && quick < 3) {
    const started = performance.now();
    await fetch(`${baseUrl}/api/config`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Measures `next()`'s requests for BENCH_SECONDS after a warm-up, each run on a settled server. */
export async function measure(
  baseUrl: string,
  next: () => RequestSpec,
  headers: Record<string, string> = {},
  serverCpuMs: () => number | null = () => null,
): Promise<Measured> {
  await settle(baseUrl);
  await run(baseUrl, next, WARM_UP_SECONDS, headers);
  await settle(baseUrl);
  const cpuBefore = serverCpuMs();
  const result = await run(baseUrl, next, benchSeconds(), headers);
  // After the requests the run left queued are answered too (their CPU is the run's).
  await settle(baseUrl);
  const cpuAfter = serverCpuMs();
  const statusStats: Record<string, { count?: number }> = result.statusCodeStats ?? {};
  const bad = Object.entries(statusStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count ?? 0}`);
  const socketErrors = result.errors;
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + socketErrors,
    statuses: [...bad.slice(0, 3), ...(socketErrors > 0 ? [`socket×${socketErrors}`] : [])].join(' '),
    ...(result.requests.total > 0 ? { bytes: result.throughput.total / result.requests.total } : {}),
    ...(cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
      ? { cpuUs: ((cpuAfter - cpuBefore) * 1000) / result.requests.total }
      : {}),
  };
}
