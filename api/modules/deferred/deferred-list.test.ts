import { describe, expect, it } from 'vitest';
import type { DeferredWork } from '@shared/schemas/deferred';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** A finished inspection `days` old with one declined service of `cents`. */
async function declined(customerName: string, phone: string, description: string, cents: number, days: number) {
  const customer = await createCustomer(t.db, { name: customerName, phone });
  const vehicle = await createVehicle(t.db, customer.id, { year: 2012, make: 'Ford', model: 'Focus' });
  const inspection = await createInspection(
    t.db,
    { customerId: customer.id, vehicleId: vehicle.id, createdAt: daysAgo(days) },
    [{ description, laborCostCents: cents, status: 'declined' }],
  );
  const res = await advisor.inject({
    method: 'PATCH',
    url: `/api/inspections/${inspection.id}`,
    payload: { status: 'completed' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return inspection;
}

await declined('Ada Park', '555-0201', 'Timing belt', 65_000, 40);
await declined('bo Chen', '555-0202', 'Front struts', 90_000, 10);
await declined('Cy Ortiz', '555-0203', 'Coolant flush', 12_000, 90);

async function list(query: string) {
  const res = await advisor.inject({ method: 'GET', url: `/api/deferred-work?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as DeferredWork[], total: res.headers['x-total-count'] };
}
const descriptions = async (query: string) => (await list(query)).rows.map((r) => r.description);

describe('GET /api/deferred-work', () => {
  it('lists open lines oldest first, or by value, or by customer (case ignored)', async () => {
    expect(await descriptions('')).toEqual(['Coolant flush', 'Timing belt', 'Front struts']);
    expect(await descriptions('sort=age')).toEqual(['Coolant flush', 'Timing belt', 'Front struts']);
    expect(await descriptions('sort=value')).toEqual(['Front struts', 'Timing belt', 'Coolant flush']);
    expect(await descriptions('sort=customer')).toEqual(['Timing belt', 'Front struts', 'Coolant flush']);
  });

  it('searches customer, phone, vehicle and description, and filters by value', async () => {
    expect(await descriptions('q=CHEN')).toEqual(['Front struts']);
    expect(await descriptions('q=0203')).toEqual(['Coolant flush']);
    expect(await descriptions('q=belt')).toEqual(['Timing belt']);
    expect(await descriptions('q=focus')).toHaveLength(3);
    expect(await descriptions('minAmountCents=65000')).toEqual(['Timing belt', 'Front struts']);
    expect(await descriptions('minAmountCents=65001&sort=value')).toEqual(['Front struts']);
  });

  it('pages with limit and offset and tells the total', async () => {
    expect(await list('limit=2')).toMatchObject({ total: '3' });
    expect((await list('limit=2')).rows.map((r) => r.description)).toEqual(['Coolant flush', 'Timing belt']);
    expect(await list('limit=2&offset=2')).toMatchObject({ total: '3' });
    expect((await list('limit=2&offset=2')).rows.map((r) => r.description)).toEqual(['Front struts']);
  });

  it('keeps a follow-up date and outcome per line, and filters lines due by a day', async () => {
    const [coolant, belt] = (await list('')).rows;
    const set = await advisor.inject({
      method: 'PATCH',
      url: `/api/deferred-work/${coolant!.id}`,
      payload: { followUpDate: '2026-11-20', followUpOutcome: 'called_no_answer' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      followUpDate: '2026-11-20',
      followUpOutcome: 'called_no_answer',
      status: 'open',
    });
    await advisor.inject({
      method: 'PATCH',
      url: `/api/deferred-work/${belt!.id}`,
      payload: { followUpDate: '2026-12-01' },
    });
    expect(await descriptions('followUpDueBy=2026-11-25')).toEqual(['Coolant flush']);
    expect(await descriptions('followUpDueBy=2026-12-01')).toEqual(['Coolant flush', 'Timing belt']);

    const cleared = await advisor.inject({
      method: 'PATCH',
      url: `/api/deferred-work/${belt!.id}`,
      payload: { followUpDate: null },
    });
    expect(cleared.json()).toMatchObject({ followUpDate: null });
    const one = await advisor.inject({ method: 'GET', url: `/api/deferred-work/${coolant!.id}` });
    expect(one.json()).toMatchObject({ id: coolant!.id, followUpOutcome: 'called_no_answer' });
  });

  it('leaves dismissed lines out of the open list and shows them on request', async () => {
    const struts = (await list('q=struts')).rows[0]!;
    const res = await advisor.inject({
      method: 'PATCH',
      url: `/api/deferred-work/${struts.id}`,
      payload: { status: 'dismissed', dismissReason: 'Sold the car' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await descriptions('')).toEqual(['Coolant flush', 'Timing belt']);
    expect(await descriptions('status=dismissed')).toEqual(['Front struts']);
    expect(await descriptions('status=all')).toEqual(['Coolant flush', 'Timing belt', 'Front struts']);
  });

  it('answers 400 with the reason for bad input, never a 500', async () => {
    const cases: [string, string][] = [
      ['sort=oldest', 'Sort must be one of: age, value, customer'],
      ['minAmountCents=-1', 'minAmountCents must be at least 0'],
      ['followUpDueBy=2026-02-30', 'Follow-up date must be a date (YYYY-MM-DD)'],
      ['status=closed', 'Status must be open, added, dismissed or all'],
    ];
    for (const [query, message] of cases) {
      const res = await advisor.inject({ method: 'GET', url: `/api/deferred-work?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const [line] = (await list('')).rows;
    const bad = await advisor.inject({
      method: 'PATCH',
      url: `/api/deferred-work/${line!.id}`,
      payload: { followUpOutcome: 'maybe' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(
      'Outcome must be one of: called_booked, called_no_answer, left_message, call_back_later, not_interested',
    );
  });
});
