import { readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SyncChangesResponse } from '@shared/schemas/sync';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';
import { changed, pruneTombstones, recordChanges, type Change } from '@api/lib/change-log';
import { inTransaction } from '@api/db/transaction';
import { SEGMENT_SEQS } from './feed-segments';
import { keptPages, keptPagesWritten } from './kept-pages';
import { changesFromTables, changesSince } from './sync.service';

// The app runs as the production server does (no checks, segments of SEGMENT_SEQS), so that what
// it sends is what it put together. The tests' checked apps use small segments and check every page
// put together from them against the tables (the whole sync suite).
const t = await useTestApp({}, { checked: false });
const tech = await t.signIn('technician');

const DAY_MS = 24 * 60 * 60 * 1000;
const S = SEGMENT_SEQS;
const MARK = 'X'.repeat(16);

/** Customers with a vehicle each, and now and then an inspection of theirs, recorded in the feed in that order. */
async function addShop(count: number, inspection: (n: number) => Parameters<typeof createInspection>[1] | undefined) {
  const changes: Change[] = [];
  const made = { customers: [] as string[], vehicles: [] as string[], inspections: [] as string[] };
  for (let n = 0; n < count; n++) {
    const customer = await createCustomer(t.db, { name: `Customer ${n} ${'of a long name '.repeat(3)}` });
    const vehicle = await createVehicle(t.db, customer.id, { model: `Model ${n}` });
    changes.push(...changed('customer', [customer.id]), ...changed('vehicle', [vehicle.id]));
    made.customers.push(customer.id);
    made.vehicles.push(vehicle.id);
    const fields = inspection(n);
    if (fields) {
      const row = await createInspection(t.db, { customerId: customer.id, vehicleId: vehicle.id, ...fields }, [
        { description: `Brakes ${n}`, laborCostCents: 1000, parts: [{ partName: 'Pads', partCostCents: 4000 }] },
      ]);
      changes.push(...changed('inspection', [row.id]));
      made.inspections.push(row.id);
    }
  }
  await inTransaction(t.db, (trx) => recordChanges(trx, changes));
  return made;
}

const now = Date.now();
const shop = await addShop(1100, (n) =>
  n % 40 === 0
    ? { status: 'in_progress' }
    : n % 40 === 20
      ? { status: 'completed', updatedAt: new Date(now - (n % 80 === 20 ? 13 : 15) * DAY_MS).toISOString() }
      : undefined,
);

/** Every row's place in the feed now, by its id. */
async function seqs(): Promise<Map<string, number>> {
  const rows = await t.db.selectFrom('syncChanges').select(['entityId', 'seq']).execute();
  return new Map(rows.map((row) => [row.entityId, Number(row.seq)]));
}

const feed = await seqs();
const completed = await t.db
  .selectFrom('inspections')
  .select(['id', 'updatedAt'])
  .where('status', '=', 'completed')
  .execute();
/** Inspections kept for their date: changed 13 days before `now`. */
const recent = completed.filter((row) => Date.parse(row.updatedAt) > now - 14 * DAY_MS).map((row) => row.id);
/** Vehicles with no inspection (one may be deleted). */
const bare = shop.vehicles.filter((_, n) => n % 20 !== 0);
const firstSeq = Math.min(...feed.values());
/** The first seq of the n-th segment wholly inside the seeded part of the feed. */
const segmentStart = (n: number) => (Math.ceil(firstSeq / S) + n) * S;
/** A row of these ids in the n-th segment. */
const inSegment = (ids: readonly string[], n: number) =>
  ids.find((id) => feed.get(id)! >= segmentStart(n) + 10 && feed.get(id)! < segmentStart(n + 1) - 10)!;

