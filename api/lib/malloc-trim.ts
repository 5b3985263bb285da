import { createRequire } from 'node:module';
import path from 'node:path';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { REPO_ROOT } from './repo-root';

/**
 * Memory the C allocator holds free, given back to the system after each full collection.
 *
 * Buffers (answers, sync pages, the pages read from files) live in memory from `malloc`, and glibc
 * gives freed memory back to the system only from the top of its heaps. What is freed below a chunk
 * still in use stays with the process: after the sync calls of the bench's load the allocator held
 * 26 MB free of its 44 MB, counted in the server's RSS until it was reused. `malloc_trim(0)` (built
 * from api/native/malloc-trim.c) releases every free page; it took under 4 ms with that much free.
 *
 * It runs after a full collection, when V8 has just freed the buffers that outlived the young
 * generation, and at most once a `minIntervalMs`: a collection within it is followed by one trim at
 * its end, so what it freed goes back too.
 */

/** The addon `npm run build:api` compiles beside the server's bundle (Linux only). */
export const MALLOC_TRIM_ADDON = path.join(REPO_ROOT, 'dist', 'api', 'malloc-trim.node');

export interface MallocTrim {
  /** Gives the allocator's free pages back: true when there were some. */
  trim(): boolean;
  /** Whether trim() can give anything back (a glibc process). */
  supported: boolean;
}

/** The addon, or why there is none to trim with (not built, not loadable here, or not glibc). */
export function loadMallocTrim(file = MALLOC_TRIM_ADDON): MallocTrim | { missing: string } {
  let addon: MallocTrim;
  try {
    addon = createRequire(import.meta.url)(file) as MallocTrim;
  } catch (err) {
    return { missing: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
  }
  return addon.supported ? addon : { missing: 'not a glibc system' };
}

export interface TrimAfterCollections {
  /** How many times it trimmed. */
  readonly trims: number;
  stop(): void;
}

/** A 'gc' entry's kind (perf_hooks' NODE_PERFORMANCE_GC_MAJOR, _MINOR, …). */
export function collectionKind(entry: object): number | undefined {
  return (entry as { detail?: { kind?: number } }).detail?.kind;
}

/** Trims after every full collection, at most once a `minIntervalMs`. */
export function trimAfterFullCollections(
  trim: () => unknown,
  { minIntervalMs = 1000, now = () => performance.now() }: { minIntervalMs?: number; now?: () => number } = {},
): TrimAfterCollections {
  let last = -Infinity;
  let trims = 0;
  let waiting: { cancel(): void } | undefined;
  const run = () => {
    waiting = undefined;
    last = now();
    trims++;
    trim();
  };
  const observer = new PerformanceObserver((list) => {
    if (waiting) return;
    if (!list.getEntries().some((entry) => collectionKind(entry) === constants.NODE_PERFORMANCE_GC_MAJOR)) return;
    const wait = last + minIntervalMs - now();
    // Out of the collection's callbacks; never what keeps the process alive.
    if (wait <= 0) {
      const immediate = setImmediate(run).unref();
      waiting = { cancel: () => clearImmediate(immediate) };
    } else {
      const timer = setTimeout(run, wait).unref();
      waiting = { cancel: () => clearTimeout(timer) };
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    get trims() {
      return trims;
    },
    stop() {
      observer.disconnect();
      waiting?.cancel();
      waiting = undefined;
    },
  };
}

interface Log {
  info(msg: string): void;
}

/** What returnFreedMemory gives where there is nothing to trim with. */
const NOT_TRIMMING: TrimAfterCollections = { trims: 0, stop: () => undefined };

/**
 * What a server process runs: trims after full collections where the addon is built and the
 * allocator is glibc's; otherwise says why not, and does nothing.
 */
export function returnFreedMemory(log: Log, file = MALLOC_TRIM_ADDON): TrimAfterCollections {
  if (process.platform !== 'linux') return NOT_TRIMMING;
  const addon = loadMallocTrim(file);
  if ('missing' in addon) {
    log.info(`freed memory is not given back to the system after collections (no malloc_trim: ${addon.missing})`);
    return NOT_TRIMMING;
  }
  return trimAfterFullCollections(() => addon.trim());
}
