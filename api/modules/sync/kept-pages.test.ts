import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SyncChangesResponse } from '@shared/schemas/sync';
import { createTestApp, useTestApp } from '@api/test/app';
import { createInspection } from '@api/test/factories';
import { pruneTombstones } from '@api/lib/change-log';
import { KEPT_PAGE_MIN_BYTES, keptPages, keptPagesWritten, removeFoldersOfStoppedServers } from './kept-pages';
import { changesSince } from './sync.service';

// The app runs as the production server does (no checks), so that what it sends is what it kept.
const t = await useTestApp({}, { checked: false });
const tech = await t.signIn('technician');

const DAY_MS = 24 * 60 * 60 * 1000;
const TAMPERED = '{"tampered":true}';
const isTampered = (text: string) => text.trimEnd() === TAMPERED;

async function call(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await tech.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : (res.json() as { id: string } & Record<string, unknown>);
}

async function pullText(since: string, limit: number): Promise<string> {
  const res = await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${since}&limit=${limit}` });
  expect(res.statusCode, res.body).toBe(200);
  // As a device's next request would, after the page was written.
  await keptPagesWritten(t.db);
  return res.body;
}

/**
 * Every kept page's file made to say something the page never said (as long as it was, the rest
 * blanks): a read that sends it was answered from it.
 */
function tamperKeptFiles(): number {
  const folder = keptPages(t.db).folder;
  if (!folder) return 0;
  const files = readdirSync(folder);
  for (const file of files) {
    const at = path.join(folder, file);
    writeFileSync(at, TAMPERED.padEnd(statSync(at).size, ' '));
  }
  return files.length;
}

// A page of 150 customers with long addresses, larger than the smallest page kept.
const address = (n: number) => `${n} Long Road, Building ${'B'.repeat(120)}, Springfield`;
const customers: { id: string }[] = [];
for (let n = 0; n < 150; n++) {
  customers.push(
    (await call('POST', '/api/customers', {
      name: `Customer ${n}`,
      email: `customer${n}@mail.test`,
      phone: '555-0100',
      address: address(n),
    }))!,
  );
}
const vehicle = (await call('POST', '/api/vehicles', {
  customerId: customers[10]!.id,
  year: 2019,
  make: 'Honda',
  model: 'Fit',
}))!;
const inspection = (await call('POST', '/api/inspections', {
  customerId: customers[10]!.id,
  vehicleId: vehicle.id,
  services: [{ description: 'Wipers', laborCost: '10.00' }],
})) as { id: string; services: { id: string }[] };

describe('kept pages of the change feed', () => {
  it('sends a large page again from its file while none of its rows changed', async () => {
    const first = await pullText('0', 1000);
    expect(first.length).toBeGreaterThan(KEPT_PAGE_MIN_BYTES);
    // Kept the second time it is read.
    expect(keptPages(t.db).count).toBe(0);
    expect(await pullText('0', 1000)).toBe(first);
    expect(keptPages(t.db).count).toBe(1);
    expect(await pullText('0', 1000)).toBe(first);
    expect(tamperKeptFiles()).toBe(1);
    expect(isTampered(await pullText('0', 1000))).toBe(true);
    // Another limit is another page.
    expect(isTampered(await pullText('0', 999))).toBe(false);
  });

  it('keeps its files private to the server', () => {
    const folder = keptPages(t.db).folder!;
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(folder)) expect(statSync(path.join(folder, file)).mode & 0o777).toBe(0o600);
  });

  it('reads the page again once a row in it changed: a customer, its vehicle, an inspection, a deletion', async () => {
    const changes: [string, () => Promise<unknown>, (page: SyncChangesResponse) => unknown][] = [
      [
        'a customer renamed',
        () => call('PUT', `/api/customers/${customers[3]!.id}`, { name: 'Renamed Three' }),
        (page) => page.customers.find((c) => c.id === customers[3]!.id),
      ],
      [
        'a vehicle changed',
        () => call('PUT', `/api/vehicles/${vehicle.id}`, { color: 'Teal' }),
        (page) => page.vehicles.find((v) => v.id === vehicle.id),
      ],
      [
        "an inspection's service changed",
        () => call('PUT', `/api/services/${inspection.services[0]!.id}`, { laborCost: '12.50' }),
        (page) => page.inspections.find((i) => i.id === inspection.id),
      ],
      [
        'a customer deleted',
        () => call('DELETE', `/api/customers/${customers[140]!.id}`),
        (page) => page.deleted.find((d) => d.id === customers[140]!.id),
      ],
    ];
    for (const [what, change, find] of changes) {
      await pullText('0', 1000);
      await pullText('0', 1000);
      tamperKeptFiles();
      // This page is kept: it is sent from its file.
      expect(isTampered(await pullText('0', 1000)), what).toBe(true);
      await change();
      const text = await pullText('0', 1000);
      expect(isTampered(text), what).toBe(false);
      const page = JSON.parse(text) as SyncChangesResponse;
      // The change is in this page (the feed is short enough for one): as the fresh read has it.
      expect(page.hasMore, what).toBe(false);
      expect(find(page), what).toBeTruthy();
    }
    const page = JSON.parse(await pullText('0', 1000)) as SyncChangesResponse;
    expect(page.customers.find((c) => c.id === customers[3]!.id)?.name).toBe('Renamed Three');
    expect(page.vehicles.find((v) => v.id === vehicle.id)?.color).toBe('Teal');
    expect(page.inspections.find((i) => i.id === inspection.id)?.services[0]?.laborCost).toBe('12.50');
  });

  it('reads a page again when more changes follow it, and keeps pages in the middle of the feed', async () => {
    const whole = JSON.parse(await pullText('0', 1000)) as SyncChangesResponse;
    const full = await pullText('0', 120);
    expect(await pullText('0', 120)).toBe(full);
    expect((JSON.parse(full) as SyncChangesResponse).hasMore).toBe(true);
    tamperKeptFiles();
    expect(isTampered(await pullText('0', 120))).toBe(true);
    // The last page, read again once a change follows it (its end and `hasMore` move).
    await call('POST', '/api/customers', { name: 'Late', email: 'late@mail.test', phone: '555-0101' });
    const last = JSON.parse(await pullText('0', 1000)) as SyncChangesResponse;
    expect(last.cursor).not.toBe(whole.cursor);
    expect(last.customers.map((c) => c.name)).toContain('Late');
    // The full page before it still holds the same rows: it is still sent from its file.
    expect(isTampered(await pullText('0', 120))).toBe(true);
  });

  it('reads a page again once an inspection kept for its date has dropped out of the window', async () => {
    const now = Date.now();
    const old = await createInspection(t.db, {
      customerId: customers[20]!.id,
      status: 'completed',
      updatedAt: new Date(now - 13 * DAY_MS).toISOString(),
    });
    // A note records the change without moving updatedAt.
    await call('POST', `/api/inspections/${old.id}/notes`, { note: 'Checked again' });
    const query = { since: '0', limit: 1000 };
    const ids = async (at: number) => {
      const page = await changesSince(t.db, query, new Date(at));
      await keptPagesWritten(t.db);
      const text = Buffer.isBuffer(page) ? page.toString() : 'giveBack' in page ? page.bytes.toString() : page.text;
      return isTampered(text) ? TAMPERED : (JSON.parse(text) as SyncChangesResponse).inspections.map((i) => i.id);
    };
    expect(await ids(now)).toContain(old.id);
    expect(await ids(now)).toContain(old.id);
    tamperKeptFiles();
    expect(await ids(now + 0.5 * DAY_MS)).toBe(TAMPERED);
    // Fourteen days after it changed it is no longer sent: the kept page is not either.
    const later = await ids(now + 1.5 * DAY_MS);
    expect(later).not.toBe(TAMPERED);
    expect(later).not.toContain(old.id);
  });

  it('sends a kept page whole when its file was removed from the folder (the server holds it open)', async () => {
    const page = await pullText('0', 1000);
    await pullText('0', 1000);
    const folder = keptPages(t.db).folder!;
    expect(readdirSync(folder).length).toBeGreaterThan(0);
    for (const file of readdirSync(folder)) rmSync(path.join(folder, file));
    expect(await pullText('0', 1000)).toBe(page);
  });

  it('makes its folder again when a temporary-folder cleaner removed it', async () => {
    const folder = keptPages(t.db).folder!;
    rmSync(folder, { recursive: true });
    const page = await pullText('0', 998);
    expect(await pullText('0', 998)).toBe(page);
    const again = keptPages(t.db).folder!;
    expect(readdirSync(again)).toHaveLength(1);
    tamperKeptFiles();
    expect(isTampered(await pullText('0', 998))).toBe(true);
  });

  it('reads a page again once deletions in it were forgotten (the tombstones pruned)', async () => {
    // Another limit than the tests before: a page of its own, kept in a file of its own.
    const before = JSON.parse(await pullText('0', 999)) as SyncChangesResponse;
    expect(before.deleted.length).toBeGreaterThan(0);
    await pullText('0', 999);
    tamperKeptFiles();
    expect(isTampered(await pullText('0', 999))).toBe(true);
    expect(await pruneTombstones(t.db, new Date(Date.now() + 91 * DAY_MS))).toBeGreaterThan(0);
    const text = await pullText('0', 999);
    expect(isTampered(text)).toBe(false);
    expect((JSON.parse(text) as SyncChangesResponse).deleted).toEqual([]);
  });

  it("keeps no small page, and closing another server leaves this one's pages", async () => {
    const small = await createTestApp({}, { checked: false });
    const client = await small.signIn('technician');
    await client.inject({
      method: 'POST',
      url: '/api/customers',
      payload: { name: 'A', email: 'a@mail.test', phone: '1' },
    });
    for (let read = 0; read < 3; read++) {
      const res = await client.inject({ method: 'GET', url: '/api/sync/changes?since=0' });
      expect(res.statusCode).toBe(200);
    }
    await keptPagesWritten(small.db);
    expect(keptPages(small.db).count).toBe(0);
    await small.close();
    const folder = keptPages(t.db).folder!;
    expect(existsSync(folder)).toBe(true);
  });
});

describe('kept pages when the server closes', () => {
  it('removes the folder of its pages', async () => {
    const other = await createTestApp({}, { checked: false });
    const client = await other.signIn('technician');
    for (let n = 0; n < 150; n++) {
      await client.inject({
        method: 'POST',
        url: '/api/customers',
        payload: { name: `C${n}`, email: `c${n}@mail.test`, phone: '1', address: address(n) },
      });
    }
    for (let read = 0; read < 2; read++)
      await client.inject({ method: 'GET', url: '/api/sync/changes?since=0&limit=1000' });
    await keptPagesWritten(other.db);
    const folder = keptPages(other.db).folder!;
    expect(readdirSync(folder)).toHaveLength(1);
    await other.close();
    expect(existsSync(folder)).toBe(false);
  });
});

describe('kept pages of a server that was killed', () => {
  it('are removed by the next server that keeps a page, and those of running servers are not', () => {
    // A process that has exited: its id names no running process now.
    const stopped = spawnSync(process.execPath, ['-e', '']).pid!;
    // Names of their own: the other database's run of this file may be doing the same.
    const dead = path.join(tmpdir(), `baywise-sync-pages-${stopped}-${randomUUID()}`);
    const running = path.join(tmpdir(), `baywise-sync-pages-${process.pid}-${randomUUID()}`);
    for (const folder of [dead, running]) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, '1.json'), '{}');
    }
    removeFoldersOfStoppedServers();
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(running)).toBe(true);
    rmSync(running, { recursive: true });
  });
});
