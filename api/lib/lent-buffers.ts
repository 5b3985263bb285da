/**
 * Large buffers lent to answers and given back once the answer is sent, so that the next answer
 * writes into memory already in use. A new buffer of ~170 KB (a kept sync page) is memory the
 * system must map and clear first: under load that cost about ten times the read into it.
 *
 * Buffers are made in steps of `STEP` bytes, and at most `most` of them wait to be lent again (an
 * answer's bytes are handed to the socket at once, so few are lent at a time even at 50
 * connections); when none was lent for `idleMs` the waiting ones are let go, so an idle server does
 * not hold them.
 */

const STEP = 64 * 1024;

export interface Lent {
  /** The bytes asked for (a view of the buffer lent). */
  bytes: Buffer;
  /** Gives the buffer back: once the bytes are no longer used (the answer was sent or dropped). */
  giveBack: () => void;
}

export class LentBuffers {
  private readonly free: Buffer[] = [];
  private lastLent = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly most = 16,
    private readonly idleMs = 2000,
  ) {}

  /** A buffer of at least `size` bytes, lent until given back (once; later calls do nothing). */
  lend(size: number): Lent {
    this.lastLent = Date.now();
    let index = -1;
    for (let i = 0; i < this.free.length; i++) {
      if (this.free[i]!.length >= size && (index === -1 || this.free[i]!.length < this.free[index]!.length)) index = i;
    }
    const buffer = index === -1 ? Buffer.allocUnsafe(Math.ceil(size / STEP) * STEP) : this.free.splice(index, 1)[0]!;
    let lent = true;
    return {
      bytes: buffer.subarray(0, size),
      giveBack: () => {
        if (!lent) return;
        lent = false;
        if (this.free.length < this.most) this.free.push(buffer);
        this.letGoWhenIdle();
      },
    };
  }

  /** How many buffers wait to be lent again. */
  get waiting(): number {
    return this.free.length;
  }

  private letGoWhenIdle(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (Date.now() - this.lastLent < this.idleMs) return;
      this.free.length = 0;
      clearInterval(this.timer);
      this.timer = undefined;
    }, this.idleMs);
    this.timer.unref();
  }
}
