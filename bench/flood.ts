import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopAll } from './processes';
import { benchRoot, startServer } from './throughput/server';

const FLOODERS = 32;
const FLOOD_MS = 10_000;
const SAMPLES = 200;

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

/** The time of `GET /` (the app's HTML), one request after another. */
async function htmlTimes(baseUrl: string, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (times.length < SAMPLES && !until()) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * A sign-in flood with random usernames from one client (32 at once, 10 s, as issue 49 tried it):
 * the app's p95 for its HTML during the flood against without one, and how soon the flood got 429s.
 */
export async function benchFlood(step: (text: string) => void): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-flood-'));
  try {
    step('starting a server for the flood section');
    const { baseUrl } = await startServer({ kind: 'sqlite', dataDir }, path.join(benchRoot, 'dist/web'), '1');
    const quiet = await htmlTimes(baseUrl, () => false);
    const started = performance.now();
    const statuses: number[] = [];
    let firstRefusal: number | undefined;
    const flooder = async () => {
      while (performance.now() - started < FLOOD_MS) {
        const res = await fetch(`${baseUrl}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: baseUrl },
          body: JSON.stringify({ username: `flood_${randomUUID()}`, password: 'not the password' }),
        });
        await res.arrayBuffer();
        statuses.push(res.status);
        if (res.status === 429) firstRefusal ??= performance.now() - started;
      }
    };
    step(`flooding sign-in for ${FLOOD_MS / 1000} s`);
    const flood = Array.from({ length: FLOODERS }, flooder);
    const during = await htmlTimes(baseUrl, () => performance.now() - started > FLOOD_MS);
    await Promise.all(flood);
    console.log('\nSign-in flood (32 clients, random usernames, one address)');
    console.log(`  GET / p95 without a flood: ${p95(quiet).toFixed(1)} ms`);
    console.log(`  GET / p95 during the flood: ${p95(during).toFixed(1)} ms`);
    console.log(
      `  flood answers: ${statuses.filter((s) => s === 401).length} × 401, ${statuses.filter((s) => s === 429).length} × 429; ` +
        `first 429 after ${firstRefusal === undefined ? 'never' : `${(firstRefusal / 1000).toFixed(1)} s`}`,
    );
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
