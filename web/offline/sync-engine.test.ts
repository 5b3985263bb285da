import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@shared/schemas/customer';
import { emptyChangePage, type SyncChangesResponse } from '@shared/schemas/sync';
import { noticeText } from '@web/features/sync/notice-text';
import { LocalDb } from './local-db';
import { enqueue } from './outbox';
import { SyncEngine, USERS_REFRESH_MS, type SyncEngineOptions } from './sync-engine';
import { customerRow, inspectionRow, serviceRow, userRow, uuid, vehicleRow } from '@web/test/offline/test-rows';
import { backoffDelay, type FetchLike } from './transport';
import type { LocalWrite } from './types';

const USER = uuid(900);
const OTHER_USER = uuid(901);

interface Call {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}
type Answer = Response | 'network';
type Route = (call: Call) => Answer | undefined | Promise<Answer | undefined>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const error = (status: number, message: string, fields: object = {}) =>
  json(status, { error: 'x', message, ...fields });
/** A 410 as the API answers it: what was deleted is in `gone`; the wording is for people only. */
const goneAnswer = (entity: string) => error(410, `Worded any way at all (${entity})`, { gone: entity });
const page = (fields: Partial<SyncChangesResponse> = {}): SyncChangesResponse => ({
  ...emptyChangePage({ resync: false, cursor: '1', hasMore: false }),
  ...fields,
});

let db: LocalDb;
let n = 0;
let engine: SyncEngine | undefined;
let calls: Call[];

beforeEach(() => {
  n += 1;
  db = new LocalDb(`sync-engine-test-${n}`);
  calls = [];
});

afterEach(async () => {
  engine?.stop();
  // A pass under way may still write to the local database: let it end before the database goes
  // (bounded, for tests that leave a fetch hanging on purpose).
  if (engine) await Promise.race([engine.settled(), new Promise((resolve) => setTimeout(resolve, 1000))]);
  engine = undefined;
  vi.unstubAllGlobals();
  await db.delete();
});

/** A fetch that answers with `route`, or by default an empty change feed and 403 for users; it records every call. */
function fakeFetch(route: Route): FetchLike {
  return async (url, init) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
      credentials: init.credentials,
    };
    calls.push(call);
    const answer = (await route(call)) ?? defaultAnswer(call);
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return answer;
  };
}

function engineWith(route: Route, options: Partial<SyncEngineOptions> = {}): SyncEngine {
  engine = new SyncEngine({
    db,
    fetch: fakeFetch(route),
    currentUserId: () => USER,
    lockName: `lock-${n}`,
    ...options,
  });
  return engine;
}

function defaultAnswer(call: Call): Answer {
  if (call.url.startsWith('/api/sync/changes')) return json(200, page());
  if (call.url.startsWith('/api/users')) return error(403, 'You do not have permission to do this');
  throw new Error(`unexpected ${call.method} ${call.url}`);
}

const writes = () => calls.filter((c) => c.method !== 'GET');
const states = async () =>
  (await db.outbox.orderBy('seq').toArray()).map((e) => [e.label, e.state, e.lastError?.message]);

const addCustomer = (id: number, name: string, email = `c${id}@mail.test`): LocalWrite => ({
  kind: 'customer.create',
  id: uuid(id),
  body: { name, email, phone: '555' },
});
/** What the server answers for a created customer: its own timestamps. */
const created = (call: Call): Customer => {
  const body = call.body as { id: string; name: string; email: string; phone: string };
  return { ...customerRow(0), ...body, createdAt: '2026-03-05T00:00:00.000Z', updatedAt: '2026-03-05T00:00:00.000Z' };
};

