/**
 * `npm run bench`: prints figures against the targets; misses are reported, not failed.
 * Sections (BENCH_ONLY=<names, comma-separated> runs only those):
 * - pages: builds the app, serves it on a fresh SQLite data folder, creates a report and an invoice
 *   through the HTTP API, and prints the share pages' gzipped JS/CSS and the report page's
 *   Lighthouse mobile figures;
 * - offline: on that server, the first pull of a 10,000-customer shop, opening offline, draining
 *   500 queued writes;
 * - throughput: the API under load against a node:http hello-world (see bench/throughput/section.ts);
 * - funnel: the funnel report over a year of a busy shop (see bench/funnel.ts);
 * - media: on a server of its own, 20 photos of 3 MB uploaded through tus, the report with them
 *   under Lighthouse, and the server's memory while 5 clients stream a 100 MB video and while 5
 *   clients upload one each (bench/media.ts);
 * - flood: the app's p95 while 32 clients flood sign-in with random usernames, against without a
 *   flood (bench/flood.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measurePage } from './assets';
import { lighthouseMedian } from './lighthouse';
import { benchFlood } from './flood';
import { benchFunnel } from './funnel';
import { benchMedia } from './media';
import { benchOffline, printOfflineReport } from './offline';
import { stopAll } from './processes';
import { printReport } from './report';
import { setupCodeIn } from '@test/setup-code';
import { BENCH_ADMIN, seedShareData } from './seed';
import { BENCH_ADMIN_EMAIL as ADMIN_EMAIL, startServer } from './throughput/server';
import { settingList } from './throughput/load';
import { benchThroughput } from './throughput/section';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECTIONS = ['pages', 'offline', 'throughput', 'funnel', 'media', 'flood'] as const;
type Section = (typeof SECTIONS)[number];

function selectedSections(value = process.env.BENCH_ONLY): Set<Section> {
  if (!value) return new Set(SECTIONS);
  const names = settingList(value);
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(`BENCH_ONLY: unknown section ${unknown.join(', ')} (sections: ${SECTIONS.join(', ')})`);
  return new Set(names as Section[]);
}

function build(): void {
  const result = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}${result.stderr}`);
}

async function main(): Promise<void> {
  const sections = selectedSections();
  const started = Date.now();
  const step = (text: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const mediaDataDir = mkdtempSync(path.join(tmpdir(), 'bench-media-'));
  // Stops the server and Chromium if still running; also on Ctrl-C, when `finally` never runs.
  const cleanUp = async () => {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mediaDataDir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    if (sections.has('pages') || sections.has('offline') || sections.has('media') || sections.has('flood')) {
      step('building (vite build)');
      build();
    }
    if (sections.has('pages') || sections.has('offline')) {
      step('starting the server');
      const { baseUrl } = await startServer({ kind: 'sqlite', dataDir }, path.join(root, 'dist/web'), '1');
      // Also registers the admin the offline section signs in as.
      step('creating data through the API');
      const tokens = await seedShareData(baseUrl, ADMIN_EMAIL, setupCodeIn(dataDir));
      if (sections.has('pages')) {
        const pages = [`/mpi/${tokens.inspection}`, `/invoice/${tokens.invoice}`, `/receipt/${tokens.invoice}`];
        step('measuring share page assets');
        const weights = [];
        for (const page of pages) weights.push(await measurePage(baseUrl, page));
        step('running Lighthouse 3 times on the report page');
        const lh = await lighthouseMedian(`${baseUrl}${pages[0]}`, 3);
        printReport(weights, lh);
      }
      if (sections.has('offline')) {
        const offline = await benchOffline(baseUrl, BENCH_ADMIN, step);
        printOfflineReport(offline);
      }
      // The load figures need the CPU to themselves.
      await stopAll();
    }
    if (sections.has('media')) {
      step('starting a server for the media section');
      const { baseUrl, proc } = await startServer(
        { kind: 'sqlite', dataDir: mediaDataDir },
        path.join(root, 'dist/web'),
        '1',
      );
      const seeded = await seedShareData(baseUrl, ADMIN_EMAIL, setupCodeIn(mediaDataDir));
      await benchMedia({ baseUrl, proc, token: seeded.inspection, ...seeded }, step);
      await stopAll();
    }
    if (sections.has('throughput')) {
      const sectionStarted = Date.now();
      await benchThroughput(step);
      console.log(`\nThroughput section took ${((Date.now() - sectionStarted) / 1000).toFixed(1)} s`);
    }
    if (sections.has('funnel')) await benchFunnel(step);
    if (sections.has('flood')) await benchFlood(step);
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
