import SonicBoom from 'sonic-boom';

/** Bytes of log lines held while the output cannot keep up; lines past this are dropped and counted. */
export const LOG_BUFFER_BYTES = 1024 * 1024;
/** How long a stop waits for the held lines to be written before it exits without them. */
export const LOG_FLUSH_MS = 1000;

/** Where the drop count is logged once the output has drained. */
interface DropLog {
  warn(obj: object, msg: string): void;
}

/**
 * The server's log output: lines go to stdout asynchronously through a buffer of at most
 * `maxBytes`. A stalled reader (a log collector that stops reading the pipe) costs at most that
 * much memory and never waits on the request path or at exit; the lines it could not take are
 * counted and the count is logged when the output drains.
 */
export interface LogOutput {
  /** What pino writes each line to. */
  write(line: string): void;
  /** Lines dropped so far because the buffer was full (or the output broken). */
  readonly dropped: number;
  /** Logs each count of dropped lines through `log` when the output has drained after them. */
  reportDropsTo(log: DropLog): void;
  /**
   * Waits until every held line (and any drop count) is written, or `timeoutMs`: the final flush
   * of a stop. Resolves whether everything was written; nothing here blocks the thread.
   */
  flush(timeoutMs?: number): Promise<boolean>;
}

export function createLogOutput({
  // Reading process.stdout opens it: over a pipe or socket Node puts the descriptor in non-blocking
  // mode, so a write to a full pipe fails with EAGAIN (retried on a 100 ms timer) instead of holding a
  // libuv thread, which would also hold the process's exit.
  fd = process.stdout.fd,
  maxBytes = LOG_BUFFER_BYTES,
}: { fd?: number; maxBytes?: number } = {}): LogOutput {
  // sync: false writes from libuv's threads; pino's own destination is not used because it
  // registers an exit hook that retries a full pipe with Atomics.wait until the reader reads.
  const boom = new SonicBoom({ fd, sync: false, maxLength: maxBytes });
  let idle = true;
  let broken = false;
  let dropped = 0;
  let unreported = 0;
  let log: DropLog | undefined;
  // The final flush's check, run whenever the buffer empties or the output breaks.
  const settled = new Set<() => void>();

  boom.on('drop', () => {
    dropped += 1;
    unreported += 1;
  });
  // Emitted each time the buffer has been written out whole.
  boom.on('drain', () => {
    idle = true;
    if (unreported > 0 && log) {
      const count = unreported;
      unreported = 0;
      log.warn({ dropped: count }, 'log lines dropped: the log output could not keep up');
    }
    for (const check of settled) check();
  });
  // A closed reader (EPIPE) or a bad descriptor: no line can be written any more; the server goes on.
  boom.on('error', () => {
    broken = true;
    for (const check of settled) check();
  });

  return {
    write(line) {
      if (broken) {
        dropped += 1;
        return;
      }
      const before = dropped;
      boom.write(line);
      if (dropped === before) idle = false;
    },
    get dropped() {
      return dropped;
    },
    reportDropsTo(to) {
      log = to;
    },
    flush(timeoutMs = LOG_FLUSH_MS) {
      const over = () => broken || (idle && (unreported === 0 || !log));
      if (over()) return Promise.resolve(!broken);
      return new Promise((resolve) => {
        const finish = (written: boolean) => {
          clearTimeout(timer);
          settled.delete(check);
          resolve(written);
        };
        const check = () => {
          if (over()) finish(!broken);
        };
        const timer = setTimeout(() => finish(false), timeoutMs);
        settled.add(check);
      });
    },
  };
}
