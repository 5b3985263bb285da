import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HttpError } from './http-error';

/**
 * The worker's whole program: scrypt runs synchronously on the worker's own thread, so hashing
 * never occupies libuv's threadpool, which also serves every file read of the server.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, salt, keyLength, options) });
  } catch (err) {
    parentPort.postMessage({ error: err instanceof Error ? err.message : String(err) });
  }
});`;

export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem: number };
}

/** Trusted work (a device's sign-in for its own user) is served before anyone else's. */
export type HashPriority = 'trusted' | 'normal';

/** Waiting jobs allowed per slot, for each priority; beyond that the caller is told to retry. */
export const WAITING_PER_SLOT = 16;

export const HASHING_BUSY_MESSAGE = 'The server is busy checking passwords. Try again in a moment.';

/** A 429 with `Retry-After`: the wait line for password hashing is full. */
export class HashingBusy extends HttpError {
  constructor(retryAfterSeconds: number) {
    super(429, 'too_many_requests', HASHING_BUSY_MESSAGE, undefined, { retryAfterSeconds });
  }
}

interface Queued {
  job: ScryptJob;
  resolve: (key: Buffer) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  current: Queued | undefined;
  startedAt: number;
}

/**
 * At most `size` scrypt computations at once, each on a worker thread of its own, with a bounded
 * wait line per priority: a flood fills it and is refused, it never grows memory without bound.
 */
export class HashPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Record<HashPriority, Queued[]> = { trusted: [], normal: [] };
  /** A running average of how long one hash takes, for the Retry-After estimate. */
  private averageMs = 500;

  constructor(private size: number) {}

  /** Fewer or more slots from now on (running jobs finish; idle workers beyond it stop). */
  resize(size: number): void {
    this.size = Math.max(1, size);
    for (const slot of this.slots.filter((s) => !s.current).slice(0, Math.max(0, this.slots.length - this.size))) {
      this.drop(slot);
      void slot.worker.terminate();
    }
  }

  get concurrency(): number {
    return this.size;
  }

  run(job: ScryptJob, priority: HashPriority = 'normal'): Promise<Buffer> {
    const line = this.waiting[priority];
    const idle = this.idleSlot();
    if (!idle && line.length >= this.size * WAITING_PER_SLOT) {
      const ahead = this.waiting.trusted.length + (priority === 'normal' ? line.length : 0);
      throw new HashingBusy(Math.max(1, Math.ceil(((ahead / this.size + 1) * this.averageMs) / 1000)));
    }
    return new Promise((resolve, reject) => {
      const queued = { job, resolve, reject };
      if (idle) this.start(idle, queued);
      else line.push(queued);
    });
  }

  private idleSlot(): Slot | undefined {
    const free = this.slots.find((s) => !s.current);
    if (free || this.slots.length >= this.size) return free;
    const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true }), current: undefined, startedAt: 0 };
    slot.worker.unref();
    slot.worker.on('message', (message: { key?: Uint8Array; error?: string }) => this.finish(slot, message));
    // A worker that dies (out of memory, say) fails its job; the next job starts a new one.
    slot.worker.on('error', (err) => this.fail(slot, err));
    slot.worker.on('exit', () => this.fail(slot, new Error('The password hashing worker stopped')));
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, queued: Queued): void {
    slot.current = queued;
    // Held open only while it works, so a script that hashes once can still exit.
    slot.worker.ref();
    slot.startedAt = performance.now();
    slot.worker.postMessage(queued.job);
  }

  private finish(slot: Slot, message: { key?: Uint8Array; error?: string }): void {
    const queued = slot.current;
    slot.current = undefined;
    slot.worker.unref();
    this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - slot.startedAt);
    if (queued) {
      if (message.key) queued.resolve(Buffer.from(message.key.buffer, message.key.byteOffset, message.key.byteLength));
      else queued.reject(new Error(message.error ?? 'Password hashing failed'));
    }
    this.next();
  }

  private fail(slot: Slot, err: Error): void {
    if (!this.slots.includes(slot)) return;
    this.drop(slot);
    slot.current?.reject(err);
    this.next();
  }

  private drop(slot: Slot): void {
    this.slots.splice(this.slots.indexOf(slot), 1);
  }

  private next(): void {
    while (this.waiting.trusted.length + this.waiting.normal.length > 0) {
      const slot = this.idleSlot();
      if (!slot) return;
      this.start(slot, (this.waiting.trusted.shift() ?? this.waiting.normal.shift())!);
    }
  }
}

/**
 * Hashes at once on this machine: as many as it has cores. Fewer left too little for the paced
 * sign-ins and user saves of a busy shop (they queued past the wait line under load), and a flood
 * from one address is cut off by its failure budget after a few hashes anyway.
 */
const hashingCores = () => availableParallelism();

/** The process's one pool. */
export const hashPool = new HashPool(hashingCores());

/** Several server processes on one machine share the hashing cores between their pools. */
export function shareHashingAmong(processes: number): void {
  hashPool.resize(Math.floor(hashingCores() / Math.max(1, processes)));
}
