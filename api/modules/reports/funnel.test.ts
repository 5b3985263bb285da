import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import {
  createInspection,
  createUser,
  insertServiceDecision,
  insertShareSend,
  insertShareView,
  type ServiceSeed,
} from '@api/test/factories';

const t = await useTestApp();
const advisorClient = await t.signIn('service_advisor');

const zero = {
  inspections: 0,
  sent: 0,
  shareRate: null,
  viewed: 0,
  viewRate: null,
  medianMinutesToView: null,
  medianMinutesToDecision: null,
  services: 0,
  approvedServices: 0,
  recommendedCents: 0,
  approvedCents: 0,
  declinedCents: 0,
  approvalRateByCount: null,
  approvalRateByValue: null,
  approvedInspections: 0,
  averageRepairOrderCents: null,
};

async function funnel(query: string) {
  const res = await advisorClient.inject({ method: 'GET', url: `/api/reports/funnel?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/reports/funnel on an empty range', () => {
  it('is zeros, no groups and every day at zero', async () => {
    expect(await funnel('from=2025-01-01&to=2025-01-03')).toEqual({
      from: '2025-01-01',
      to: '2025-01-03',
      timeZone: 'UTC',
      overall: zero,
      technicians: [],
      advisors: [],
      days: [
        { date: '2025-01-01', approvedCents: 0 },
        { date: '2025-01-02', approvedCents: 0 },
        { date: '2025-01-03', approvedCents: 0 },
      ],
    });
  });
});

describe('GET /api/reports/funnel on a hand-checked shop (America/Chicago, UTC-6 in early March)', () => {
  const ids: Record<string, string> = {};

  // An inspection created at `createdAt` (UTC) with services; approved amounts set after creation.
  async function inspect(
    createdAt: string,
    technicianId: string | null,
    services: (ServiceSeed & { approvedAmountCents?: number })[],
  ) {
    const made = await createInspection(t.db, { createdAt, technicianId }, services);
    for (const [i, seed] of services.entries()) {
      if (seed.approvedAmountCents !== undefined) {
        await t.db
          .updateTable('services')
          .set({ approvedAmountCents: seed.approvedAmountCents })
          .where('id', '=', made.services[i]!.id)
          .execute();
      }
    }
    return made;
  }

  // A customer's decision on the inspection's service number `index`, taken at `decidedAt`.
  function decide(
    made: { id: string; services: { id: string }[] },
    index: number,
    decision: string,
    decidedAt: string,
  ) {
    return insertServiceDecision(t.db, {
      inspectionId: made.id,
      serviceId: made.services[index]!.id,
      decision,
      decidedAt,
    });
  }

  beforeAll(async () => {
    const alice = await createUser(t.db, { username: 'alice', role: 'technician' });
    const bob = await createUser(t.db, { username: 'bob', role: 'technician' });
    const sam = await createUser(t.db, { username: 'sam', role: 'service_advisor' });
    const tina = await createUser(t.db, { username: 'tina', role: 'service_advisor' });
    Object.assign(ids, { alice: alice.id, bob: bob.id, sam: sam.id, tina: tina.id });

    // I1, Mar 2 08:00 local. Oil: 40.00 labour + parts 15.00 + 5.00 (their sum kept in the
    // parts cost, as every write keeps it) = 60.00, approved at 55.00 before a price change; brakes 300.00 declined;
    // wipers 30.00 still recommended.
    const i1 = await inspect('2026-03-02T14:00:00.000Z', alice.id, [
      {
        laborCostCents: 4000,
        partsCostCents: 2000,
        status: 'approved',
        approvedAmountCents: 5500,
        parts: [{ partCostCents: 1500 }, { partCostCents: 500 }],
      },
      { laborCostCents: 20000, partsCostCents: 10000, status: 'declined' },
      { laborCostCents: 3000 },
    ]);
    // A failed email by tina comes first but does not count: sam's send at 14:10 is the first.
    await insertShareSend(t.db, {
      inspectionId: i1.id,
      userId: tina.id,
      sentAt: '2026-03-02T14:05:00.000Z',
      status: 'failed',
    });
    await insertShareSend(t.db, { inspectionId: i1.id, userId: sam.id, sentAt: '2026-03-02T14:10:00.000Z' });
    await insertShareSend(t.db, { inspectionId: i1.id, userId: tina.id, sentAt: '2026-03-02T15:00:00.000Z' });
    await insertShareView(t.db, i1.id, '2026-03-02T14:16:00.000Z'); // 6 minutes
    // An approval in person before the send is not an answer to it; the decline at 14:40 is (30 minutes).
    await decide(i1, 0, 'approved', '2026-03-02T14:00:30.000Z');
    await decide(i1, 1, 'declined', '2026-03-02T14:40:00.000Z');

    // I2, Mar 2 23:30 local (Mar 3 in UTC). Tyres 120.00 approved (no recorded amount: today's),
    // alignment 80.00 approved at 80.00.
    const i2 = await inspect('2026-03-03T05:30:00.000Z', alice.id, [
      { laborCostCents: 12000, status: 'approved' },
      { laborCostCents: 8000, status: 'approved', approvedAmountCents: 8000 },
    ]);
    await insertShareSend(t.db, {
      inspectionId: i2.id,
      userId: tina.id,
      sentAt: '2026-03-03T05:40:00.000Z',
      channel: 'text',
      status: 'opened',
    });
    await insertShareView(t.db, i2.id, '2026-03-03T05:50:00.000Z'); // 10 minutes
    // An unapprove is not a decision the funnel waits for; the approval at 06:20 is (40 minutes).
    await decide(i2, 0, 'unapproved', '2026-03-03T05:45:00.000Z');
    await decide(i2, 0, 'approved', '2026-03-03T06:20:00.000Z');

    // I3, Mar 3 10:00 local, never sent; a view of a link passed on by hand is not counted.
    const i3 = await inspect('2026-03-03T16:00:00.000Z', bob.id, [{ laborCostCents: 2500 }]);
    await insertShareView(t.db, i3.id, '2026-03-03T17:00:00.000Z');

    // I4, Mar 4 09:00 local. Battery 180.00 approved; coolant 60.00 declined.
    const i4 = await inspect('2026-03-04T15:00:00.000Z', bob.id, [
      { laborCostCents: 3000, partsCostCents: 15000, status: 'approved', approvedAmountCents: 18000 },
      { laborCostCents: 6000, status: 'declined' },
    ]);
    await insertShareSend(t.db, { inspectionId: i4.id, userId: sam.id, sentAt: '2026-03-04T15:30:00.000Z' });
    await insertShareView(t.db, i4.id, '2026-03-04T16:30:00.000Z'); // 60 minutes
    await decide(i4, 0, 'approved', '2026-03-04T16:45:00.000Z'); // 75

    // I5, Mar 4 12:00 local, no technician, no services, sent by sam and never opened.
    const i5 = await inspect('2026-03-04T18:00:00.000Z', null, []);
    await insertShareSend(t.db, { inspectionId: i5.id, userId: sam.id, sentAt: '2026-03-04T18:05:00.000Z' });

    // Outside the Chicago range: Mar 1 23:59:59.999 local and Mar 5 00:00 local; and two in the
    // same UTC hour that fall on two days in India (local days begin at 18:30 UTC there).
    await inspect('2026-03-02T05:59:59.999Z', null, [{ laborCostCents: 700, status: 'approved' }]);
    await inspect('2026-03-05T06:00:00.000Z', null, [{ laborCostCents: 99900, status: 'approved' }]);
    await inspect('2026-03-05T18:20:00.000Z', null, [{ laborCostCents: 100, status: 'approved' }]);
    await inspect('2026-03-05T18:40:00.000Z', null, [{ laborCostCents: 10, status: 'approved' }]);
  });

  it('gives every figure overall, per technician and per advisor, and approved $ per local day', async () => {
    const body = await funnel('from=2026-03-02&to=2026-03-04&tz=America/Chicago');
    expect(body).toEqual({
      from: '2026-03-02',
      to: '2026-03-04',
      timeZone: 'America/Chicago',
      overall: {
        inspections: 5,
        sent: 4, // I1, I2, I4, I5
        shareRate: 0.8,
        viewed: 3, // I1, I2, I4 (I3's view was never sent)
        viewRate: 0.75,
        medianMinutesToView: 10, // 6, 10, 60
        medianMinutesToDecision: 40, // 30, 40, 75
        services: 8,
        approvedServices: 4,
        recommendedCents: 85500, // 390.00 + 200.00 + 25.00 + 240.00
        approvedCents: 43500, // 55.00 + 200.00 + 180.00
        declinedCents: 36000, // 300.00 + 60.00
        approvalRateByCount: 0.5,
        approvalRateByValue: 43500 / 85500,
        approvedInspections: 3,
        averageRepairOrderCents: 14500, // 435.00 over 3
      },
      technicians: [
        {
          key: ids.alice,
          userId: ids.alice,
          name: 'alice',
          inspections: 2,
          sent: 2,
          shareRate: 1,
          viewed: 2,
          viewRate: 1,
          medianMinutesToView: 8,
          medianMinutesToDecision: 35,
          services: 5,
          approvedServices: 3,
          recommendedCents: 59000,
          approvedCents: 25500,
          declinedCents: 30000,
          approvalRateByCount: 0.6,
          approvalRateByValue: 25500 / 59000,
          approvedInspections: 2,
          averageRepairOrderCents: 12750,
        },
        {
          key: ids.bob,
          userId: ids.bob,
          name: 'bob',
          inspections: 2,
          sent: 1,
          shareRate: 0.5,
          viewed: 1,
          viewRate: 1,
          medianMinutesToView: 60,
          medianMinutesToDecision: 75,
          services: 3,
          approvedServices: 1,
          recommendedCents: 26500,
          approvedCents: 18000,
          declinedCents: 6000,
          approvalRateByCount: 1 / 3,
          approvalRateByValue: 18000 / 26500,
          approvedInspections: 1,
          averageRepairOrderCents: 18000,
        },
        {
          ...zero,
          key: 'none',
          userId: null,
          name: 'No technician',
          inspections: 1,
          sent: 1,
          shareRate: 1,
          viewRate: 0,
        },
      ],
      advisors: [
        {
          key: ids.sam,
          userId: ids.sam,
          name: 'sam',
          inspections: 3,
          sent: 3,
          shareRate: 1,
          viewed: 2,
          viewRate: 2 / 3,
          medianMinutesToView: 33,
          medianMinutesToDecision: 52.5,
          services: 5,
          approvedServices: 2,
          recommendedCents: 63000,
          approvedCents: 23500,
          declinedCents: 36000,
          approvalRateByCount: 0.4,
          approvalRateByValue: 23500 / 63000,
          approvedInspections: 2,
          averageRepairOrderCents: 11750,
        },
        {
          key: ids.tina,
          userId: ids.tina,
          name: 'tina',
          inspections: 1,
          sent: 1,
          shareRate: 1,
          viewed: 1,
          viewRate: 1,
          medianMinutesToView: 10,
          medianMinutesToDecision: 40,
          services: 2,
          approvedServices: 2,
          recommendedCents: 20000,
          approvedCents: 20000,
          declinedCents: 0,
          approvalRateByCount: 1,
          approvalRateByValue: 1,
          approvedInspections: 1,
          averageRepairOrderCents: 20000,
        },
        {
          ...zero,
          key: 'not_sent',
          userId: null,
          name: 'Not sent',
          inspections: 1,
          shareRate: 0,
          services: 1,
          recommendedCents: 2500,
          approvalRateByCount: 0,
          approvalRateByValue: 0,
        },
      ],
      days: [
        { date: '2026-03-02', approvedCents: 25500 }, // I1 and I2 (UTC would put I2 on Mar 3)
        { date: '2026-03-03', approvedCents: 0 },
        { date: '2026-03-04', approvedCents: 18000 },
      ],
    });
  });

  it('counts UTC days without a time zone', async () => {
    const body = await funnel('from=2026-03-02&to=2026-03-04');
    expect(body.timeZone).toBe('UTC');
    expect(body.overall.inspections).toBe(6); // I1–I5 and the one at 05:59:59.999Z
    expect(body.days).toEqual([
      { date: '2026-03-02', approvedCents: 6200 },
      { date: '2026-03-03', approvedCents: 20000 },
      { date: '2026-03-04', approvedCents: 18000 },
    ]);
  });

  it('puts rows on local days that begin at half past an hour (Asia/Kolkata, UTC+5:30)', async () => {
    const body = await funnel('from=2026-03-02&to=2026-03-06&tz=Asia/Kolkata');
    expect(body.overall.inspections).toBe(9);
    expect(body.days).toEqual([
      { date: '2026-03-02', approvedCents: 6200 },
      { date: '2026-03-03', approvedCents: 20000 },
      { date: '2026-03-04', approvedCents: 18000 },
      { date: '2026-03-05', approvedCents: 100000 }, // 999.00 and 1.00 at 23:50
      { date: '2026-03-06', approvedCents: 10 }, // 00:10, the same UTC hour
    ]);
  });

  it('has share rate 0, no view rate and no medians where nothing was sent', async () => {
    const body = await funnel('from=2026-03-03&to=2026-03-03&tz=America/Chicago');
    expect(body.overall).toEqual({
      ...zero,
      inspections: 1,
      shareRate: 0,
      services: 1,
      recommendedCents: 2500,
      approvalRateByCount: 0,
      approvalRateByValue: 0,
    });
    expect(body.advisors.map((group: { name: string }) => group.name)).toEqual(['Not sent']);
    expect(body.technicians.map((group: { name: string }) => group.name)).toEqual(['bob']);
  });

  it('puts sends by a deleted user under "Former user"', async () => {
    const gone = await createUser(t.db, { username: 'gone', role: 'service_advisor' });
    const made = await inspect('2027-01-10T12:00:00.000Z', null, [{ laborCostCents: 1000, status: 'approved' }]);
    await insertShareSend(t.db, { inspectionId: made.id, userId: gone.id, sentAt: '2027-01-10T12:30:00.000Z' });
    await t.db.deleteFrom('users').where('id', '=', gone.id).execute();
    const body = await funnel('from=2027-01-10&to=2027-01-10');
    expect(body.advisors).toEqual([
      {
        ...zero,
        key: 'former_user',
        userId: null,
        name: 'Former user',
        inspections: 1,
        sent: 1,
        shareRate: 1,
        viewRate: 0,
        services: 1,
        approvedServices: 1,
        recommendedCents: 1000,
        approvedCents: 1000,
        approvalRateByCount: 1,
        approvalRateByValue: 1,
        approvedInspections: 1,
        averageRepairOrderCents: 1000,
      },
    ]);
  });
});

describe('GET /api/reports/funnel rejects what it cannot report on', () => {
  it.each([
    ['from=2026-02-30&to=2026-03-01', 'from', 'from must be a date as YYYY-MM-DD, e.g. 2026-11-01'],
    ['from=03/02/2026&to=2026-03-04', 'from', 'from must be a date as YYYY-MM-DD, e.g. 2026-11-01'],
    ['from=2026-03-02', 'to', 'to must be a date as YYYY-MM-DD, e.g. 2026-11-01'],
  ])('%s is 400', async (query, path, message) => {
    const res = await advisorClient.inject({ method: 'GET', url: `/api/reports/funnel?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path, message }]);
  });

  it.each([
    ['from=2026-03-04&to=2026-03-02', 'to must be on or after from'],
    ['from=2025-01-01&to=2026-01-02', 'The range can be at most 366 days'],
    ['from=2026-03-02&to=2026-03-04&tz=Mars/Olympus', 'tz must be a time zone name, e.g. America/Chicago'],
  ])('%s is 400 bad_request', async (query, message) => {
    const res = await advisorClient.inject({ method: 'GET', url: `/api/reports/funnel?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message });
  });

  it.each([['from=9999-12-31&to=9999-12-31'], ['from=0000-01-01&to=0000-01-02'], ['from=0001-01-01&to=9999-12-31']])(
    '%s (years no shop has records in) is 400, never a 500',
    async (query) => {
      const res = await advisorClient.inject({ method: 'GET', url: `/api/reports/funnel?${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toEqual([
        { path: 'from', message: 'from must be in the years 1900 to 2999' },
        { path: 'to', message: 'to must be in the years 1900 to 2999' },
      ]);
    },
  );

  it('takes a whole leap year', async () => {
    expect((await funnel('from=2028-01-01&to=2028-12-31')).days).toHaveLength(366);
  });

  it('is 403 for technicians and answers admins', async () => {
    const tech = await t.signIn('technician');
    const denied = await tech.inject({ method: 'GET', url: '/api/reports/funnel?from=2026-03-02&to=2026-03-04' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'forbidden', message: 'Your role does not allow this' });
    const admin = await t.signIn('admin');
    const allowed = await admin.inject({ method: 'GET', url: '/api/reports/funnel?from=2026-03-02&to=2026-03-04' });
    expect(allowed.statusCode).toBe(200);
  });
});
