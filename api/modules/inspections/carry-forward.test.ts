import { describe, expect, it } from 'vitest';
import type { DeferredWork } from '@shared/schemas/deferred';
import type { SyncChangesResponse } from '@shared/schemas/sync';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createVehicle } from '@api/test/factories';

const t = await useTestApp();
const tech = await t.signIn('technician');

async function linesOfVehicle(vehicleId: string, status = 'open'): Promise<DeferredWork[]> {
  const res = await tech.inject({ method: 'GET', url: `/api/deferred-work?vehicleId=${vehicleId}&status=${status}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function finish(inspectionId: string, status = 'completed'): Promise<void> {
  const res = await tech.inject({ method: 'PATCH', url: `/api/inspections/${inspectionId}`, payload: { status } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A finished-to-be inspection: one declined, one recommended, one approved service. */
async function threeServices(notes: string | null = 'Rear pads at 3 mm') {
  const customer = await createCustomer(t.db, { name: 'Dana Reyes', phone: '555-0101' });
  const vehicle = await createVehicle(t.db, customer.id, { year: 2016, make: 'Toyota', model: 'Camry' });
  return createInspection(t.db, { customerId: customer.id, vehicleId: vehicle.id, notes }, [
    { description: 'Rear brake pads', partsCostCents: 8_000, laborCostCents: 12_050, status: 'declined' },
    { description: 'Cabin filter', laborCostCents: 3_500, status: 'recommended' },
    { description: 'Oil change', laborCostCents: 6_000, status: 'approved' },
  ]);
}

describe('carry-forward of a finished inspection', () => {
  it('turns declined and still-recommended services into open lines, and leaves approved ones out', async () => {
    const inspection = await threeServices();
    expect(await linesOfVehicle(inspection.vehicleId)).toEqual([]);
    await finish(inspection.id);
    const lines = await linesOfVehicle(inspection.vehicleId);
    expect(lines.map((l) => [l.description, l.amountCents, l.sourceStatus, l.status]).sort()).toEqual([
      ['Cabin filter', 3_500, 'recommended', 'open'],
      ['Rear brake pads', 20_050, 'declined', 'open'],
    ]);
    const pads = lines.find((l) => l.description === 'Rear brake pads')!;
    expect(pads).toMatchObject({
      customerId: inspection.customerId,
      vehicleId: inspection.vehicleId,
      sourceInspectionId: inspection.id,
      sourceServiceId: inspection.services[0]!.id,
      technicianNote: 'Rear pads at 3 mm',
      inspectedAt: inspection.createdAt,
      dismissReason: null,
      addedToInspectionId: null,
      followUpDate: null,
      followUpOutcome: null,
      customerName: 'Dana Reyes',
      customerPhone: '555-0101',
      vehicleLabel: '2016 Toyota Camry',
    });
  });

  it('makes nothing while the inspection is in progress, and no note when it has none', async () => {
    const inspection = await threeServices(null);
    const res = await tech.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: { notes: '', services: inspection.services.map((s) => ({ id: s.id, description: s.description })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await linesOfVehicle(inspection.vehicleId)).toEqual([]);
    await finish(inspection.id, 'declined');
    const lines = await linesOfVehicle(inspection.vehicleId);
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.technicianNote === null)).toBe(true);
  });

  it('follows a later change of the service while the line is open, once per service', async () => {
    const inspection = await threeServices();
    await finish(inspection.id);
    const [pads, filter, oil] = inspection.services;
    const res = await tech.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: {
        services: [
          { id: pads!.id, description: 'Rear brake pads and rotors', partsCost: '150.00', laborCost: '120.50' },
          { id: filter!.id, description: 'Cabin filter' },
          { id: oil!.id, description: 'Oil change' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = await linesOfVehicle(inspection.vehicleId);
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.sourceServiceId === pads!.id)).toMatchObject({
      description: 'Rear brake pads and rotors',
      amountCents: 27_050,
    });
    const [row] = await t.db
      .selectFrom('deferredWork')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('sourceServiceId', '=', pads!.id)
      .execute();
    expect(Number(row!.n)).toBe(1);
  });

  it('removes the open line of a service approved later by staff, and adds one for a service unapproved', async () => {
    const inspection = await threeServices();
    await finish(inspection.id);
    const [pads, , oil] = inspection.services;
    const approve = await tech.inject({
      method: 'PUT',
      url: `/api/services/${pads!.id}`,
      payload: { status: 'approved' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const unapprove = await tech.inject({
      method: 'PUT',
      url: `/api/services/${oil!.id}`,
      payload: { status: 'recommended' },
    });
    expect(unapprove.statusCode, unapprove.body).toBe(200);
    const lines = await linesOfVehicle(inspection.vehicleId);
    expect(lines.map((l) => l.description).sort()).toEqual(['Cabin filter', 'Oil change']);
  });

  it('follows the customer’s decisions on the share page', async () => {
    const inspection = await threeServices();
    await finish(inspection.id);
    const filter = inspection.services[1]!;
    const decline = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${inspection.shareToken}/services/${filter.id}/decline`,
    });
    expect(decline.statusCode, decline.body).toBe(200);
    expect(
      (await linesOfVehicle(inspection.vehicleId)).find((l) => l.sourceServiceId === filter.id)?.sourceStatus,
    ).toBe('declined');

    const other = await threeServices();
    await finish(other.id);
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/public/inspections/${other.shareToken}/services/${other.services[1]!.id}/approve`,
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await linesOfVehicle(other.vehicleId)).map((l) => l.description)).toEqual(['Rear brake pads']);
  });

  it('carries an inspection created finished, and keeps its lines and their follow-up when it is reopened', async () => {
    const customer = await createCustomer(t.db);
    const vehicle = await createVehicle(t.db, customer.id);
    const res = await tech.inject({
      method: 'POST',
      url: '/api/inspections',
      payload: {
        customerId: customer.id,
        vehicleId: vehicle.id,
        status: 'completed',
        services: [
          { description: 'Wiper blades', partsCost: '24.99', status: 'declined' },
          { description: 'Alignment', laborCost: '89.00' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const lines = await linesOfVehicle(vehicle.id);
    expect(lines.map((l) => [l.description, l.amountCents]).sort()).toEqual([
      ['Alignment', 8_900],
      ['Wiper blades', 2_499],
    ]);

    const wipers = lines.find((l) => l.description === 'Wiper blades')!;
    const dismiss = await tech.inject({
      method: 'PATCH',
      url: `/api/deferred-work/${wipers.id}`,
      payload: { status: 'dismissed', dismissReason: 'Customer replaced them himself' },
    });
    expect(dismiss.statusCode, dismiss.body).toBe(200);
    const alignment = lines.find((l) => l.description === 'Alignment')!;
    const followUp = await tech.inject({
      method: 'PATCH',
      url: `/api/deferred-work/${alignment.id}`,
      payload: { followUpDate: '2026-12-01', followUpOutcome: 'called_no_answer' },
    });
    expect(followUp.statusCode, followUp.body).toBe(200);
    // Reopened and finished again: the same lines, the advisor's follow-up and the dismissal kept.
    await finish(res.json().id, 'in_progress');
    expect((await linesOfVehicle(vehicle.id)).map((l) => l.id)).toEqual([alignment.id]);
    await finish(res.json().id);
    expect((await linesOfVehicle(vehicle.id)).map((l) => [l.id, l.followUpDate, l.followUpOutcome])).toEqual([
      [alignment.id, '2026-12-01', 'called_no_answer'],
    ]);
    expect((await linesOfVehicle(vehicle.id, 'dismissed')).map((l) => [l.description, l.dismissReason])).toEqual([
      ['Wiper blades', 'Customer replaced them himself'],
    ]);
  });
});

describe('adding and dismissing a line', () => {
  async function openLine() {
    const inspection = await threeServices();
    await finish(inspection.id);
    const line = (await linesOfVehicle(inspection.vehicleId)).find((l) => l.description === 'Rear brake pads')!;
    const next = await createInspection(t.db, { customerId: inspection.customerId, vehicleId: inspection.vehicleId });
    return { inspection, line, next };
  }

  it('marks the line added to a new inspection of the same vehicle, and a replay changes nothing', async () => {
    const { line, next } = await openLine();
    const add = () =>
      tech.inject({
        method: 'PATCH',
        url: `/api/deferred-work/${line.id}`,
        payload: { status: 'added', addedToInspectionId: next.id },
      });
    const first = await add();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'added', addedToInspectionId: next.id });
    const again = await add();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().updatedAt).toBe(first.json().updatedAt);
    expect(await linesOfVehicle(line.vehicleId)).toHaveLength(1);
  });

  it('answers the same to an outbox replay with the same Idempotency-Key', async () => {
    const { line, next } = await openLine();
    const request = {
      method: 'PATCH' as const,
      url: `/api/deferred-work/${line.id}`,
      headers: { 'idempotency-key': `deferred-add-${line.id}` },
      payload: { status: 'added', addedToInspectionId: next.id },
    };
    const first = await tech.inject(request);
    const replay = await tech.inject(request);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
  });

  it('refuses what does not fit the line', async () => {
    const { line, next, inspection } = await openLine();
    const patch = (payload: Record<string, unknown>, id = line.id) =>
      tech.inject({ method: 'PATCH', url: `/api/deferred-work/${id}`, payload });
    const stranger = await createInspection(t.db);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ status: 'dismissed' }, 400, 'A reason is required to dismiss this line'],
      [{ status: 'dismissed', dismissReason: '   ' }, 400, 'A reason is required to dismiss this line'],
      [{ status: 'added' }, 400, 'The inspection it was added to is required'],
      [{ status: 'added', addedToInspectionId: stranger.id }, 400, 'That inspection is of another vehicle'],
      [
        { status: 'added', addedToInspectionId: inspection.id },
        400,
        'A line cannot be added back to the inspection it came from',
      ],
      [{ status: 'added', addedToInspectionId: '00000000-0000-4000-8000-000000000000' }, 400, 'Inspection not found'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await patch(payload);
      expect([res.statusCode, res.json().message], JSON.stringify(payload)).toEqual([status, message]);
    }
    expect((await patch({ status: 'added', addedToInspectionId: next.id })).statusCode).toBe(200);
    const dismissAdded = await patch({ status: 'dismissed', dismissReason: 'No longer needed' });
    expect([dismissAdded.statusCode, dismissAdded.json().message]).toEqual([
      409,
      'This line was already added to an inspection',
    ]);
    const missing = await patch({ followUpOutcome: 'called_booked' }, '00000000-0000-4000-8000-000000000001');
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'Deferred work not found']);
  });

  it('keeps an added line when the service it came from changes later', async () => {
    const { line, next, inspection } = await openLine();
    await tech.inject({
      method: 'PATCH',
      url: `/api/deferred-work/${line.id}`,
      payload: { status: 'added', addedToInspectionId: next.id },
    });
    const approve = await tech.inject({
      method: 'PUT',
      url: `/api/services/${inspection.services[0]!.id}`,
      payload: { status: 'approved' },
    });
    expect(approve.statusCode).toBe(200);
    expect((await linesOfVehicle(line.vehicleId, 'added')).map((l) => l.id)).toEqual([line.id]);
  });
});

describe('deferred lines in the change feed', () => {
  it('sends new and changed lines, and deletions when a line or its customer goes', async () => {
    const start = (
      await tech.inject({ method: 'GET', url: '/api/sync/changes?limit=1000' })
    ).json() as SyncChangesResponse;
    let cursor = start.cursor;
    for (let page = start; page.hasMore;) {
      page = (await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${cursor}&limit=1000` })).json();
      cursor = page.cursor;
    }
    const inspection = await threeServices();
    await finish(inspection.id);
    const feed = (
      await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${cursor}` })
    ).json() as SyncChangesResponse;
    expect(feed.deferred.map((d) => d.description).sort()).toEqual(['Cabin filter', 'Rear brake pads']);
    const approved = inspection.services[1]!;
    await tech.inject({ method: 'PUT', url: `/api/services/${approved.id}`, payload: { status: 'approved' } });
    const filterLine = feed.deferred.find((d) => d.description === 'Cabin filter')!;
    const after = (
      await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${feed.cursor}` })
    ).json() as SyncChangesResponse;
    // In a list of their own: a device on an older app refuses a page whose `deleted` names a new kind.
    expect(after.deletedDeferred).toContain(filterLine.id);
    expect(after.deleted.map((d) => d.entity)).not.toContain('deferred');

    const padsLine = feed.deferred.find((d) => d.description === 'Rear brake pads')!;
    const del = await tech.inject({ method: 'DELETE', url: `/api/customers/${inspection.customerId}` });
    expect(del.statusCode).toBe(204);
    const last = (
      await tech.inject({ method: 'GET', url: `/api/sync/changes?since=${after.cursor}` })
    ).json() as SyncChangesResponse;
    expect(last.deletedDeferred).toContain(padsLine.id);
    const gone = await tech.inject({
      method: 'PATCH',
      url: `/api/deferred-work/${padsLine.id}`,
      payload: { followUpOutcome: 'not_interested' },
    });
    expect([gone.statusCode, gone.json().message]).toEqual([410, 'This deferred work was deleted']);
  });
});
