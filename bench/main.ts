/**
 * `npm run bench`: builds the app, starts the real server on a fresh SQLite data folder, creates a
 * report and an invoice through the HTTP API, then prints the share pages' gzipped JS/CSS and the
 * report page's Lighthouse mobile figures against the targets, and the offline figures (first pull
 * of a 10,000-customer shop, opening offline, draining 500 queued writes). Misses are reported,
 * not failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measurePage } from './assets';
import { lighthouseMedian } from './lighthouse';
import { benchOffline, printOfflineReport } from './offline';
import { freePort, startBackground, stopAll, waitForHttp } from './processes';
import { printReport } from './report';
import { BENCH_ADMIN, seedShareData } from './seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN_EMAIL = 'bench-admin@baywise.test';

function build(): void {
  const result = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}${result.stderr}`);
}

/** The real server on a free port; returns its base URL once it answers. */
async function startServer(dataDir: string): Promise<string> {
  const port = await freePort();
  const server = startBackground(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'api/server.ts')], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL,
    LOG_LEVEL: 'warn',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseUrl}/api/config`, server);
  return baseUrl;
}

async function main(): Promise<void> {
  const started = Date.now();
  const step = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  // Stops the server and Chromium if still running; also on Ctrl-C, when `finally` never runs.
  const cleanUp = async () => {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    step('building (vite build)');
    build();
    step('starting the server');
    const baseUrl = await startServer(dataDir);
    step('creating data through the API');
    const tokens = await seedShareData(baseUrl, ADMIN_EMAIL);
    const pages = [`/mpi/${tokens.inspection}`, `/invoice/${tokens.invoice}`, `/receipt/${tokens.invoice}`];
    step('measuring share page assets');
    const weights = [];
    for (const page of pages) weights.push(await measurePage(baseUrl, page));
    step('running Lighthouse 3 times on the report page');
    const lh = await lighthouseMedian(`${baseUrl}${pages[0]}`, 3);
    printReport(weights, lh);
    const offline = await benchOffline(baseUrl, BENCH_ADMIN, step);
    printOfflineReport(offline);
    console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await cleanUp();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
