/** The throughput section's tables. */
import type { Call } from './calls';
import { CONNECTIONS, type Measured } from './load';
import { IDLE_SECONDS, type Memory } from './server';

/** A call the measured server does not offer (an older checkout), in place of its figures. */
export const NOT_OFFERED = 'not offered by this server';
export const KEEP_GOAL = 0.5;

export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row) => row[col]?.length ?? 0))) ?? [];
  const right = (cell: string) => /^[\d.,]+( ?(%|ms|µs|KB|MB|×))?$|^[-—]$/.test(cell);
  return rows
    .map((row) =>
      row
        .map((cell, col) => (right(cell) && col > 0 ? cell.padStart(widths[col] ?? 0) : cell.padEnd(widths[col] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export const rps = (value: number) => Math.round(value).toLocaleString('en-US');
export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
/** A latency cell; a run in which no request was answered has none. */
const latency = (m: Measured, value: number) => (m.rps === 0 ? 'none answered' : ms(value));
export const pct = (value: number) => `${(value * 100).toFixed(value < 0.1 ? 1 : 0)}%`;
export const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function verdict(call: Call, m: Measured, share: number): string {
  const { goal } = call;
  if (goal === undefined) return '';
  const misses = [
    share < goal.share ? 'share' : '',
    m.p99 > goal.p99Ms ? 'p99' : '',
    m.errors > 0 ? 'errors' : '',
  ].filter(Boolean);
  return misses.length === 0 ? 'pass' : `MISS (${misses.join(', ')})`;
}

/** The hello-world's req/s beside a call, with its errors if it had any (they would skew the share). */
const helloCell = (hello: Pick<Measured, 'rps' | 'errors'>) =>
  hello.errors > 0 ? `${rps(hello.rps)} (${hello.errors} errors)` : rps(hello.rps);

/**
 * One line per call against the hello-world's req/s: the one measured beside the call where there
 * is one (its column), else the reference measured before the table.
 */
export function printMainTable(
  title: string,
  reference: Measured,
  rows: { call: Call; m: Measured; hello?: Pick<Measured, 'rps' | 'errors' | 'cpuUs'> }[],
  memory: Memory,
): void {
  console.log(`\n${title}`);
  const beside = rows.some((row) => row.hello !== undefined);
  const lines = [
    [
      'call',
      'req/s',
      'p50',
      'p99',
      'errors',
      ...(beside ? ['hello-world'] : []),
      'share',
      'goal',
      '',
      'CPU/req',
      'CPU share',
    ],
  ];
  lines.push([
    beside ? 'node:http hello-world (before the table)' : 'node:http hello-world (reference)',
    rps(reference.rps),
    latency(reference, reference.p50),
    latency(reference, reference.p99),
    errorCell(reference),
    ...(beside ? [''] : []),
    '100%',
    '',
    '',
    cpuCell(reference),
    reference.cpuUs === undefined ? '' : '100%',
  ]);
  for (const { call, m, hello: helloBeside } of rows) {
    const against = helloBeside ?? reference;
    const share = m.rps / against.rps;
    const { goal } = call;
    lines.push([
      call.label,
      rps(m.rps),
      latency(m, m.p50),
      latency(m, m.p99),
      errorCell(m),
      ...(beside ? [helloBeside ? helloCell(helloBeside) : ''] : []),
      pct(share),
      goal === undefined ? 'req/s' : `>= ${pct(goal.share)}, p99 <= ${goal.p99Ms} ms`,
      verdict(call, m, share),
      cpuCell(m),
      against.cpuUs === undefined || m.cpuUs === undefined ? '' : pct(against.cpuUs / m.cpuUs),
    ]);
  }
  console.log(table(lines));
  console.log("goals also need 0 errors; creates are compared with an earlier run's req/s");
  console.log(
    "CPU/req: the server's CPU time per answered request (all its processes); CPU share: the hello-world's CPU/req over the call's, which other load on the machine changes far less than req/s",
  );
  printMemory(memory);
}

export interface CostReference {
  call: Call;
  m: Measured;
  /** The hello-world spending the call's CPU time a request and answering as many bytes. */
  bare: Measured;
}

/** The calls that missed the p99 goal beside a bare node:http server of the same cost. */
export function printCostReference(references: CostReference[]): void {
  if (references.length === 0) return;
  console.log(
    `\nWhat this harness gives a bare server of the same cost: each call with a goal that missed its p99, beside the hello-world process spending that call's CPU/req and answering as many bytes (${CONNECTIONS} connections)`,
  );
  const lines = [['call', 'bytes', 'CPU/req', 'req/s', 'p50', 'p99', 'bare: CPU/req', 'req/s', 'p50', 'p99']];
  for (const { call, m, bare } of references) {
    lines.push([
      call.label,
      `${Math.round((m.bytes ?? 0) / 1024).toLocaleString('en-US')} KB`,
      cpuCell(m),
      rps(m.rps),
      latency(m, m.p50),
      latency(m, m.p99),
      cpuCell(bare),
      rps(bare.rps),
      latency(bare, bare.p50),
      latency(bare, bare.p99),
    ]);
  }
  console.log(table(lines));
}

/** BENCH_BARE_COSTS: what p50 and p99 this harness gives a bare server at each cost a request. */
export function printBareCosts(rows: { spend: number; bytes: number; m: Measured }[]): void {
  console.log(
    `\nA bare node:http server (the hello-world process) spending a fixed CPU time a request and answering a JSON string of a fixed size, ${CONNECTIONS} connections`,
  );
  const lines = [['spends a request', 'answers', 'CPU/req', 'req/s', 'p50', 'p99', 'p99 <= 50 ms']];
  for (const { spend, bytes, m } of rows) {
    lines.push([
      `${spend.toLocaleString('en-US')} µs`,
      `${bytes.toLocaleString('en-US')} bytes`,
      cpuCell(m),
      rps(m.rps),
      latency(m, m.p50),
      latency(m, m.p99),
      m.p99 <= 50 ? 'yes' : 'no',
    ]);
  }
  console.log(table(lines));
}

const cpuCell = (m: Measured) => (m.cpuUs === undefined ? '' : `${Math.round(m.cpuUs).toLocaleString('en-US')} µs`);

function errorCell(m: Measured): string {
  return m.errors === 0 ? '0' : `${m.errors} (${m.statuses})`;
}

export function printMemory(memory: Memory): void {
  const each = memory.processes.map((p) => `pid ${p.pid}: ${mb(p.rss)}, peak ${mb(p.peak)}`).join('; ');
  const verdictText = memory.rss <= 150 * 1024 * 1024 ? 'pass' : 'MISS';
  console.log(
    `server RSS after the load: ${mb(memory.rss)} (peak ${mb(memory.peak)}; goal <= 150 MB: ${verdictText}) [${each}]`,
  );
  if (memory.duringLoad) {
    console.log(
      `server RSS during the load (every 200 ms): median ${mb(memory.duringLoad.median)}, highest ${mb(memory.duringLoad.max)}; the peak also counts the one sign-in's password hash (scrypt, 128 MB while it runs)`,
    );
  }
  if (memory.afterIdle !== undefined) {
    console.log(
      `server RSS after ${IDLE_SECONDS} s idle: ${mb(memory.afterIdle)} (what it still holds once the load has stopped)`,
    );
  }
}

/** Each call's req/s at the small and the large shop, and the share kept. */
export function printScaleTable(
  title: string,
  sizes: [number, number],
  rows: { call: Call; small: Measured; large: Measured }[],
): void {
  console.log(`\n${title}`);
  const size = (n: number) => n.toLocaleString('en-US');
  const lines = [
    [
      'call',
      `req/s @${size(sizes[0])}`,
      `p99 @${size(sizes[0])}`,
      `req/s @${size(sizes[1])}`,
      `p99 @${size(sizes[1])}`,
      'errors',
      'kept',
      `goal >= ${pct(KEEP_GOAL)}`,
    ],
  ];
  for (const { call, small, large } of rows) {
    if (small.statuses === NOT_OFFERED) {
      lines.push([call.label, NOT_OFFERED, '', '', '', '', '', '']);
      continue;
    }
    const kept = large.rps / small.rps;
    lines.push([
      call.label,
      rps(small.rps),
      latency(small, small.p99),
      rps(large.rps),
      latency(large, large.p99),
      String(small.errors + large.errors),
      pct(kept),
      kept >= KEEP_GOAL ? 'pass' : 'MISS',
    ]);
  }
  console.log(table(lines));
}

/** Each call's req/s at each worker count, and the gain over the first count. */
export function printWorkersTable(title: string, counts: number[], rows: { call: Call; byCount: Measured[] }[]): void {
  console.log(`\n${title}`);
  const lines = [
    [
      'call',
      ...counts.map((c) => `req/s, ${c} worker${c === 1 ? '' : 's'}`),
      ...counts.slice(1).map((c) => `gain ${c}/${counts[0]}`),
      'errors',
    ],
  ];
  for (const { call, byCount } of rows) {
    const base = byCount[0]?.rps ?? 0;
    lines.push([
      call.label,
      ...byCount.map((m) => rps(m.rps)),
      ...byCount.slice(1).map((m) => `${(m.rps / base).toFixed(2)}×`),
      String(byCount.reduce((sum, m) => sum + m.errors, 0)),
    ]);
  }
  console.log(table(lines));
}
