import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';
import { growthPercent } from './dashboard.service';

const t = await useTestApp();
const tech = await t.signIn('technician');

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY).toISOString();
// The client's "today": a local day long past, so it does not touch the 60-day growth windows.
const start = new Date(Math.floor((now - 120 * DAY) / DAY) * DAY + 5 * 60 * 60 * 1000);
const todayStart = start.toISOString();
const todayEnd = new Date(start.getTime() + DAY).toISOString();
const at = (ms: number) => new Date(ms).toISOString();

async function stats(query = '') {
  const res = await tech.inject({ method: 'GET', url: `/api/dashboard/stats${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('growthPercent', () => {
  it('is the whole percent change, none without a previous period', () => {
    expect(growthPercent(0, 0)).toBeNull();
    expect(growthPercent(5, 0)).toBeNull();
    expect(growthPercent(3, 2)).toBe(50);
    expect(growthPercent(2, 3)).toBe(-33);
    expect(growthPercent(1, 3)).toBe(-67);
    expect(growthPercent(1, 8)).toBe(-88);
    expect(growthPercent(0, 4)).toBe(-100);
    expect(growthPercent(9, 8)).toBe(13);
  });
});

describe('GET /api/dashboard/stats on an empty shop', () => {
  it('is all zeros', async () => {
    expect(await stats()).toEqual({
      totalCustomers: 0,
      totalInspections: 0,
      inspectionsToday: 0,
      pendingInspections: 0,
      customerGrowth: null,
      inspectionGrowth: null,
    });
  });
});

describe('GET /api/dashboard/stats', () => {
  beforeAll(async () => {
    const old = await createCustomer(t.db, { createdAt: daysAgo(200) });
    for (const days of [1, 10, 29]) await createCustomer(t.db, { createdAt: daysAgo(days) });
    for (const days of [31, 59]) await createCustomer(t.db, { createdAt: daysAgo(days) });
    const vehicle = await createVehicle(t.db, old.id);
    const inspect = (createdAt: string, status = 'in_progress') =>
      createInspection(t.db, { customerId: old.id, vehicleId: vehicle.id, createdAt, status });
    await inspect(todayStart); // first instant of the day counts
    await inspect(at(start.getTime() + DAY - 1), 'completed'); // last millisecond counts
    await inspect(at(start.getTime() - 1)); // the day before
    await inspect(todayEnd); // the next day
    await inspect(daysAgo(2));
    await inspect(daysAgo(3), 'approved');
    await inspect(daysAgo(45), 'declined');
  });

  it("counts totals, the client's day, pending work and 30-day growth", async () => {
    expect(await stats(`?todayStart=${todayStart}&todayEnd=${todayEnd}`)).toEqual({
      totalCustomers: 6,
      totalInspections: 7,
      inspectionsToday: 2,
      pendingInspections: 4,
      customerGrowth: 50, // 3 in the last 30 days against 2 before
      inspectionGrowth: 100, // 2 against 1
    });
  });

  it('accepts instants with an offset', async () => {
    const local = new Date(start.getTime() - 5 * 60 * 60 * 1000).toISOString().replace('Z', '-05:00');
    const body = await stats(`?todayStart=${encodeURIComponent(local)}&todayEnd=${todayEnd}`);
    expect(body.inspectionsToday).toBe(2);
  });

  it('takes one bound alone as a 24-hour day', async () => {
    expect((await stats(`?todayStart=${todayStart}`)).inspectionsToday).toBe(2);
    expect((await stats(`?todayEnd=${todayEnd}`)).inspectionsToday).toBe(2);
  });

  it('rejects values that are not ISO instants, and an end before the start', async () => {
    for (const [query, path] of [
      ['?todayStart=yesterday', 'todayStart'],
      ['?todayEnd=2026-13-45T00:00:00Z', 'todayEnd'],
      ['?todayStart=2026-01-01', 'todayStart'],
    ]) {
      const res = await tech.inject({ method: 'GET', url: `/api/dashboard/stats${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues).toEqual([
        { path, message: `${path} must be an ISO date and time, e.g. 2026-11-22T05:00:00.000Z` },
      ]);
    }
    const reversed = await tech.inject({
      method: 'GET',
      url: `/api/dashboard/stats?todayStart=${todayEnd}&todayEnd=${todayStart}`,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ error: 'bad_request', message: 'todayEnd must be after todayStart' });
  });

  it('uses the current UTC day when no day is given', async () => {
    expect((await stats()).inspectionsToday).toBe(0);
    await createInspection(t.db, { createdAt: new Date().toISOString(), status: 'completed' });
    expect(await stats()).toMatchObject({
      totalCustomers: 7,
      totalInspections: 8,
      inspectionsToday: 1,
      pendingInspections: 4,
      customerGrowth: 100, // 4 against 2
      inspectionGrowth: 200, // 3 against 1
    });
  });

  it('is 401 signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dashboard/stats' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unauthorized' });
  });
});