describe('pushing the outbox', () => {
  it('sends each entry in order with its key, then removes it and keeps the server’s row under later changes', async () => {
    await enqueue(db, USER, addCustomer(1, 'Jane Doe'), 'Add customer Jane Doe');
    await enqueue(
      db,
      USER,
      { kind: 'customer.update', id: uuid(1), changes: { phone: '777' } },
      'Edit customer Jane Doe',
    );
    const keys = (await db.outbox.orderBy('seq').toArray()).map((e) => e.id);
    let phoneSent = false;
    const sync = engineWith((call) => {
      if (call.method === 'POST') return json(201, created(call));
      // The server's answer to the create arrives while the edit is still waiting: the edit stays on screen.
      if (call.method === 'PUT') {
        phoneSent = true;
        return json(200, {
          ...created({ ...call, body: { id: uuid(1), name: 'Jane Doe', email: 'c1@mail.test', phone: '777' } }),
        });
      }
      return undefined;
    });
    const seen: string[] = [];
    sync.onDataChange((entities) => seen.push(entities.join()));
    await sync.syncNow();
    expect(
      writes().map((c) => [
        c.method,
        c.url,
        c.headers.get('Idempotency-Key'),
        c.headers.get('Content-Type'),
        c.credentials,
      ]),
    ).toEqual([
      ['POST', '/api/customers', keys[0], 'application/json', 'same-origin'],
      ['PUT', `/api/customers/${uuid(1)}`, keys[1], 'application/json', 'same-origin'],
    ]);
    expect(phoneSent).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.get(uuid(1))).toMatchObject({ phone: '777', createdAt: '2026-03-05T00:00:00.000Z' });
    expect(seen).toContain('customer');
    expect(sync.getStatus()).toMatchObject({
      pending: 0,
      attention: 0,
      syncing: false,
      online: true,
      lastPulledAt: expect.any(String),
    });
  });

  it('writes the server’s row under a change still waiting (the create answered, the edit not yet)', async () => {
    await enqueue(db, USER, addCustomer(1, 'Jane Doe'), 'a');
    await enqueue(db, USER, { kind: 'customer.update', id: uuid(1), changes: { phone: '777' } }, 'b');
    const sync = engineWith((call) =>
      call.method === 'POST'
        ? json(201, { ...created(call), address: 'From server' })
        : call.method === 'PUT'
          ? 'network'
          : undefined,
    );
    await sync.syncNow();
    expect(await db.customers.get(uuid(1))).toMatchObject({ phone: '777', address: 'From server' });
    expect(await states()).toEqual([['b', 'pending', 'No connection to the server']]);
  });

  it('sends DELETE without a body and drops the entry on 204', async () => {
    await db.customers.put(customerRow(1));
    await enqueue(db, USER, { kind: 'customer.delete', id: uuid(1) }, 'Delete customer');
    const sync = engineWith((call) => (call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined));
    await sync.syncNow();
    expect(writes().map((c) => [c.method, c.url, c.headers.get('Content-Type'), c.body])).toEqual([
      ['DELETE', `/api/customers/${uuid(1)}`, null, undefined],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([
    ['no network', (): Answer => 'network', 'No connection to the server', 0],
    ['a 503', () => error(503, 'Down for maintenance'), 'Down for maintenance', 503],
    ['a 429', () => error(429, 'Too many requests'), 'Too many requests', 429],
    [
      'a 409 for a key still being processed',
      () => error(409, 'Worded any way at all', { reason: 'in_flight' }),
      'Worded any way at all',
      409,
    ],
  ])('keeps the entry and stops the pass after %s', async (_name, answer, message, status) => {
    await enqueue(db, USER, addCustomer(1, 'A'), 'a');
    await enqueue(db, USER, addCustomer(2, 'B'), 'b');
    const sync = engineWith((call) => (call.method === 'POST' ? answer() : undefined));
    await sync.syncNow();
    // Order is kept: nothing after the failed entry goes out, and no pull runs.
    expect(calls.map((c) => c.url)).toEqual(['/api/customers']);
    const [first] = await db.outbox.orderBy('seq').toArray();
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: { status, message } });
    expect(sync.getStatus()).toMatchObject({ pending: 2, attention: 0, online: status !== 0 });
  });

  it('gives up on a request with no answer after the timeout, and keeps the entry', async () => {
    await enqueue(db, USER, addCustomer(1, 'A'), 'a');
    // This fetch never answers; only the engine's abort ends it.
    const never: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    engine = new SyncEngine({ db, fetch: never, currentUserId: () => USER, lockName: `lock-${n}`, timeoutMs: 20 });
    await engine.syncNow();
    expect(await db.outbox.toArray()).toMatchObject([
      { state: 'pending', attempts: 1, lastError: { status: 0, message: 'The server took too long to answer' } },
    ]);
    expect(engine.getStatus().online).toBe(false);
  });

  it('sends from one loop at a time: a second loop on the same database waits and finds nothing left', async () => {
    await enqueue(db, USER, addCustomer(1, 'A'), 'a');
    // The first loop's send is answered only once the second loop has started: they overlap.
    let secondStarted!: () => void;
    const overlapping = new Promise<void>((resolve) => (secondStarted = resolve));
    const route: Route = async (call) => {
      if (call.method !== 'POST') return undefined;
      await overlapping;
      return json(201, created(call));
    };
    const first = engineWith(route);
    const second = new SyncEngine({ db, fetch: fakeFetch(route), currentUserId: () => USER, lockName: `lock-${n}` });
    const runs = [first.syncNow(), second.syncNow()];
    secondStarted();
    await Promise.all(runs);
    expect(writes()).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('retries a lost response with the same key and takes the replayed answer (one row on the server)', async () => {
    await enqueue(db, USER, addCustomer(1, 'Jane Doe'), 'a');
    const stored = new Map<string, Customer>();
    let commits = 0;
    let loseNext = true;
    const sync = engineWith((call) => {
      if (call.method !== 'POST') return undefined;
      const key = call.headers.get('Idempotency-Key') as string;
      const replay = stored.get(key);
      if (replay) return json(201, replay, { 'Idempotent-Replayed': 'true' });
      commits += 1;
      stored.set(key, { ...created(call), address: 'Stored' });
      if (loseNext) {
        loseNext = false;
        return 'network';
      }
      return json(201, stored.get(key));
    });
    await sync.syncNow();
    expect(await db.outbox.count()).toBe(1);
    await sync.syncNow();
    expect(commits).toBe(1);
    expect(new Set(writes().map((c) => c.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.get(uuid(1))).toMatchObject({ address: 'Stored' });
  });

  it.each([400, 409, 422, 404])(
    'marks the entry on %i as needing attention; later entries on its rows wait, others go',
    async (status) => {
      await enqueue(db, USER, addCustomer(1, 'Bad'), 'Add customer Bad');
      await enqueue(
        db,
        USER,
        { kind: 'vehicle.create', id: uuid(2), body: { customerId: uuid(1), year: 2020, make: 'Kia', model: 'Rio' } },
        'Add vehicle',
      );
      await enqueue(db, USER, { kind: 'customer.update', id: uuid(1), changes: { phone: '1' } }, 'Edit customer Bad');
      await enqueue(db, USER, addCustomer(3, 'Fine'), 'Add customer Fine');
      const sync = engineWith((call) => {
        if (call.method !== 'POST') return undefined;
        const body = call.body as { id: string };
        return body.id === uuid(1) ? error(status, 'Please enter a valid email') : json(201, created(call));
      });
      await sync.syncNow();
      expect(writes().map((c) => (c.body as { id: string }).id)).toEqual([uuid(1), uuid(3)]);
      expect(await states()).toEqual([
        ['Add customer Bad', 'attention', 'Please enter a valid email'],
        ['Add vehicle', 'pending', undefined],
        ['Edit customer Bad', 'pending', undefined],
      ]);
      expect(sync.getStatus()).toMatchObject({ pending: 2, attention: 1 });
      expect((await sync.attentionEntries()).map((e) => e.label)).toEqual(['Add customer Bad']);
      // The local row stays as the user left it until they decide.
      expect(await db.customers.get(uuid(1))).toMatchObject({ name: 'Bad', phone: '1' });
    },
  );

  it('drops an entry whose row was deleted elsewhere (410), with later changes to it, and tells the user', async () => {
    const jane = customerRow(1, { name: 'Jane Doe' });
    const civic = vehicleRow(2, jane);
    await db.customers.put(jane);
    await db.vehicles.put(civic);
    await db.inspections.put(inspectionRow(3, jane, civic));
    await enqueue(
      db,
      USER,
      { kind: 'customer.update', id: jane.id, changes: { phone: '1' } },
      'Edit customer Jane Doe',
    );
    await enqueue(
      db,
      USER,
      { kind: 'customer.update', id: jane.id, changes: { phone: '2' } },
      'Edit customer Jane Doe again',
    );
    await enqueue(db, USER, addCustomer(4, 'Ann'), 'Add customer Ann');
    const sync = engineWith((call) =>
      call.method === 'PUT' ? goneAnswer('customer') : call.method === 'POST' ? json(201, created(call)) : undefined,
    );
    const notices: string[] = [];
    sync.onNotice((notice) => notices.push(noticeText(notice)));
    await sync.syncNow();
    expect(notices).toEqual(['Your change to customer Jane Doe could not be applied: it was deleted.']);
    expect(writes().map((c) => c.method)).toEqual(['PUT', 'POST']);
    expect(await db.outbox.count()).toBe(0);
    expect([await db.customers.count(), await db.vehicles.count(), await db.inspections.count()]).toEqual([1, 0, 0]);
  });

  it('drops a new inspection whose vehicle was deleted elsewhere (410), with what was made under it', async () => {
    const jane = customerRow(1, { name: 'Jane Doe' });
    const civic = vehicleRow(2, jane);
    await db.customers.put(jane);
    await db.vehicles.put(civic);
    const create: LocalWrite = {
      kind: 'inspection.create',
      id: uuid(3),
      body: { customerId: jane.id, vehicleId: civic.id, services: [{ id: uuid(4), description: 'Oil change' }] },
    };
    await enqueue(db, USER, create, 'Add inspection');
    await enqueue(
      db,
      USER,
      { kind: 'service.status', inspectionId: uuid(3), serviceId: uuid(4), status: 'approved' },
      'Approve Oil change',
    );
    const sync = engineWith((call) => (call.method === 'POST' ? goneAnswer('vehicle') : undefined));
    const notices: string[] = [];
    sync.onNotice((notice) => notices.push(noticeText(notice)));
    await sync.syncNow();
    expect(notices).toEqual([
      "Your change to the inspection of Jane Doe's 2018 Honda Civic could not be applied: its vehicle was deleted.",
    ]);
    expect(writes()).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.inspections.count()).toBe(0);
  });

  it('shows the server’s copy again when an edit pointed its row at a deleted one (410)', async () => {
    const jane = customerRow(1, { name: 'Jane Doe' });
    const bob = customerRow(5, { name: 'Bob' });
    const civic = vehicleRow(2, jane);
    await db.customers.bulkPut([jane, bob]);
    await db.vehicles.put(civic);
    await enqueue(
      db,
      USER,
      { kind: 'vehicle.update', id: civic.id, changes: { customerId: bob.id, color: 'Red' } },
      'Edit vehicle',
    );
    expect(await db.vehicles.get(civic.id)).toMatchObject({ customerName: 'Bob' });
    const sync = engineWith((call) => {
      if (call.method === 'PATCH') return goneAnswer('customer');
      if (call.url === `/api/vehicles/${civic.id}`) return json(200, { ...civic, mileage: 5 });
      return undefined;
    });
    const notices: string[] = [];
    sync.onNotice((notice) => notices.push(noticeText(notice)));
    await sync.syncNow();
    expect(notices).toEqual([
      'Your change to vehicle 2018 Honda Civic could not be applied: its customer was deleted.',
    ]);
    expect(await db.vehicles.get(civic.id)).toEqual({ ...civic, mileage: 5 });
  });

  it('pauses on 401 without dropping anything, and resumes after a new sign-in', async () => {
    await enqueue(db, USER, addCustomer(1, 'A'), 'a');
    let signedIn = false;
    const sync = engineWith((call) =>
      !signedIn ? error(401, 'You need to sign in') : call.method === 'POST' ? json(201, created(call)) : undefined,
    );
    await sync.syncNow();
    expect(sync.getStatus()).toMatchObject({ needsSignIn: true, pending: 1 });
    await sync.syncNow();
    expect(calls).toHaveLength(1);
    signedIn = true;
    sync.resumeAfterSignIn();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(sync.getStatus().needsSignIn).toBe(false);
  });

  it('never sends another user’s entries, and keeps changes to their rows waiting for them', async () => {
    await enqueue(db, OTHER_USER, addCustomer(1, 'Theirs'), 'theirs');
    await enqueue(db, USER, { kind: 'customer.update', id: uuid(1), changes: { phone: '1' } }, 'mine on theirs');
    await enqueue(db, USER, addCustomer(2, 'Mine'), 'mine');
    const sync = engineWith((call) => (call.method === 'POST' ? json(201, created(call)) : undefined));
    await sync.syncNow();
    expect(writes().map((c) => (c.body as { id: string }).id)).toEqual([uuid(2)]);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => e.label)).toEqual(['theirs', 'mine on theirs']);
    // The counts are this user's: their own waiting change, not the other user's.
    expect(await sync.unsentCounts()).toEqual({ pending: 1, attention: 0 });
    expect(sync.getStatus()).toMatchObject({ pending: 1, attention: 0 });
  });

  it('finishes the work after a stop and restart in the middle of a pass', async () => {
    await enqueue(db, USER, addCustomer(1, 'A'), 'a');
    await enqueue(db, USER, addCustomer(2, 'B'), 'b');
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sync = engineWith(async (call) => {
      if (call.method !== 'POST') return undefined;
      if ((call.body as { id: string }).id === uuid(1)) await gate;
      return json(201, created(call));
    });
    sync.start();
    await vi.waitFor(() => expect(writes()).toHaveLength(1));
    // As React does with effects in development: the loop is stopped and started again at once.
    sync.stop();
    sync.start();
    release();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(writes().map((c) => (c.body as { id: string }).id)).toEqual([uuid(1), uuid(2)]);
  });

  it('backs off exponentially with jitter after failures, resets on success, and tries at once when back online', async () => {
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    await enqueue(db, USER, addCustomer(1, 'A'), 'a');
    const sleeps: number[] = [];
    const wakers: (() => void)[] = [];
    let up = false;
    const sync = engineWith(
      (call) => (!up ? 'network' : call.method === 'POST' ? json(201, created(call)) : undefined),
      {
        random: () => 0.5,
        sleep: (ms) => {
          sleeps.push(ms);
          return new Promise((resolve) => wakers.push(resolve));
        },
      },
    );
    sync.start();
    await vi.waitFor(() => expect(sleeps).toEqual([750]));
    wakers.shift()?.();
    await vi.waitFor(() => expect(sleeps).toEqual([750, 1500]));
    // The connection is back: the 'online' event tries now instead of waiting out the backoff.
    up = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    // The pass goes on with a pull after the push; the network may drop only once it is over
    // (syncNow joins the pass under way, or runs one more that succeeds).
    await sync.syncNow();
    expect(sync.getStatus().online).toBe(true);
    up = false;
    await enqueue(db, USER, addCustomer(2, 'B'), 'b');
    await vi.waitFor(() => expect(sleeps).toEqual([750, 1500, 750]));
    expect(backoffDelay(12, () => 1)).toBe(60_000);
    expect(backoffDelay(12, () => 0)).toBe(30_000);
  });
});

describe('pulling changes', () => {
  it('pages until hasMore is false and keeps the cursor with each page', async () => {
    const jane = customerRow(1);
    const sync = engineWith(
      (call) => {
        if (call.url === '/api/sync/changes?since=0&limit=500')
          return json(200, page({ cursor: '5', hasMore: true, customers: [jane] }));
        if (call.url === '/api/sync/changes?since=5&limit=500')
          return json(200, page({ cursor: '9', vehicles: [vehicleRow(2, jane)] }));
        return undefined;
      },
      { now: () => Date.parse('2026-03-10T00:00:00.000Z') },
    );
    await sync.syncNow();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/sync/changes?since=0&limit=500',
      '/api/sync/changes?since=5&limit=500',
      '/api/users?limit=500',
    ]);
    expect((await db.meta.get('cursor'))?.value).toBe('9');
    expect([await db.customers.count(), await db.vehicles.count()]).toEqual([1, 1]);
    expect(sync.getStatus().lastPulledAt).toBe('2026-03-10T00:00:00.000Z');
  });

  it('keeps pending changes on top of pulled rows, and their nested copies in step', async () => {
    const jane = customerRow(1, { name: 'Jane' });
    const civic = vehicleRow(2, jane);
    await db.customers.put(jane);
    await db.vehicles.put(civic);
    const edit = await enqueue(
      db,
      USER,
      { kind: 'customer.update', id: jane.id, changes: { name: 'Jane Smith' } },
      'edit',
    );
    const fromServer = { ...jane, phone: '999', updatedAt: '2026-03-09T00:00:00.000Z' };
    const sync = engineWith((call) => (call.method === 'PUT' ? 'network' : undefined));
    await sync.syncNow();
    expect(calls).toHaveLength(1);
    // The push failed; a pull on its own (as after a retryable failure elsewhere) still rebases.
    const pull = engineWith(
      (call) =>
        call.url.startsWith('/api/sync')
          ? json(200, page({ customers: [fromServer], vehicles: [{ ...civic, make: 'Kia' }] }))
          : undefined,
      {
        currentUserId: () => OTHER_USER,
      },
    );
    await pull.syncNow();
    expect(await db.customers.get(jane.id)).toEqual({ ...fromServer, name: 'Jane Smith', updatedAt: edit.createdAt });
    expect(await db.vehicles.get(civic.id)).toMatchObject({ make: 'Kia', customerName: 'Jane Smith' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('takes the server’s row for a create still waiting that the server already has, under later changes', async () => {
    const jane = customerRow(1);
    const civic = vehicleRow(2, jane);
    await db.customers.put(jane);
    await db.vehicles.put(civic);
    // Another user's changes: made here, not sent yet, but the create reached the server before its answer was lost.
    await enqueue(
      db,
      OTHER_USER,
      { kind: 'inspection.create', id: uuid(3), body: { customerId: jane.id, vehicleId: civic.id } },
      'create',
    );
    await enqueue(db, OTHER_USER, { kind: 'inspection.update', id: uuid(3), changes: { notes: 'Still mine' } }, 'edit');
    expect(await db.inspections.get(uuid(3))).toMatchObject({ shareToken: '', notes: 'Still mine' });
    const onServer = inspectionRow(3, jane, civic, { shareToken: 'token-from-server', diagnosticCodes: 'P0300' });
    const sync = engineWith((call) =>
      call.url.startsWith('/api/sync') ? json(200, page({ inspections: [onServer] })) : undefined,
    );
    await sync.syncNow();
    expect(await db.inspections.get(uuid(3))).toMatchObject({
      shareToken: 'token-from-server',
      diagnosticCodes: 'P0300',
      notes: 'Still mine',
    });
  });

  it('removes rows with a tombstone, with their vehicles and inspections, and never brings them back', async () => {
    const jane = customerRow(1);
    const civic = vehicleRow(2, jane);
    await db.customers.put(jane);
    await db.vehicles.put(civic);
    await db.inspections.put(inspectionRow(3, jane, civic));
    // A change waiting for the deleted customer is no reason to keep it.
    await enqueue(db, OTHER_USER, { kind: 'customer.update', id: jane.id, changes: { phone: '1' } }, 'edit');
    const sync = engineWith((call) =>
      call.url.startsWith('/api/sync')
        ? json(200, page({ deleted: [{ entity: 'customer', id: jane.id }] }))
        : undefined,
    );
    await sync.syncNow();
    expect([await db.customers.count(), await db.vehicles.count(), await db.inspections.count()]).toEqual([0, 0, 0]);
    await sync.syncNow();
    expect(await db.customers.count()).toBe(0);
  });

  it('resyncs from scratch when told to, keeping the outbox and the rows made on this device', async () => {
    const old = customerRow(1, { name: 'Stale' });
    await db.customers.put(old);
    await db.meta.put({ key: 'cursor', value: '42' });
    await enqueue(db, OTHER_USER, addCustomer(5, 'Made here'), 'mine');
    await enqueue(
      db,
      OTHER_USER,
      { kind: 'customer.update', id: uuid(7), changes: { phone: '123' } },
      'edit of a server row',
    );
    const sync = engineWith((call) => {
      if (call.url === '/api/sync/changes?since=42&limit=500')
        return json(200, { ...page({ resync: true, cursor: '0', hasMore: true }) });
      if (call.url === '/api/sync/changes?since=0&limit=500')
        return json(200, page({ cursor: '50', customers: [customerRow(7)] }));
      return undefined;
    });
    await sync.syncNow();
    expect((await db.customers.toArray()).map((c) => [c.name, c.phone]).sort()).toEqual([
      ['Customer 7', '123'],
      ['Made here', '555'],
    ]);
    expect(await db.outbox.count()).toBe(2);
    expect((await db.meta.get('cursor'))?.value).toBe('50');
  });

  it('forgets inspections outside the window unless in progress or waiting to be sent', async () => {
    const jane = customerRow(1);
    const civic = vehicleRow(2, jane);
    const old = '2026-01-01T00:00:00.000Z';
    await db.customers.put(jane);
    await db.vehicles.put(civic);
    await db.inspections.bulkPut([
      inspectionRow(10, jane, civic, { status: 'completed', updatedAt: old }),
      inspectionRow(11, jane, civic, { status: 'in_progress', updatedAt: old }),
      inspectionRow(12, jane, civic, { status: 'completed', updatedAt: old, services: [serviceRow(20, uuid(12))] }),
      inspectionRow(13, jane, civic, { status: 'completed', updatedAt: '2026-03-01T00:00:00.000Z' }),
    ]);
    await enqueue(
      db,
      OTHER_USER,
      { kind: 'service.status', inspectionId: uuid(12), serviceId: uuid(20), status: 'approved' },
      'approve',
    );
    await db.inspections.update(uuid(12), { updatedAt: old });
    const sync = engineWith(() => undefined, { now: () => Date.parse('2026-03-10T00:00:00.000Z') });
    await sync.syncNow();
    expect((await db.inspections.toCollection().primaryKeys()).sort()).toEqual([uuid(11), uuid(12), uuid(13)]);
  });

  it('refreshes the technician list after a pull when the user may read it', async () => {
    const user = userRow(800, { username: 'sam', email: 'sam@shop.test', createdAt: 'x', updatedAt: 'x' });
    await db.users.put({ ...user, id: uuid(801), username: 'gone' });
    const sync = engineWith((call) => (call.url.startsWith('/api/users') ? json(200, [user]) : undefined));
    await sync.syncNow();
    expect((await db.users.toArray()).map((u) => u.username)).toEqual(['sam']);
  });

  it('asks for the technician list at the first pull, then at most every 15 minutes, not at every pass', async () => {
    let now = Date.parse('2026-03-10T00:00:00.000Z');
    const sync = engineWith(() => undefined, { now: () => now });
    const userCalls = () => calls.filter((c) => c.url === '/api/users?limit=500').length;
    await sync.syncNow();
    expect(userCalls()).toBe(1);
    // The loop's 30-second passes pull the change feed only.
    for (let pass = 0; pass < 5; pass++) {
      now += 30_000;
      await sync.syncNow();
    }
    expect(userCalls()).toBe(1);
    expect(calls.filter((c) => c.url.startsWith('/api/sync/changes')).length).toBe(6);
    now += USERS_REFRESH_MS;
    await sync.syncNow();
    expect(userCalls()).toBe(2);
  });
});

describe('the sync panel', () => {
  async function stuckCreate(sync: SyncEngine) {
    await enqueue(db, USER, addCustomer(1, 'Bad', 'bad@example.test'), 'Add customer Bad');
    await enqueue(
      db,
      USER,
      { kind: 'vehicle.create', id: uuid(2), body: { customerId: uuid(1), year: 2020, make: 'Kia', model: 'Rio' } },
      'Add vehicle',
    );
    await db.customers.put(customerRow(3));
    await enqueue(db, USER, { kind: 'customer.update', id: uuid(3), changes: { phone: '1' } }, 'Edit customer 3');
    await sync.syncNow();
  }

  it('discards an entry with the ones that need it, removes what they made, and pulls everything again', async () => {
    let phoneEdits = 0;
    const sync = engineWith((call) => {
      if (call.method === 'POST') return error(400, 'Please enter a valid email');
      if (call.method === 'PUT') {
        phoneEdits += 1;
        return 'network';
      }
      return undefined;
    });
    await stuckCreate(sync);
    expect(phoneEdits).toBe(1);
    const [stuck] = await sync.attentionEntries();
    expect((await sync.discardPreview(stuck!.id)).map((e) => e.label)).toEqual(['Add customer Bad', 'Add vehicle']);
    calls = [];
    expect(await sync.discard(stuck!.id)).toBe(2);
    expect(await db.customers.get(uuid(1))).toBeUndefined();
    expect(await db.vehicles.get(uuid(2))).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => e.label)).toEqual(['Edit customer 3']);
    expect((await db.meta.get('cursor'))?.value).toBe('0');
    await vi.waitFor(() => expect(phoneEdits).toBe(2));
  });

  it('retries an edited entry under a new key and sends it', async () => {
    const sync = engineWith((call) => {
      if (call.method !== 'POST') return undefined;
      const body = call.body as { email: string };
      return body.email.includes('@mail') ? json(201, created(call)) : error(400, 'Please enter a valid email');
    });
    await enqueue(db, USER, addCustomer(1, 'Jane', 'jane@example.test'), 'Add customer Jane');
    await sync.syncNow();
    const [stuck] = await sync.attentionEntries();
    expect(stuck).toMatchObject({
      state: 'attention',
      lastError: { status: 400, message: 'Please enter a valid email' },
    });
    await expect(sync.retry(stuck!.id, { kind: 'customer.update', id: uuid(1), changes: {} })).rejects.toThrow(
      'An edited change must be a customer.create of the same row',
    );
    await sync.retry(stuck!.id, addCustomer(1, 'Jane', 'jane@mail.test'));
    const posts = writes();
    expect(posts).toHaveLength(2);
    expect(posts[1]?.headers.get('Idempotency-Key')).not.toBe(stuck!.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.get(uuid(1))).toMatchObject({ email: 'jane@mail.test' });
  });
});
