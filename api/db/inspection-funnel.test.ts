import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createCustomer, createVehicle, insertShareSend, insertShareView } from '@api/test/factories';
import type { Db } from './database';
import { refreshAllInspectionFunnel } from './inspection-funnel';

const t = await useTestApp();
const advisor = await t.signIn('service_advisor');

async function summary(db: Db) {
  return db.selectFrom('inspectionFunnel').selectAll().orderBy('inspectionId').execute();
}

/** The summary as every write left it, and as one fresh computation from the base tables gives it. */
async function keptAndFresh() {
  const kept = await summary(t.db);
  await t.db.deleteFrom('inspectionFunnel').execute();
  await refreshAllInspectionFunnel(t.db);
  return { kept, fresh: await summary(t.db) };
}

async function ok(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const res = await advisor.inject({ method, url, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.body ? res.json() : null;
}

describe('inspection_funnel', () => {
  it('equals a fresh computation from the base tables after writes through the API', async () => {
    const customer = await createCustomer(t.db);
    const [car, van] = [await createVehicle(t.db, customer.id), await createVehicle(t.db, customer.id)];
    // Created with services, then saved with one more; a second inspection created bare.
    const made = await ok('POST', '/api/inspections', {
      customerId: customer.id,
      vehicleId: car.id,
      services: [
        { description: 'Brakes', laborCost: '100.00', partsCost: '50.00' },
        { description: 'Wipers', laborCost: '20.00' },
      ],
    });
    const saved = await ok('PUT', `/api/inspections/${made.id}`, {
      services: [
        ...made.services.map((s: { id: string; description: string }) => ({ id: s.id, description: s.description })),
        { description: 'Tyres', laborCost: '400.00' },
      ],
    });
    const [brakes, wipers, tyres] = saved.services as { id: string }[];
    const other = await ok('POST', '/api/inspections', {
      customerId: customer.id,
      vehicleId: van.id,
      services: [{ description: 'Oil', laborCost: '60.00' }],
    });

    // Sent by the advisor, then opened: the rows the send and view code write.
    await insertShareSend(t.db, { inspectionId: made.id, userId: advisor.user.id, sentAt: '2000-01-01T10:00:00.000Z' });
    await insertShareView(t.db, made.id, '2000-01-01T10:05:00.000Z');
    // Staff approve, unapprove and decline; the customer approves and declines on the share page.
    await ok('PUT', `/api/services/${wipers!.id}`, { status: 'approved' });
    await ok('PUT', `/api/services/${wipers!.id}`, { status: 'recommended' });
    await ok('PUT', `/api/services/${tyres!.id}`, { status: 'declined' });
    const page = `/api/public/inspections/${made.shareToken}/services`;
    expect((await t.app.inject({ method: 'PUT', url: `${page}/${brakes!.id}/approve`, payload: {} })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ method: 'PUT', url: `${page}/${wipers!.id}/decline` })).statusCode).toBe(200);
    // The approved service's price changes: it asks again, keeping the amount approved.
    await ok('PUT', `/api/services/${brakes!.id}`, { laborCost: '120.00' });

    let { kept, fresh } = await keptAndFresh();
    expect(kept).toEqual(fresh);
    const row = kept.find((r) => r.inspectionId === made.id)!;
    expect(row).toMatchObject({
      services: 3,
      approvedServices: 1,
      recommendedCents: 15000 + 2000 + 2000 + 40000,
      approvedCents: 15000,
      declinedCents: 2000 + 40000,
      firstSentAt: '2000-01-01T10:00:00.000Z',
      advisorId: advisor.user.id,
      firstViewedAt: '2000-01-01T10:05:00.000Z',
    });
    // Every decision came after the send (dated 2000): the first, the staff's approval of the wipers, is the answer.
    expect(row.firstDecidedAt! > row.firstSentAt!).toBe(true);

    // A service deleted, then the other inspection deleted with its vehicle.
    await ok('DELETE', `/api/services/${tyres!.id}`);
    await ok('DELETE', `/api/vehicles/${van.id}`);
    ({ kept, fresh } = await keptAndFresh());
    expect(kept).toEqual(fresh);
    expect(kept.map((r) => r.inspectionId)).not.toContain(other.id);
    expect(kept.find((r) => r.inspectionId === made.id)).toMatchObject({
      services: 2,
      declinedCents: 2000,
      recommendedCents: 19000,
    });
  });

  it('counts a send and the first view made through the API, and a staff preview not at all', async () => {
    const customer = await createCustomer(t.db);
    const vehicle = await createVehicle(t.db, customer.id);
    const made = await ok('POST', '/api/inspections', { customerId: customer.id, vehicleId: vehicle.id });
    const before = await t.db
      .selectFrom('inspectionFunnel')
      .selectAll()
      .where('inspectionId', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(before).toMatchObject({ firstSentAt: null, advisorId: null, firstViewedAt: null });

    await ok('POST', `/api/inspections/${made.id}/sends`, { id: randomUUID(), channel: 'copy_link' });
    // The advisor's own look is a preview; the customer's two visits are one first view.
    expect(
      (await advisor.inject({ method: 'GET', url: `/api/public/inspections/${made.shareToken}` })).statusCode,
    ).toBe(200);
    const sent = await t.db
      .selectFrom('inspectionFunnel')
      .selectAll()
      .where('inspectionId', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ advisorId: advisor.user.id, firstViewedAt: null });
    expect(sent.firstSentAt).not.toBeNull();
    for (let i = 0; i < 2; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/public/inspections/${made.shareToken}` })).statusCode,
      ).toBe(200);
    }

    const { kept, fresh } = await keptAndFresh();
    expect(kept).toEqual(fresh);
    const row = kept.find((r) => r.inspectionId === made.id)!;
    expect(row.firstViewedAt).not.toBeNull();
    expect(row.firstViewedAt! >= row.firstSentAt!).toBe(true);
  });

  it('stays right when a send and a decision on the same inspection run at the same moment', async () => {
    const customer = await createCustomer(t.db);
    const vehicle = await createVehicle(t.db, customer.id);
    const made = await Promise.all(
      Array.from({ length: 15 }, () =>
        ok('POST', '/api/inspections', {
          customerId: customer.id,
          vehicleId: vehicle.id,
          services: [{ description: 'Brakes', laborCost: '100.00' }],
        }),
      ),
    );
    await Promise.all(
      made.flatMap((inspection: { id: string; shareToken: string; services: { id: string }[] }) => [
        t.app.inject({
          method: 'PUT',
          url: `/api/public/inspections/${inspection.shareToken}/services/${inspection.services[0]!.id}/approve`,
          payload: {},
        }),
        advisor.inject({
          method: 'POST',
          url: `/api/inspections/${inspection.id}/sends`,
          payload: { id: randomUUID(), channel: 'copy_link' },
        }),
        t.app.inject({ method: 'GET', url: `/api/public/inspections/${inspection.shareToken}` }),
      ]),
    );
    const { kept, fresh } = await keptAndFresh();
    expect(kept).toEqual(fresh);
    const ours = kept.filter((r) => made.some((m: { id: string }) => m.id === r.inspectionId));
    expect(ours.every((r) => r.approvedServices === 1 && r.firstSentAt !== null && r.firstViewedAt !== null)).toBe(
      true,
    );
  });

  it('forgets a deleted user as technician and as advisor, as the base tables do', async () => {
    const tech = await t.signIn('technician');
    const customer = await createCustomer(t.db);
    const vehicle = await createVehicle(t.db, customer.id);
    const made = await ok('POST', '/api/inspections', {
      customerId: customer.id,
      vehicleId: vehicle.id,
      technicianId: tech.user.id,
    });
    await insertShareSend(t.db, { inspectionId: made.id, userId: tech.user.id, sentAt: '2000-01-02T10:00:00.000Z' });
    const admin = await t.signIn('admin');
    expect((await admin.inject({ method: 'DELETE', url: `/api/users/${tech.user.id}` })).statusCode).toBe(204);
    const { kept, fresh } = await keptAndFresh();
    expect(kept).toEqual(fresh);
    expect(kept.find((r) => r.inspectionId === made.id)).toMatchObject({
      technicianId: null,
      advisorId: null,
      firstSentAt: '2000-01-02T10:00:00.000Z',
    });
  });
});
