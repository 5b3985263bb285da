import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turns';

/** Resolves after the event loop has gone round once more (an I/O poll between). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the turn queue', () => {
  it('starts at most the limit in each turn of the event loop, in arrival order', async () => {
    const turns = createTurnQueue(3);
    const started: number[] = [];
    const all = Array.from({ length: 8 }, (_, i) => turns.wait().then(() => started.push(i)));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    await Promise.all(all);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(turns.length).toBe(0);
  });

  it('lets the event loop read sockets between turns, so a long queue does not hold up new I/O', async () => {
    const server = net.createServer((socket) => socket.on('data', () => events.push('data')));
    const events: string[] = [];
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    const turns = createTurnQueue(2);
    // 60 requests of 1 ms of work each: 30 turns of 2 ms.
    const all = Array.from({ length: 60 }, (_, i) =>
      turns.wait().then(() => {
        const until = Date.now() + 1;
        while (Date.now() < until);
        events.push(`request ${i}`);
      }),
    );
    client.write('hello');
    await Promise.all(all);
    client.destroy();
    await new Promise((resolve) => server.close(resolve));
    // Read after a few turns, not after the whole queue.
    expect(events.indexOf('data')).toBeGreaterThan(-1);
    expect(events.indexOf('data')).toBeLessThan(20);
  });

  it('starts again after running empty', async () => {
    const turns = createTurnQueue(1);
    await turns.wait();
    await turns.wait();
    expect(turns.length).toBe(0);
  });
});
