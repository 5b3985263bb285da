import type { InjectOptions } from 'fastify';

import type { Client, TestApp } from '@api/test/app';
import { IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@shared/schemas/sync';
import type { ServerModel } from './chaos-model';
import type { Rand } from './chaos-writes';
import type { LocalDb } from '@web/offline/local-db';
import type { SyncNotice } from '@web/offline/notices';
import type { SyncEngine } from '@web/offline/sync-engine';
import type { FetchLike } from '@web/offline/transport';
import type { OutboxEntry } from '@web/offline/types';

// The chaos test's wires between the devices and the real API: every committed write goes into the
// model in the order the server received it, and until healed, requests fail in the ways networks do.

export type Fault = 'dropRequest' | 'late' | 'duplicate' | 'dropResponse';

export interface Device {
  index: number;
  client: Client;
  db: LocalDb;
  engine: SyncEngine;
  /** Every entry this device enqueued, in order. */
  entries: OutboxEntry[];
  notices: SyncNotice[];
  /** Keys whose 410 reached the device. */
  goneKeys: Set<string>;
  /** The server's deletions when the device last received the final page of a pull. */
  pulledDeletions: Set<string> | null;
}

interface Delivered {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** The wires between the devices and the server, with faults until healed. */
export class Network {
  faulty = false;
  writesDelivered = 0;
  readonly late: (() => Promise<unknown>)[] = [];
  readonly faults: Record<Fault, number> = { dropRequest: 0, late: 0, duplicate: 0, dropResponse: 0 };
  private server: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly app: TestApp,
    private readonly rand: Rand,
    readonly model: ServerModel,
  ) {}

  /** One request at a time at the server (or a duplicate pair together), so commit order is arrival order. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.server.then(task);
    this.server = run.catch(() => undefined);
    return run;
  }

  private async inject(device: Device, url: string, init: RequestInit): Promise<Delivered> {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const method = (init.method ?? 'GET') as InjectOptions['method'];
    const payload = typeof init.body === 'string' ? init.body : undefined;
    const res = await this.app.app.inject({
      method,
      url,
      headers: { ...headers, cookie: device.client.cookie },
      payload,
    });
    const replayed = res.headers[IDEMPOTENT_REPLAY_HEADER] === 'true';
    if (method !== 'GET') {
      this.writesDelivered += 1;
      if (res.statusCode >= 200 && res.statusCode < 300 && !replayed) {
        const body = payload ? (JSON.parse(payload) as Record<string, unknown>) : {};
        this.model.apply({
          device: device.index,
          userId: device.client.user.id,
          key: headers[IDEMPOTENCY_HEADER] ?? '',
          method: method as string,
          path: url,
          body,
        });
      }
    }
    const kept = Object.entries(res.headers).filter((e): e is [string, string] => typeof e[1] === 'string');
    return { status: res.statusCode, body: res.body, headers: Object.fromEntries(kept) };
  }

  private deliver(device: Device, url: string, init: RequestInit): Promise<Delivered> {
    return this.exclusive(() => this.inject(device, url, init));
  }

  /** What the device's fetch gets: the server's answer, or a network failure. */
  private received(device: Device, url: string, init: RequestInit, answer: Delivered): Response {
    if (answer.status === 410) device.goneKeys.add(new Headers(init.headers).get(IDEMPOTENCY_HEADER) ?? '');
    if (
      url.startsWith('/api/sync/changes') &&
      answer.status === 200 &&
      (JSON.parse(answer.body) as { hasMore: boolean }).hasMore === false
    ) {
      device.pulledDeletions = new Set(this.model.deleted);
    }
    return new Response(answer.status === 204 ? null : answer.body, { status: answer.status, headers: answer.headers });
  }

  fetchFor(device: Device): FetchLike {
    return async (url, init) => {
      // A few turns of the event loop: deliveries of different devices overtake each other.
      for (let turns = this.rand.int(3); turns > 0; turns--) await new Promise((resolve) => setImmediate(resolve));
      if (this.faulty) {
        const roll = this.rand.next();
        if (roll < 0.1) {
          this.faults.dropRequest += 1;
          throw new TypeError('Failed to fetch (request dropped)');
        }
        if (roll < 0.18) {
          // Stuck on the way: the device gives up, the server gets it later, after newer requests.
          this.faults.late += 1;
          this.late.push(() => this.deliver(device, url, init));
          throw new TypeError('Failed to fetch (request delayed)');
        }
        if (roll < 0.26) {
          this.faults.duplicate += 1;
          const answers = await this.exclusive(() =>
            Promise.all([this.inject(device, url, init), this.inject(device, url, init)]),
          );
          return this.received(device, url, init, answers[this.rand.int(2)] as Delivered);
        }
        if (roll < 0.36) {
          this.faults.dropResponse += 1;
          await this.deliver(device, url, init);
          throw new TypeError('Failed to fetch (response lost)');
        }
      }
      return this.received(device, url, init, await this.deliver(device, url, init));
    };
  }

  /** Lets one delayed request through, if any. */
  async releaseOne(): Promise<void> {
    const next = this.late.splice(this.rand.int(this.late.length), 1)[0];
    await next?.();
  }
}
