import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildMallocTrim } from '@api/build-server';
import { ADDON_BUILT_HERE } from '@test/production-server';
import { until } from '@test/until';
import {
  collectionKind,
  loadMallocTrim,
  MALLOC_TRIM_ADDON,
  returnFreedMemory,
  trimAfterFullCollections,
  type MallocTrim,
} from './malloc-trim';

const linux = process.platform === 'linux';

/** Counts the collections of each kind as observers are told of them (a few ms after each). */
const collections = { full: 0, young: 0 };
const counting = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = collectionKind(entry);
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) collections.full++;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) collections.young++;
  }
});
beforeAll(() => counting.observe({ entryTypes: ['gc'] }));
afterAll(() => counting.disconnect());

/** Lets what the observers set off with setImmediate run. */
const afterObservers = () => new Promise((resolve) => setImmediate(resolve));

/** `times` full (mark-sweep) collections, as the server's old generation gets when it fills; resolves once observers were told. */
async function fullCollections(times = 1): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const seen = collections.full + times;
  for (let i = 0; i < times; i++) gc();
  await until(() => collections.full >= seen, `${times} full collection(s) observed`, { everyMs: 5 });
  await afterObservers();
}

describe.runIf(ADDON_BUILT_HERE)('the malloc_trim addon', () => {
  let addon: MallocTrim;
  beforeAll(() => {
    expect(buildMallocTrim()).toBe(true);
    const loaded = loadMallocTrim();
    if ('missing' in loaded) throw new Error(loaded.missing);
    addon = loaded;
  });

  it('is built beside the server bundle, loads, and runs on this glibc system', () => {
    expect(existsSync(MALLOC_TRIM_ADDON)).toBe(true);
    expect(addon.supported).toBe(true);
    expect(typeof addon.trim()).toBe('boolean');
  });

  it('is built once, and not without a compiler: the build says why and goes on', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'malloc-trim-'));
    try {
      const out = path.join(dir, 'malloc-trim.node');
      const warnings: string[] = [];
      const warn = (message: string) => warnings.push(message);
      expect(buildMallocTrim({ out, compiler: 'no-such-cc', warn })).toBe(false);
      expect(readdirSync(dir)).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^Not built: .*malloc-trim\.node \(no-such-cc: spawnSync no-such-cc ENOENT\)\. The server runs without giving freed memory back to the system\.$/,
      );

      expect(buildMallocTrim({ out, compiler: 'cc', warn })).toBe(true);
      expect(readdirSync(dir)).toEqual(['malloc-trim.node']);
      const builtAt = statSync(out).mtimeMs;
      // Up to date: not compiled again (not even tried with a compiler that is not there).
      expect(buildMallocTrim({ out, compiler: 'no-such-cc', warn })).toBe(true);
      expect([statSync(out).mtimeMs, warnings.length]).toEqual([builtAt, 1]);
      const loaded = loadMallocTrim(out);
      expect('missing' in loaded ? loaded.missing : loaded.supported).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives back what buffers freed below one still in use, which glibc keeps otherwise', () => {
    // A process of its own, so the figures are its own: 400 buffers of 96 KB (below glibc's mmap
    // threshold once it has risen, as in the server) filled, the last one kept, the rest collected.
    // In a function: what `-e` evaluates at the top level stays reachable.
    const script = `(() => {
      const addon = require(${JSON.stringify(MALLOC_TRIM_ADDON)});
      const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(require('fs').readFileSync('/proc/self/status', 'utf8'))[1]) * 1024;
      // Raise the threshold as glibc does once a large mmap'd chunk is freed.
      Buffer.allocUnsafeSlow(200 * 1024).fill(1);
      gc();
      let buffers = Array.from({ length: 400 }, () => Buffer.allocUnsafeSlow(96 * 1024).fill(7));
      const kept = buffers[buffers.length - 1];
      const full = rss();
      buffers = null;
      gc();
      gc();
      const freed = rss();
      const released = addon.trim();
      const trimmed = rss();
      console.log(JSON.stringify({ full, freed, trimmed, released, kept: kept[0] }));
    })()`;
    const out = execFileSync(process.execPath, ['--expose-gc', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, MALLOC_ARENA_MAX: '2' },
    });
    const { freed, trimmed, released, kept } = JSON.parse(out) as Record<string, number | boolean>;
    expect(released).toBe(true);
    expect(kept).toBe(7);
    // ~37 MB was freed; most of it stayed in the RSS until trim() gave it back.
    expect((freed as number) - (trimmed as number)).toBeGreaterThan(20 * 1024 * 1024);
  });
});

describe('trimAfterFullCollections', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('trims once after a full collection, and not after young ones', async () => {
    let trims = 0;
    const trimming = trimAfterFullCollections(() => trims++, { minIntervalMs: 0 });
    stop = trimming.stop;
    // Short-lived garbage: young collections only.
    const young = collections.young + 2;
    let garbage = 0;
    while (collections.young < young) {
      for (let i = 0; i < 200; i++) garbage += new Array(10_000).fill(i).length;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await afterObservers();
    expect([garbage > 0, trims]).toEqual([true, 0]);
    await fullCollections();
    expect(trims).toBe(1);
    expect(trimming.trims).toBe(1);
    await fullCollections();
    expect(trims).toBe(2);
  });

  it('trims at most once an interval: collections within it get one trim at its end', async () => {
    let clock = 0;
    const at: number[] = [];
    const trimming = trimAfterFullCollections(() => at.push(clock), { minIntervalMs: 2000, now: () => clock });
    stop = trimming.stop;
    await fullCollections();
    expect(at).toEqual([0]);
    // Three more 100 ms later: none at once, one when the 2 s are up (1.9 s on).
    clock = 100;
    await fullCollections(3);
    expect(at).toEqual([0]);
    clock = 2000;
    await until(() => at.length > 1, 'the trim at the end of the interval', { everyMs: 5 });
    expect(at).toEqual([0, 2000]);
    // After the interval, the next one is trimmed at once again.
    clock = 4100;
    await fullCollections();
    expect(at).toEqual([0, 2000, 4100]);
  });

  it('does nothing once stopped, not even the trim it was waiting to run', async () => {
    let trims = 0;
    let clock = 0;
    const trimming = trimAfterFullCollections(() => trims++, { minIntervalMs: 200, now: () => clock });
    await fullCollections();
    clock = 50;
    await fullCollections();
    trimming.stop();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await fullCollections();
    expect(trims).toBe(1);
    expect(trimming.trims).toBe(1);
  });
});

describe.runIf(linux)('returnFreedMemory', () => {
  it('says why freed memory is not given back when the addon is not there, and does nothing', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'no-addon-'));
    const said: string[] = [];
    const trimming = returnFreedMemory({ info: (msg) => said.push(msg) }, path.join(dir, 'malloc-trim.node'));
    await fullCollections();
    trimming.stop();
    rmSync(dir, { recursive: true, force: true });
    expect(trimming.trims).toBe(0);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /^freed memory is not given back to the system after collections \(no malloc_trim: .*malloc-trim\.node/,
    );
  });

  it.runIf(ADDON_BUILT_HERE)('trims after full collections with the built addon, silently', async () => {
    buildMallocTrim();
    const said: string[] = [];
    const trimming = returnFreedMemory({ info: (msg) => said.push(msg) });
    await fullCollections();
    trimming.stop();
    expect(trimming.trims).toBe(1);
    expect(said).toEqual([]);
  });
});
