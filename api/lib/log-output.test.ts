import { spawnSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogOutput } from './log-output';

// A real pipe (a FIFO, 64 KB on Linux) whose reader reads only when the test says so.

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function stalledPipe(): { writeFd: number; readAll(): string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'baywise-log-pipe-'));
  const fifo = path.join(dir, 'out');
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  const readFd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  const writeFd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  cleanups.push(() => {
    closeSync(writeFd);
    closeSync(readFd);
    rmSync(dir, { recursive: true, force: true });
  });
  const chunk = Buffer.alloc(65536);
  return {
    writeFd,
    readAll() {
      let text = '';
      for (;;) {
        try {
          const n = readSync(readFd, chunk);
          if (n === 0) return text;
          text += chunk.toString('utf8', 0, n);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EAGAIN') return text;
          throw err;
        }
      }
    },
  };
}

const line = (i: number) => `${JSON.stringify({ msg: 'request completed', i, pad: 'x'.repeat(200) })}\n`;

describe('the log output', () => {
  it('drops what its buffer cannot hold while the reader stalls, gives up its flush on time, and logs the count once read', async () => {
    const pipe = stalledPipe();
    const output = createLogOutput({ fd: pipe.writeFd, maxBytes: 256 * 1024 });
    output.reportDropsTo({ warn: (obj, msg) => output.write(`${JSON.stringify({ ...obj, msg })}\n`) });
    const lines = 2000;
    for (let i = 0; i < lines; i += 1) output.write(line(i));
    expect(output.dropped).toBeGreaterThan(0);

    const started = Date.now();
    expect(await output.flush(300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(3000);

    let text = '';
    const flushed = output.flush(20_000);
    const reading = setInterval(() => (text += pipe.readAll()), 10);
    expect(await flushed).toBe(true);
    clearInterval(reading);
    text += pipe.readAll();
    const records = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; i?: number; dropped?: number });
    const written = records.filter((r) => r.msg === 'request completed');
    const reports = records.filter((r) => r.dropped !== undefined);
    expect(reports).toEqual([{ dropped: output.dropped, msg: 'log lines dropped: the log output could not keep up' }]);
    expect(records.at(-1)).toEqual(reports[0]);
    // Every line was written whole, in order, or counted as dropped.
    expect(written.length + output.dropped).toBe(lines);
    const order = written.map((r) => r.i!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('flushes at once when nothing is held', async () => {
    const pipe = stalledPipe();
    const output = createLogOutput({ fd: pipe.writeFd });
    output.write(line(1));
    expect(await output.flush(5000)).toBe(true);
    expect(await output.flush(5000)).toBe(true);
    expect(pipe.readAll()).toBe(line(1));
    expect(output.dropped).toBe(0);
  });
});
