import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createInvoiceFor, createVehicle } from '@api/test/factories';

const t = await useTestApp();
const tech = await t.signIn('technician');

interface PartJson {
  id: string;
  partName: string;
  partCost: string;
}
interface ServiceJson {
  id: string;
  description: string;
  status: string;
  partsCost: string;
  laborCost: string;
  partsLink: string | null;
  createdAt: string;
  parts: PartJson[];
}

async function save(id: string, payload: Record<string, unknown>, method: 'PUT' | 'PATCH' = 'PUT') {
  return tech.inject({ method, url: `/api/inspections/${id}`, payload });
}

async function saved(id: string, payload: Record<string, unknown>) {
  const res = await save(id, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { services: ServiceJson[] } & Record<string, unknown>;
}

describe('PUT/PATCH /api/inspections/:id: fields', () => {
  it('changes only the fields sent', async () => {
    const inspection = await createInspection(
      t.db,
      {
        frontLeftTread: 70,
        notes: 'keep me',
        oilLevel: 'full',
        leaks: '["Oil"]',
        checkEngineLight: 1,
      },
      [{ description: 'Keep', laborCostCents: 500 }],
    );
    const body = await saved(inspection.id, { rearRightBrake: '2.9', status: 'completed' });
    expect(body).toMatchObject({
      frontLeftTread: 7,
      rearRightBrake: 2.9,
      status: 'completed',
      notes: 'keep me',
      oilLevel: 'full',
      leaks: ['Oil'],
      checkEngineLight: true,
      shareToken: inspection.shareToken,
    });
    expect(body.services.map((s) => s.description)).toEqual(['Keep']);
    expect(body.updatedAt).not.toBe(inspection.updatedAt);

    const cleared = await saved(inspection.id, {
      notes: '',
      oilLevel: null,
      leaks: [],
      checkEngineLight: false,
      frontLeftTread: null,
    });
    expect(cleared).toMatchObject({
      notes: null,
      oilLevel: null,
      leaks: [],
      checkEngineLight: false,
      frontLeftTread: null,
      rearRightBrake: 2.9,
    });

    const patched = await tech.inject({
      method: 'PATCH',
      url: `/api/inspections/${inspection.id}`,
      payload: { diagnosticCodes: 'P0420' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ diagnosticCodes: 'P0420', status: 'completed', rearRightBrake: 2.9 });
  });

  it('moves to another customer and vehicle only as a matching pair', async () => {
    const inspection = await createInspection(t.db);
    const customer = await createCustomer(t.db);
    const vehicle = await createVehicle(t.db, customer.id);
    const alone = await save(inspection.id, { customerId: customer.id });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().message).toBe('Vehicle does not belong to this customer');
    const both = await saved(inspection.id, { customerId: customer.id, vehicleId: vehicle.id });
    expect(both).toMatchObject({ customerId: customer.id, vehicleId: vehicle.id, customer: { id: customer.id } });
    const unknown = await save(inspection.id, { technicianId: randomUUID() });
    expect(unknown.json()).toEqual({ error: 'bad_request', message: 'Technician not found' });
    const blank = await save(inspection.id, { technicianId: '' });
    expect(blank.json().issues).toEqual([{ path: 'technicianId', message: 'Technician is required' }]);
    const other = await saved(inspection.id, { technicianId: tech.user.id });
    expect(other.technician).toMatchObject({ username: tech.user.username });
  });

  it('is 404 for an unknown id, 400 for a malformed one and 401 signed out', async () => {
    const unknown = await save(randomUUID(), { notes: 'x' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Inspection not found' });
    expect((await save('not-an-id', { notes: 'x' })).statusCode).toBe(400);
    const inspection = await createInspection(t.db);
    const signedOut = await t.app.inject({
      method: 'PUT',
      url: `/api/inspections/${inspection.id}`,
      payload: { notes: 'x' },
    });
    expect(signedOut.statusCode).toBe(401);
    const stored = await t.db
      .selectFrom('inspections')
      .select('notes')
      .where('id', '=', inspection.id)
      .executeTakeFirstOrThrow();
    expect(stored.notes).toBeNull();
  });
});

describe('PUT /api/inspections/:id: services keep their identity', () => {
  it('keeps service ids stable across saves and updates them in place', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'Brakes', laborCostCents: 10000 },
      { description: 'Wipers', laborCostCents: 2000 },
    ]);
    const [brakes, wipers] = inspection.services;
    const body = await saved(inspection.id, {
      services: [
        { id: wipers!.id, description: 'Wiper blades', laborCost: '25.00', partsLink: 'https://parts.test/w' },
        { id: brakes!.id, description: 'Brakes' },
      ],
    });
    expect(body.services.map((s) => [s.id, s.description, s.laborCost, s.partsLink])).toEqual([
      [wipers!.id, 'Wiper blades', '25.00', 'https://parts.test/w'],
      [brakes!.id, 'Brakes', '100.00', null],
    ]);
    expect(body.services[1]!.createdAt).toBe(brakes!.createdAt);
    // The same save again changes nothing.
    const again = await saved(inspection.id, { services: body.services });
    expect(again.services).toEqual(body.services);
  });

  it("never changes an existing service's status: a customer's approval survives a staff save", async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'Approved by customer', status: 'approved' },
      { description: 'Declined by customer', status: 'declined' },
    ]);
    const [approved, declined] = inspection.services;
    const body = await saved(inspection.id, {
      services: [
        { id: approved!.id, description: 'Approved by customer', status: 'recommended', laborCost: 80 },
        { id: declined!.id, description: 'Declined by customer', status: 'approved' },
        { description: 'New one', status: 'declined' },
        { description: 'New default' },
      ],
    });
    expect(body.services.map((s) => [s.description, s.status])).toEqual([
      ['Approved by customer', 'approved'],
      ['Declined by customer', 'declined'],
      ['New one', 'declined'],
      ['New default', 'recommended'],
    ]);
    expect(body.services[0]!.laborCost).toBe('80.00');
  });

  it('removes only the services left out; a service with a new client id is created with it', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Stay' }, { description: 'Go' }]);
    const clientId = randomUUID();
    const body = await saved(inspection.id, {
      services: [
        { id: inspection.services[0]!.id, description: 'Stay' },
        { id: clientId, description: 'Offline new' },
      ],
    });
    expect(body.services.map((s) => [s.id, s.description])).toEqual([
      [inspection.services[0]!.id, 'Stay'],
      [clientId, 'Offline new'],
    ]);
    const rows = await t.db.selectFrom('services').select('id').where('id', '=', inspection.services[1]!.id).execute();
    expect(rows).toEqual([]);
    // Leaving `services` out keeps them all; an empty list removes them all.
    expect((await saved(inspection.id, { notes: 'x' })).services).toHaveLength(2);
    expect((await saved(inspection.id, { services: [] })).services).toEqual([]);
  });

  it('upserts parts by id, removes parts left out, keeps parts when `parts` is not sent', async () => {
    const inspection = await createInspection(t.db, {}, [
      {
        description: 'Brakes',
        parts: [
          { partName: 'Pads', partCostCents: 4000 },
          { partName: 'Rotor', partCostCents: 9000 },
        ],
      },
    ]);
    const service = inspection.services[0]!;
    const [pads, rotor] = service.parts;
    const kept = await saved(inspection.id, { services: [{ id: service.id, description: 'Brakes', partsCost: 1 }] });
    expect(kept.services[0]!.parts.map((p) => p.id)).toEqual([pads!.id, rotor!.id]);
    expect(kept.services[0]!.partsCost).toBe('130.00');

    const body = await saved(inspection.id, {
      services: [
        {
          id: service.id,
          description: 'Brakes',
          parts: [
            { id: rotor!.id, partName: 'Rotor (front)', partCost: '95.25' },
            { partName: 'Clips', partCost: '' },
          ],
        },
      ],
    });
    const parts = body.services[0]!.parts;
    expect(parts.map((p) => [p.partName, p.partCost])).toEqual([
      ['Rotor (front)', '95.25'],
      ['Clips', '0.00'],
    ]);
    expect(parts[0]!.id).toBe(rotor!.id);
    expect(body.services[0]!.partsCost).toBe('95.25');
    const stored = await t.db
      .selectFrom('services')
      .select('partsCostCents')
      .where('id', '=', service.id)
      .executeTakeFirstOrThrow();
    expect(stored.partsCostCents).toBe(9525);
    expect(await t.db.selectFrom('serviceParts').select('id').where('id', '=', pads!.id).execute()).toEqual([]);
  });

  it('refuses a service or part id of another inspection with 400 and changes nothing', async () => {
    const mine = await createInspection(t.db, {}, [{ description: 'Mine', parts: [{ partName: 'My part' }] }]);
    const theirs = await createInspection(t.db, {}, [{ description: 'Theirs', parts: [{ partName: 'Their part' }] }]);
    const stolen = await save(mine.id, { services: [{ id: theirs.services[0]!.id, description: 'Stolen' }] });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(`Service ${theirs.services[0]!.id} belongs to another inspection`);
    const part = await save(mine.id, {
      services: [
        {
          id: mine.services[0]!.id,
          description: 'Mine',
          parts: [{ id: theirs.services[0]!.parts[0]!.id, partName: 'x' }],
        },
      ],
    });
    expect(part.statusCode).toBe(400);
    expect(part.json().message).toBe(`Part ${theirs.services[0]!.parts[0]!.id} belongs to another service`);
    const twice = await save(mine.id, {
      services: [
        { id: mine.services[0]!.id, description: 'a' },
        { id: mine.services[0]!.id, description: 'b' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const theirService = await t.db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', theirs.services[0]!.id)
      .executeTakeFirstOrThrow();
    expect(theirService).toMatchObject({ inspectionId: theirs.id, description: 'Theirs' });
    const mineNow = await tech.inject({ method: 'GET', url: `/api/inspections/${mine.id}` });
    expect(mineNow.json().services.map((s: ServiceJson) => s.description)).toEqual(['Mine']);
  });

  it('validates nested services with the spec messages', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'x' }]);
    const res = await save(inspection.id, {
      services: [{ description: '', laborCost: '12.5.0', parts: [{ partName: ' ' }] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'services.0.description', message: 'Description is required' },
        { path: 'services.0.laborCost', message: 'Please enter a valid amount (e.g., 45.00)' },
        { path: 'services.0.parts.0.partName', message: 'Part name is required' },
      ]),
    );
  });

  it('keeps unpaid invoice totals in step when a save changes an approved service', async () => {
    const inspection = await createInspection(t.db, {}, [
      { description: 'Approved', status: 'approved', laborCostCents: 10000 },
    ]);
    const { id: invoiceId } = await createInvoiceFor(t.db, inspection, {
      subtotalCents: 10000,
      taxCents: 800,
      totalCents: 10800,
    });
    await saved(inspection.id, {
      services: [{ id: inspection.services[0]!.id, description: 'Approved', laborCost: '200' }],
    });
    const invoice = await t.db.selectFrom('invoices').selectAll().where('id', '=', invoiceId).executeTakeFirstOrThrow();
    expect([invoice.subtotalCents, invoice.taxCents, invoice.totalCents]).toEqual([20000, 1600, 21600]);
  });
});