async function pull(since: number, limit: number): Promise<string> {
  const res = await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${since}&limit=${limit}` });
  expect(res.statusCode, res.body).toBe(200);
  // As a device's next request would, once the segments read were written.
  await keptPagesWritten(t.db);
  return res.body;
}

/** The page as the tables hold it now. */
const fromTables = (since: number, limit: number, at = new Date()) =>
  changesFromTables(t.db, { since: String(since), limit }, at);

/** Every kept file made to say something no page says (as long as it was): a page that holds it was put together from it. */
function tamperFiles(): number {
  const folder = keptPages(t.db).folder;
  if (!folder) return 0;
  const files = readdirSync(folder);
  for (const file of files) writeFileSync(path.join(folder, file), 'X'.repeat(statSync(path.join(folder, file)).size));
  return files.length;
}

/** How many rows of the feed the n-th segment holds now. */
async function rowsIn(n: number): Promise<number> {
  return [...(await seqs()).values()].filter((seq) => seq >= segmentStart(n) && seq < segmentStart(n + 1)).length;
}

/**
 * The n-th segment kept: read by two pages that hold all of it (the first is remembered, the second
 * keeps it), its rows and `beyond` more after it when its last rows are not at its very end.
 */
/** `keepSegment` as asked for at `at` (ms). */
async function keepSegmentAt(n: number, at: number): Promise<void> {
  const limit = await rowsIn(n);
  for (const pageLimit of [limit, limit + 1]) {
    const page = await changesSince(t.db, { since: String(segmentStart(n) - 1), limit: pageLimit }, new Date(at));
    if (!Buffer.isBuffer(page) && 'giveBack' in page) page.giveBack();
  }
  await keptPagesWritten(t.db);
}

async function keepSegment(n: number, beyond = 0): Promise<void> {
  const since = segmentStart(n) - 1;
  const limit = (await rowsIn(n)) + beyond;
  // The second page holds one row more (of the next segment, in part): a page of its own.
  for (const pageLimit of [limit, limit + 1])
    expect(await pull(since, pageLimit)).toBe(await fromTables(since, pageLimit));
}

describe('segments of the change feed', () => {
  it('puts a page never read before together from a segment a page held whole, as the tables have it', async () => {
    expect(keptPages(t.db).segments).toBe(0);
    await keepSegment(0);
    expect(keptPages(t.db).segments).toBe(1);
    // Pages that start and end inside it, and one past it.
    for (const [since, limit] of [
      [segmentStart(0) + 5, 100],
      [segmentStart(0) + 6, 1],
      [segmentStart(0) - 1, 20],
      [segmentStart(0) + 100, 100],
    ] as const) {
      const text = await pull(since, limit);
      expect(text).toBe(await fromTables(since, limit));
      const page = JSON.parse(text) as SyncChangesResponse;
      expect(page.customers.length + page.vehicles.length).toBeGreaterThan(0);
    }
    // Only the segment's files (no page was read twice), and their bytes are what is sent.
    expect(tamperFiles()).toBe(keptPages(t.db).segments);
    expect(await pull(segmentStart(0) + 7, 100)).toContain(MARK);
  });

  it('reads only its part of a segment it holds in part, and keeps one the second time a page holds all of it', async () => {
    const since = segmentStart(1) + 50;
    const segments = keptPages(t.db).segments;
    for (const offset of [0, 1, 2]) expect(await pull(since + offset, 20)).toBe(await fromTables(since + offset, 20));
    const limit = await rowsIn(1);
    expect(await pull(segmentStart(1) - 1, limit)).toBe(await fromTables(segmentStart(1) - 1, limit));
    expect(keptPages(t.db).segments).toBe(segments);
    tamperFiles();
    expect(await pull(since + 3, 20)).not.toContain(MARK);
    expect(await pull(segmentStart(1) - 1, limit + 1)).not.toContain(MARK);
    expect(keptPages(t.db).segments).toBe(segments + 1);
    tamperFiles();
    expect(await pull(since + 4, 20)).toContain(MARK);
  });

  it('reads a segment again once a row in it changed: a customer, a vehicle, an inspection, a deletion', async () => {
    const changes: [string, number, () => Promise<unknown>][] = [
      ['a customer renamed', 2, () => put(`/api/customers/${inSegment(shop.customers, 2)}`, { name: 'Renamed' })],
      ['a vehicle changed', 3, () => put(`/api/vehicles/${inSegment(shop.vehicles, 3)}`, { color: 'Teal' })],
      [
        "an inspection's notes",
        4,
        () => post(`/api/inspections/${inSegment(shop.inspections, 4)}/notes`, { note: 'Checked again' }),
      ],
      ['a vehicle deleted', 5, () => del(`/api/vehicles/${inSegment(bare, 5)}`)],
    ];
    for (const [what, n, change] of changes) {
      await keepSegment(n);
      tamperFiles();
      expect(await pull(segmentStart(n) + 1, 100), what).toContain(MARK);
      await change();
      const since = segmentStart(n) + 2;
      const text = await pull(since, 100);
      expect(text, what).not.toContain(MARK);
      expect(text, what).toBe(await fromTables(since, 100));
    }
  });

  it('sends the newest changes, past the last whole segment, from the tables', async () => {
    const last = Math.max(...(await seqs()).values());
    const lastWhole = Math.floor((last + 1) / S) - 1;
    const since = lastWhole * S + 100;
    expect(last).toBeGreaterThan(since + 20);
    await post('/api/customers', { name: 'Newest', email: 'newest@mail.test', phone: '555-0199' });
    const text = await pull(since, 500);
    expect(text).toBe(await fromTables(since, 500));
    expect((JSON.parse(text) as SyncChangesResponse).customers.map((c) => c.name)).toContain('Newest');
  });

  it('leaves out an inspection kept for its date once it is older than the window, as the tables do', async () => {
    const id = recent.find((i) => feed.get(i)! >= segmentStart(6) + 5 && feed.get(i)! < segmentStart(7) - 5)!;
    expect(id).toBeDefined();
    const region = (at: number, offset: number) => ({ since: String(segmentStart(6) + offset), limit: 200, at });
    const read = async ({ since, limit, at }: { since: string; limit: number; at: number }) => {
      const page = await changesSince(t.db, { since, limit }, new Date(at));
      await keptPagesWritten(t.db);
      // A page never read before comes lent when it was put together from segments.
      expect(Buffer.isBuffer(page) || !('giveBack' in page)).toBe(false);
      const text = (page as { bytes: Buffer; giveBack: () => void }).bytes.toString();
      (page as { giveBack: () => void }).giveBack();
      expect(text).toBe(await changesFromTables(t.db, { since, limit }, new Date(at)));
      return (JSON.parse(text) as SyncChangesResponse).inspections.map((i) => i.id);
    };
    await keepSegmentAt(6, now);
    expect(await read(region(now, 1))).toContain(id);
    // Past the window, from the same segment: the ones in progress stay.
    const later = await read(region(now + 2 * DAY_MS, 2));
    expect(later.length).toBeGreaterThan(0);
    expect(later).not.toContain(id);
  });

  it('answers a page asked for at a time before its segment was read as the tables have it then', async () => {
    // Changed 15 days before: out of the window now, in it two days before.
    const n = 7;
    const since = segmentStart(n) - 1;
    await keepSegmentAt(n, now);
    const earlier = new Date(now - 2 * DAY_MS);
    const page = await changesSince(t.db, { since: String(since + 1), limit: S }, earlier);
    const text = Buffer.isBuffer(page) ? page.toString() : 'giveBack' in page ? page.bytes.toString() : page.text;
    expect(text).toBe(await changesFromTables(t.db, { since: String(since + 1), limit: S }, earlier));
    const ids = (JSON.parse(text) as SyncChangesResponse).inspections.map((i) => i.id);
    const fifteenDays = await t.db
      .selectFrom('inspections')
      .select('id')
      .where('updatedAt', '<', new Date(now - 14 * DAY_MS).toISOString())
      .execute();
    expect(ids.some((id) => fifteenDays.some((row) => row.id === id))).toBe(true);
  });

  it("reads the page from the tables when a segment's file cannot be read, and keeps the segment again", async () => {
    const folder = keptPages(t.db).folder!;
    for (const file of readdirSync(folder)) truncateSync(path.join(folder, file), 0);
    const since = segmentStart(0) + 9;
    expect(await pull(since, 100)).toBe(await fromTables(since, 100));
    await keepSegment(0);
    tamperFiles();
    expect(await pull(since + 1, 100)).toContain(MARK);
  });

  it('reads a segment again once deletions in it were forgotten (the tombstones pruned)', async () => {
    // Deletions recorded at the end of the feed, a few changes after them, then enough to close their segment.
    const gone = await addShop(3, () => undefined);
    for (const id of gone.vehicles) await del(`/api/vehicles/${id}`);
    await addShop(2, () => undefined);
    await addShop(S / 2 + 10, () => undefined);
    const at = await seqs();
    const tombstone = Math.max(...gone.vehicles.map((id) => at.get(id)!));
    const n = Math.floor(tombstone / S) - Math.ceil(firstSeq / S);
    expect(tombstone).toBeLessThan(segmentStart(n + 1) - 20);
    // The factories move the feed's sequence too: the segment's last rows are before its end.
    await keepSegment(n, 1);
    tamperFiles();
    expect(await pull(tombstone, 10)).toContain(MARK);
    expect(await pruneTombstones(t.db, new Date(Date.now() + 91 * DAY_MS))).toBeGreaterThan(0);
    // Cursors before the deletions forgotten start again; the rest of the segment is read again.
    expect((JSON.parse(await pull(tombstone - 1, 10)) as SyncChangesResponse).resync).toBe(true);
    const text = await pull(tombstone + 1, 10);
    expect(text).not.toContain(MARK);
    expect(text).toBe(await fromTables(tombstone + 1, 10));
  });

  it('keeps its files private to the server', () => {
    const folder = keptPages(t.db).folder!;
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(folder)) expect(statSync(path.join(folder, file)).mode & 0o777).toBe(0o600);
  });
});

async function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await tech.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
}
const put = (url: string, payload: object) => send('PUT', url, payload);
const post = (url: string, payload: object) => send('POST', url, payload);
const del = (url: string) => send('DELETE', url);
