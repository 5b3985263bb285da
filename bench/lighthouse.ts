import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { resolveChromium } from '@test/chromium';
import { freePort, startBackground, waitForHttp } from './processes';

export interface LighthouseRun {
  score: number;
  lcpMs: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Lighthouse's mobile preset (the default): simulated throttling, performance category only. */
async function runOnce(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse returned no result');
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  if (typeof score !== 'number' || typeof lcp !== 'number') throw new Error('Lighthouse result lacks score or LCP');
  return { score, lcpMs: lcp };
}

/** Starts a fresh headless Chromium, runs Lighthouse `runs` times, and stops it again. */
export async function lighthouseMedian(
  url: string,
  runs = 3,
): Promise<{ median: LighthouseRun; runs: LighthouseRun[] }> {
  const { executablePath, args, env } = await resolveChromium();
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-chromium-'));
  const chromium = startBackground(
    executablePath,
    [...args, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    env,
    () => rmSync(profile, { recursive: true, force: true }),
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/json/version`, chromium);
    const results: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) results.push(await runOnce(url, port));
    return {
      median: { score: median(results.map((r) => r.score)), lcpMs: median(results.map((r) => r.lcpMs)) },
      runs: results,
    };
  } finally {
    await chromium.stop();
  }
}
