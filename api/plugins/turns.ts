import type { FastifyInstance } from 'fastify';

/**
 * How many requests start their work in one turn of the event loop. Node (libuv 1.45 and later)
 * accepts one new connection per turn, and a turn runs every request that has arrived on every open
 * connection: with 200 busy connections a turn lasts hundreds of milliseconds and a new connection
 * waits seconds to be accepted. Starting at most this many requests per turn keeps turns short,
 * so new connections get in while the rest queue here in arrival order.
 */
export const REQUESTS_PER_TURN = 8;

/** Starts requests in arrival order, at most `perTurn` of them in each turn of the event loop. */
export function createTurnQueue(perTurn = REQUESTS_PER_TURN) {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const runTurn = () => {
    for (const start of waiting.splice(0, perTurn)) start();
    // setImmediate from inside a check-phase callback runs in the next turn, after its I/O poll.
    if (waiting.length > 0) setImmediate(runTurn);
    else scheduled = false;
  };
  const enqueue = (start: () => void) => {
    waiting.push(start);
    if (!scheduled) {
      scheduled = true;
      setImmediate(runTurn);
    }
  };
  return {
    /** Calls `start` when this request's turn has come. */
    enqueue,
    /** Resolves when this request's turn has come. */
    wait(): Promise<void> {
      return new Promise((resolve) => enqueue(resolve));
    },
    get length() {
      return waiting.length;
    },
  };
}

/** Every request waits for its turn before anything else runs for it (see REQUESTS_PER_TURN). */
export function registerTurns(app: FastifyInstance, perTurn = REQUESTS_PER_TURN): void {
  const turns = createTurnQueue(perTurn);
  // A callback hook: no promise per request.
  app.addHook('onRequest', (_request, _reply, done) => turns.enqueue(() => done()));
}
