import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '@api/test/app';
import { issueMessages } from '@api/test/issues';
import { createCustomer, createInspection, createUser, createVehicle } from '@api/test/factories';

const t = await useTestApp();
const tech = await t.signIn('technician');
const advisor = await t.signIn('service_advisor');

/** `POST /api/inspections` as the given user. */
function postInspection(as: typeof tech, payload: object) {
  return as.inject({ method: 'POST', url: '/api/inspections', payload });
}

async function customerWithVehicle(fields: { name?: string } = {}) {
  const customer = await createCustomer(t.db, fields);
  const vehicle = await createVehicle(t.db, customer.id, { make: 'Toyota', model: 'Camry', licensePlate: 'ABC123' });
  return { customer, vehicle };
}

describe('POST /api/inspections', () => {
  it('creates an inspection with its fields, services and parts in one call', async () => {
    const { customer, vehicle } = await customerWithVehicle({ name: 'Dana Field' });
    const res = await postInspection(tech, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      frontLeftTread: 7.5,
      frontRightTread: '6.2',
      rearLeftBrake: '',
      cabinFilterCondition: 'fair',
      oilCondition: 'slightly_dirty',
      oilLevel: 'low',
      coolantLevel: '',
      suspensionCondition: 'minor_wear',
      leaks: ['Oil pan', 'Coolant'],
      checkEngineLight: true,
      diagnosticCodes: 'P0301',
      notes: '  Rough idle  ',
      services: [
        {
          description: 'Brake pads',
          laborCost: '120',
          parts: [
            { partName: 'Pad set', partCost: '45.50', partUrl: 'https://parts.test/pads' },
            { partName: 'Clips', partCost: 4.5 },
          ],
        },
        { description: 'Wipers', partsCost: '', laborCost: 0.1 + 0.2, status: 'approved' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      customerId: customer.id,
      vehicleId: vehicle.id,
      technicianId: tech.user.id,
      status: 'in_progress',
      frontLeftTread: 7.5,
      frontRightTread: 6.2,
      rearLeftTread: null,
      rearLeftBrake: null,
      cabinFilterCondition: 'fair',
      engineFilterCondition: null,
      oilCondition: 'slightly_dirty',
      oilLevel: 'low',
      coolantLevel: null,
      suspensionCondition: 'minor_wear',
      leaks: ['Oil pan', 'Coolant'],
      checkEngineLight: true,
      diagnosticCodes: 'P0301',
      notes: 'Rough idle',
      customer: {
        id: customer.id,
        name: 'Dana Field',
        email: customer.email,
        phone: '555-0100',
        address: null,
        status: 'active',
      },
      vehicle: {
        id: vehicle.id,
        customerId: customer.id,
        year: 2018,
        make: 'Toyota',
        model: 'Camry',
        licensePlate: 'ABC123',
      },
      technician: { id: tech.user.id, username: tech.user.username },
      inspectionNotes: [],
    });
    // The technician's name only: staff emails and roles are for admins.
    expect(body.technician).toEqual({ id: tech.user.id, username: tech.user.username });
    expect(body.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(body.services).toHaveLength(2);
    expect(body.services[0]).toMatchObject({
      description: 'Brake pads',
      laborCost: '120.00',
      partsCost: '50.00',
      partsLink: null,
      status: 'recommended',
      inspectionId: body.id,
    });
    expect(
      body.services[0].parts.map((p: { partName: string; partCost: string; partUrl: string | null }) => [
        p.partName,
        p.partCost,
        p.partUrl,
      ]),
    ).toEqual([
      ['Pad set', '45.50', 'https://parts.test/pads'],
      ['Clips', '4.50', null],
    ]);
    expect(body.services[1]).toMatchObject({
      description: 'Wipers',
      partsCost: '0.00',
      laborCost: '0.30',
      status: 'approved',
      parts: [],
    });
    const stored = await t.db.selectFrom('inspections').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(stored.frontLeftTread).toBe(75);
    expect(stored.leaks).toBe('["Oil pan","Coolant"]');
  });

  it('defaults: technician is the signed-in user, status in_progress, no check engine light, no leaks', async () => {
    const { customer, vehicle } = await customerWithVehicle();
    const res = await postInspection(advisor, { customerId: customer.id, vehicleId: vehicle.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      technicianId: advisor.user.id,
      status: 'in_progress',
      checkEngineLight: false,
      leaks: [],
      services: [],
      frontLeftTread: null,
    });
  });

  it('accepts another technician and a chosen status', async () => {
    const { customer, vehicle } = await customerWithVehicle();
    const other = await createUser(t.db);
    const res = await postInspection(tech, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      technicianId: other.id,
      status: 'completed',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      technicianId: other.id,
      status: 'completed',
      technician: { username: other.username },
    });
  });

  it('refuses missing customer, vehicle and blank technician with the spec messages', async () => {
    const res = await postInspection(tech, { technicianId: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_error');
    expect(issueMessages(res)).toEqual(
      expect.arrayContaining(['Customer is required', 'Vehicle is required', 'Technician is required']),
    );
    const blank = await postInspection(tech, { customerId: ' ', vehicleId: '' });
    expect(issueMessages(blank)).toEqual(expect.arrayContaining(['Customer is required', 'Vehicle is required']));
  });

  it('refuses services without description and parts without name, and bad amounts', async () => {
    const { customer, vehicle } = await customerWithVehicle();
    const res = await postInspection(tech, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      services: [{ description: '  ', laborCost: 'ten', parts: [{ partName: '', partCost: '-1' }] }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(
      expect.arrayContaining([
        { path: 'services.0.description', message: 'Description is required' },
        { path: 'services.0.laborCost', message: 'Please enter a valid amount (e.g., 45.00)' },
        { path: 'services.0.parts.0.partName', message: 'Part name is required' },
        { path: 'services.0.parts.0.partCost', message: 'Please enter a valid amount (e.g., 45.00)' },
      ]),
    );
    expect(await t.db.selectFrom('inspections').select('id').where('vehicleId', '=', vehicle.id).execute()).toEqual([]);
  });

  it('refuses measurements out of range or off the 0.1 step, and unknown options', async () => {
    const { customer, vehicle } = await customerWithVehicle();
    const res = await postInspection(tech, {
      customerId: customer.id,
      vehicleId: vehicle.id,
      frontLeftTread: 1000,
      frontRightTread: 3.55,
      rearLeftTread: -1,
      rearRightTread: 'abc',
      frontLeftBrake: 999.9,
      oilLevel: 'half',
      status: 'done',
      leaks: 'oil',
      checkEngineLight: 'yes',
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().issues as { path: string }[]).map((i) => i.path).sort();
    expect(paths).toEqual(
      [
        'checkEngineLight',
        'frontLeftTread',
        'frontRightTread',
        'leaks',
        'oilLevel',
        'rearLeftTread',
        'rearRightTread',
        'status',
      ].sort(),
    );
    expect(issueMessages(res)).toContain('Front left tread must be a number from 0 to 999.9 in steps of 0.1');
    expect(issueMessages(res)).toContain('Oil level must be one of: full, low, very_low');
  });

  it('refuses unknown customer, vehicle or technician, and a vehicle of another customer', async () => {
    const { customer, vehicle } = await customerWithVehicle();
    const other = await customerWithVehicle();
    const cases: [Record<string, unknown>, string][] = [
      [{ customerId: randomUUID(), vehicleId: vehicle.id }, 'Customer not found'],
      [{ customerId: customer.id, vehicleId: randomUUID() }, 'Vehicle not found'],
      [{ customerId: customer.id, vehicleId: vehicle.id, technicianId: randomUUID() }, 'Technician not found'],
      [{ customerId: customer.id, vehicleId: other.vehicle.id }, 'Vehicle does not belong to this customer'],
    ];
    for (const [payload, message] of cases) {
      const res = await postInspection(tech, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message });
    }
    const malformed = await postInspection(tech, { customerId: 'nope', vehicleId: vehicle.id });
    expect(malformed.statusCode).toBe(400);
    expect(issueMessages(malformed)).toEqual(['Customer not found']);
  });

  it('takes a client id once: a repeat is 409 and makes no second row', async () => {
    const { customer, vehicle } = await customerWithVehicle();
    const id = randomUUID();
    const payload = { id, customerId: customer.id, vehicleId: vehicle.id, services: [{ description: 'Oil change' }] };
    const first = await postInspection(tech, payload);
    expect(first.statusCode).toBe(201);
    expect(first.json().id).toBe(id);
    const again = await postInspection(tech, payload);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'conflict', message: 'Inspection already exists' });
    expect(
      await t.db.selectFrom('inspections').select('id').where('vehicleId', '=', vehicle.id).execute(),
    ).toHaveLength(1);
    expect(await t.db.selectFrom('services').select('id').where('inspectionId', '=', id).execute()).toHaveLength(1);
  });

  it('is 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/inspections', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/inspections/:id', () => {
  it('returns the nested inspection with services by position and notes oldest first', async () => {
    const inspection = await createInspection(t.db, { technicianId: tech.user.id, frontLeftBrake: 28 }, [
      { description: 'First', laborCostCents: 1000, parts: [{ partName: 'A', partCostCents: 250 }] },
      { description: 'Second', partsCostCents: 999 },
    ]);
    await t.db
      .insertInto('inspectionNotes')
      .values([
        { id: randomUUID(), inspectionId: inspection.id, note: 'later', createdAt: '2026-01-02T00:00:00.000Z' },
        { id: randomUUID(), inspectionId: inspection.id, note: 'earlier', createdAt: '2026-01-01T00:00:00.000Z' },
      ])
      .execute();
    const res = await advisor.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.frontLeftBrake).toBe(2.8);
    expect(
      body.services.map((s: { description: string; partsCost: string; laborCost: string }) => [
        s.description,
        s.partsCost,
        s.laborCost,
      ]),
    ).toEqual([
      ['First', '2.50', '10.00'],
      ['Second', '9.99', '0.00'],
    ]);
    expect(body.inspectionNotes.map((n: { note: string }) => n.note)).toEqual(['earlier', 'later']);
    // The name only: staff emails and roles are for admins.
    expect(body.technician).toEqual({ id: tech.user.id, username: tech.user.username });
  });

  it('shows a null technician when none is set', async () => {
    const inspection = await createInspection(t.db);
    const res = await tech.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
    expect(res.json()).toMatchObject({ technicianId: null, technician: null });
  });

  it('is 404 for an unknown id, 400 for a malformed one, 401 signed out', async () => {
    const unknown = await tech.inject({ method: 'GET', url: `/api/inspections/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'not_found', message: 'Inspection not found' });
    const malformed = await tech.inject({ method: 'GET', url: '/api/inspections/12' });
    expect(malformed.statusCode).toBe(400);
    const signedOut = await t.app.inject({ method: 'GET', url: `/api/inspections/${randomUUID()}` });
    expect(signedOut.statusCode).toBe(401);
  });
});
