import { withLock } from './lock';
import type { Outcome } from './pass';
import { backoffDelay } from './transport';

export interface ScheduleOptions {
  /** One pass of the loop, run under the Web Lock; `stopped()` turns true once stop() is called. */
  pass: (stopped: () => boolean) => Promise<Outcome>;
  lockName: string;
  intervalMs: number;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
  /** After each run, once it is no longer under way and before any backoff is planned. */
  afterRun: () => Promise<void>;
}

/**
 * When the loop runs: one run at a time (a request meanwhile runs it once more), every interval,
 * at once when kicked, and after a failure only once the backoff has waited.
 */
export class SyncSchedule {
  private readonly options: ScheduleOptions;
  private running: Promise<void> | null = null;
  private again = false;
  /** Bumped by stop(): a pass that started before stops between two requests. */
  private generation = 0;
  private isStarted = false;
  private failures = 0;
  private backoffToken = 0;
  private backoffPending = false;
  private interval: ReturnType<typeof setInterval> | undefined;

  constructor(options: ScheduleOptions) {
    this.options = options;
  }

  get started(): boolean {
    return this.isStarted;
  }

  start(): void {
    this.isStarted = true;
    this.interval = setInterval(() => {
      if (!this.backoffPending) void this.syncNow();
    }, this.options.intervalMs);
    this.kick();
  }

  stop(): void {
    this.isStarted = false;
    this.generation += 1;
    this.cancelBackoff();
    clearInterval(this.interval);
  }

  /** Resolves once the run under way, if any, has ended. */
  settled(): Promise<void> {
    return this.running ? this.running.catch(() => undefined) : Promise.resolve();
  }

  syncNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = (async () => {
      let outcome: Outcome = 'done';
      try {
        do {
          this.again = false;
          outcome = await withLock(this.options.lockName, () => {
            const generation = this.generation;
            return this.options.pass(() => generation !== this.generation);
          });
          // Asked again meanwhile (a new change, a restart, a sign-in): once more, unless backing off.
        } while (this.again && outcome !== 'retry');
      } finally {
        this.running = null;
        await this.options.afterRun();
      }
      this.planBackoff(outcome);
    })();
    this.running = run;
    return run;
  }

  /** An immediate try (start, online, focus, a new change), cutting any backoff short. */
  kick(): void {
    this.cancelBackoff();
    // A macrotask away, so a caller's transaction or render is never part of the pass.
    setTimeout(() => void this.syncNow(), 0);
  }

  /** A try for new work (a change, a file queued) while started, unless a backoff is waiting. */
  nudge(): void {
    if (this.isStarted && !this.backoffPending) this.kick();
  }

  cancelBackoff(): void {
    this.backoffToken += 1;
    this.backoffPending = false;
  }

  private planBackoff(outcome: Outcome): void {
    if (outcome === 'done') this.failures = 0;
    if (outcome !== 'retry' || !this.isStarted) return;
    this.failures += 1;
    const token = ++this.backoffToken;
    this.backoffPending = true;
    void this.options.sleep(backoffDelay(this.failures, this.options.random)).then(() => {
      if (token !== this.backoffToken || !this.isStarted) return;
      this.backoffPending = false;
      void this.syncNow();
    });
  }
}