describe('deleted rows and inspection saves', () => {
  it('answers 410 to a save of an inspection that went with its vehicle; an id never seen stays 404', async () => {
    const inspection = await createInspection(t.db);
    expect((await tech.inject({ method: 'DELETE', url: `/api/vehicles/${inspection.vehicleId}` })).statusCode).toBe(
      204,
    );
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await save(inspection.id, { notes: 'too late' }, method);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ error: 'gone', message: 'This inspection was deleted', gone: 'inspection' });
    }
    const unknown = await save(randomUUID(), { notes: 'x' });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 410 to a new inspection for a deleted vehicle or customer, or with a deleted id', async () => {
    const customer = await createCustomer(t.db);
    const vehicle = await createVehicle(t.db, customer.id);
    const inspection = await createInspection(t.db, { customerId: customer.id, vehicleId: vehicle.id });
    const otherVehicle = await createVehicle(t.db, customer.id);
    expect((await tech.inject({ method: 'DELETE', url: `/api/vehicles/${vehicle.id}` })).statusCode).toBe(204);
    const create = (payload: object) => tech.inject({ method: 'POST', url: '/api/inspections', payload });

    const forVehicle = await create({ customerId: customer.id, vehicleId: vehicle.id });
    expect(forVehicle.statusCode).toBe(410);
    expect(forVehicle.json()).toEqual({ error: 'gone', message: 'This vehicle was deleted', gone: 'vehicle' });
    const sameId = await create({ id: inspection.id, customerId: customer.id, vehicleId: otherVehicle.id });
    expect(sameId.statusCode).toBe(410);
    expect(sameId.json()).toEqual({ error: 'gone', message: 'This inspection was deleted', gone: 'inspection' });

    expect((await tech.inject({ method: 'DELETE', url: `/api/customers/${customer.id}` })).statusCode).toBe(204);
    const other = await createCustomer(t.db);
    const forCustomer = await create({ customerId: customer.id, vehicleId: (await createVehicle(t.db, other.id)).id });
    expect(forCustomer.statusCode).toBe(410);
    expect(forCustomer.json()).toEqual({ error: 'gone', message: 'This customer was deleted', gone: 'customer' });
  });

  it('does not bring back a service deleted elsewhere that an older edit still lists (deletes win)', async () => {
    const inspection = await createInspection(t.db, {}, [{ description: 'Brakes' }, { description: 'Wipers' }]);
    const [brakes, wipers] = inspection.services;
    expect((await tech.inject({ method: 'DELETE', url: `/api/services/${wipers!.id}` })).statusCode).toBe(204);
    const body = await saved(inspection.id, {
      services: [
        { id: brakes!.id, description: 'Brakes, front' },
        { id: wipers!.id, description: 'Wipers, edited offline' },
        { description: 'Cabin filter' },
      ],
    });
    expect(body.services.map((s) => s.description)).toEqual(['Brakes, front', 'Cabin filter']);
    expect(await t.db.selectFrom('services').select('id').where('id', '=', wipers!.id).execute()).toEqual([]);
  });
});
