import { describe, expect, it } from 'vitest';
import {
  applyWrite,
  dependsOnOf,
  entityOf,
  LocalWriteError,
  toRequest,
  type ApplyContext,
  type LocalState,
} from './apply-write';
import { diffStates } from './local-rows';
import { customerRow, inspectionRow, serviceRow, T0, uuid, vehicleRow } from '@web/test/offline/test-rows';
import type { LocalWrite } from './types';

const NOW = '2026-03-02T10:00:00.000Z';
const tech = { id: uuid(900), username: 'sam', email: 'sam@shop.test', role: 'technician' as const };
const context: ApplyContext = { now: NOW, userId: tech.id, technicians: new Map([[tech.id, tech]]) };

const jane = customerRow(1, { name: 'Jane Doe' });
const civic = vehicleRow(2, jane);
const inspection = inspectionRow(3, jane, civic);

function state(rows: { customers?: object[]; vehicles?: object[]; inspections?: object[] } = {}): LocalState {
  const map = <T extends { id: string }>(list: T[] = []) => new Map(list.map((r) => [r.id, r]));
  return {
    customers: map((rows.customers ?? []) as (typeof jane)[]),
    vehicles: map((rows.vehicles ?? []) as (typeof civic)[]),
    inspections: map((rows.inspections ?? []) as (typeof inspection)[]),
    deferred: new Map(),
  };
}

const full = () => state({ customers: [jane], vehicles: [civic], inspections: [inspection] });

describe('customers', () => {
  it('creates the row the server would: trimmed fields, blank address null, status active, no consent to texts', () => {
    const write: LocalWrite = {
      kind: 'customer.create',
      id: uuid(10),
      body: { name: ' Ann Lee ', email: 'ann@mail.test', phone: '555', address: '  ' },
    };
    const after = applyWrite(state(), write, context);
    expect(after.customers.get(uuid(10))).toEqual({
      id: uuid(10),
      name: 'Ann Lee',
      email: 'ann@mail.test',
      phone: '555',
      address: null,
      status: 'active',
      textConsentAt: null,
      textConsentSource: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  it('keeps consent to texts as the server does, and a send changes no local row', () => {
    const body = {
      name: 'Tess',
      email: 'tess@mail.test',
      phone: '555',
      textConsentAt: '2026-11-20',
      textConsentSource: 'web' as const,
    };
    const after = applyWrite(state(), { kind: 'customer.create', id: uuid(11), body }, context);
    expect(after.customers.get(uuid(11))).toMatchObject({ textConsentAt: '2026-11-20', textConsentSource: 'web' });
    const before = full();
    const send: LocalWrite = {
      kind: 'share.send',
      inspectionId: uuid(99),
      body: { id: uuid(98), channel: 'copy_link' },
    };
    expect(applyWrite(before, send, context)).toEqual(before);
    expect(toRequest(send)).toEqual({
      method: 'POST',
      url: `/api/inspections/${uuid(99)}/sends`,
      body: { id: uuid(98), channel: 'copy_link' },
    });
    expect(dependsOnOf(send)).toEqual([uuid(99)]);
  });

  it('changes only the fields sent, and keeps the name nested in vehicles and inspections in step', () => {
    const after = applyWrite(
      full(),
      { kind: 'customer.update', id: jane.id, changes: { name: 'Jane Smith' } },
      context,
    );
    expect(after.customers.get(jane.id)).toEqual({ ...jane, name: 'Jane Smith', updatedAt: NOW });
    expect(after.vehicles.get(civic.id)?.customerName).toBe('Jane Smith');
    expect(after.inspections.get(inspection.id)?.customer).toEqual({ ...inspection.customer, name: 'Jane Smith' });
  });

  it('changes nothing, not even updatedAt, when nothing is sent', () => {
    const before = full();
    expect(
      diffStates(before, applyWrite(before, { kind: 'customer.update', id: jane.id, changes: {} }, context)),
    ).toEqual({
      put: { customers: [], vehicles: [], inspections: [], deferred: [] },
      remove: { customers: [], vehicles: [], inspections: [], deferred: [] },
    });
  });

  it('deletes the customer with its vehicles and every inspection of them, as the server cascades', () => {
    const other = customerRow(20);
    const moved = inspectionRow(21, other, civic); // an inspection of Jane's car filed under another customer
    const before = state({ customers: [jane, other], vehicles: [civic], inspections: [inspection, moved] });
    const after = applyWrite(before, { kind: 'customer.delete', id: jane.id }, context);
    expect([...after.customers.keys()]).toEqual([other.id]);
    expect(after.vehicles.size).toBe(0);
    expect(after.inspections.size).toBe(0);
  });
});

describe('vehicles', () => {
  it('creates from form text: year and mileage parsed, blanks null, the customer name copied', () => {
    const write: LocalWrite = {
      kind: 'vehicle.create',
      id: uuid(30),
      body: {
        customerId: jane.id,
        year: '2019',
        make: 'Ford',
        model: 'Focus',
        vin: '',
        licensePlate: 'ABC 1',
        mileage: '',
        color: 'Red',
      },
    };
    expect(applyWrite(state({ customers: [jane] }), write, context).vehicles.get(uuid(30))).toEqual({
      id: uuid(30),
      customerId: jane.id,
      customerName: 'Jane Doe',
      year: 2019,
      make: 'Ford',
      model: 'Focus',
      vin: null,
      licensePlate: 'ABC 1',
      mileage: null,
      color: 'Red',
      createdAt: NOW,
      updatedAt: NOW,
    });
  });

  it('refuses a new vehicle whose customer is not on this device', () => {
    const write: LocalWrite = {
      kind: 'vehicle.create',
      id: uuid(31),
      body: { customerId: uuid(99), year: 2019, make: 'Ford', model: 'Focus' },
    };
    expect(() => applyWrite(state(), write, context)).toThrow(LocalWriteError);
  });

  it('moves a vehicle to another customer and keeps the nested vehicle of its inspections in step', () => {
    const bob = customerRow(40, { name: 'Bob Roe' });
    const before = state({ customers: [jane, bob], vehicles: [civic], inspections: [inspection] });
    const after = applyWrite(
      before,
      { kind: 'vehicle.update', id: civic.id, changes: { customerId: bob.id, mileage: 120000 } },
      context,
    );
    expect(after.vehicles.get(civic.id)).toMatchObject({
      customerId: bob.id,
      customerName: 'Bob Roe',
      mileage: 120000,
      updatedAt: NOW,
    });
    // The inspection stays Jane's (as on the server); its nested vehicle follows.
    expect(after.inspections.get(inspection.id)).toMatchObject({
      customerId: jane.id,
      vehicle: { customerId: bob.id, mileage: 120000 },
    });
  });

  it('deletes the vehicle with its inspections', () => {
    const after = applyWrite(full(), { kind: 'vehicle.delete', id: civic.id }, context);
    expect(after.vehicles.size).toBe(0);
    expect(after.inspections.size).toBe(0);
    expect(after.customers.get(jane.id)).toBe(jane);
  });

  it('leaves the state alone for an update of a row that is not here', () => {
    const before = state({ customers: [jane] });
    const after = applyWrite(before, { kind: 'vehicle.update', id: uuid(77), changes: { make: 'Kia' } }, context);
    expect(after.vehicles.size).toBe(0);
  });
});

describe('inspections', () => {
  const created: LocalWrite = {
    kind: 'inspection.create',
    id: uuid(50),
    body: {
      customerId: jane.id,
      vehicleId: civic.id,
      frontLeftTread: '5.5',
      oilLevel: 'low',
      leaks: ['oil'],
      notes: '',
      services: [
        {
          id: uuid(51),
          description: 'Brake pads',
          laborCost: '120',
          parts: [
            { id: uuid(52), partName: 'Pads', partUrl: '', partCost: '45.5' },
            { id: uuid(53), partName: 'Clips', partCost: 4 },
          ],
        },
        { id: uuid(54), description: 'Wipers', laborCost: '', partsCost: '20', status: 'approved' },
      ],
    },
  };

  it('creates the row the server would: millimetres, costs, default technician and status, nested rows', () => {
    const row = applyWrite(state({ customers: [jane], vehicles: [civic] }), created, context).inspections.get(uuid(50));
    expect(row).toMatchObject({
      id: uuid(50),
      status: 'in_progress',
      technicianId: tech.id,
      technician: tech,
      shareToken: '',
      frontLeftTread: 5.5,
      frontRightTread: null,
      oilLevel: 'low',
      leaks: ['oil'],
      checkEngineLight: false,
      notes: null,
      customer: { id: jane.id, name: 'Jane Doe' },
      vehicle: { id: civic.id, make: 'Honda' },
      inspectionNotes: [],
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(row?.services).toEqual([
      {
        id: uuid(51),
        inspectionId: uuid(50),
        description: 'Brake pads',
        partsLink: null,
        partsCost: '49.50',
        laborCost: '120.00',
        status: 'recommended',
        needsReapproval: false,
        approvedAmount: null,
        createdAt: NOW,
        updatedAt: NOW,
        parts: [
          { id: uuid(52), serviceId: uuid(51), partName: 'Pads', partUrl: null, partCost: '45.50', createdAt: NOW },
          { id: uuid(53), serviceId: uuid(51), partName: 'Clips', partUrl: null, partCost: '4.00', createdAt: NOW },
        ],
      },
      {
        id: uuid(54),
        inspectionId: uuid(50),
        description: 'Wipers',
        partsLink: null,
        partsCost: '20.00',
        laborCost: '0.00',
        status: 'approved',
        needsReapproval: false,
        approvedAmount: '20.00',
        createdAt: NOW,
        updatedAt: NOW,
        parts: [],
      },
    ]);
  });

  it('refuses a service without its client id (a second application would make another row)', () => {
    const write: LocalWrite = {
      kind: 'inspection.update',
      id: inspection.id,
      changes: { services: [{ description: 'No id' }] },
    };
    expect(() => applyWrite(full(), write, context)).toThrow('Every service needs its client id');
  });

  it('saves the full services list: status kept, costs left out kept, removed ones gone, new ones recommended', () => {
    const approved = serviceRow(60, inspection.id, {
      status: 'approved',
      laborCost: '80.00',
      partsCost: '10.00',
      partsLink: 'https://parts.test/a',
    });
    const declined = serviceRow(61, inspection.id, { status: 'declined' });
    const dropped = serviceRow(62, inspection.id);
    const before = state({
      customers: [jane],
      vehicles: [civic],
      inspections: [{ ...inspection, services: [approved, declined, dropped] }],
    });
    const write: LocalWrite = {
      kind: 'inspection.update',
      id: inspection.id,
      changes: {
        notes: 'Rear pads thin',
        services: [
          { id: approved.id, description: approved.description, status: 'recommended' },
          { id: declined.id, description: 'Declined, renamed' },
          { id: uuid(63), description: 'New one', laborCost: 15 },
        ],
      },
    };
    const row = applyWrite(before, write, context).inspections.get(inspection.id);
    expect(row).toMatchObject({ notes: 'Rear pads thin', updatedAt: NOW, frontLeftTread: null });
    expect(
      row?.services.map((s) => [s.id, s.description, s.status, s.laborCost, s.partsCost, s.partsLink, s.updatedAt]),
    ).toEqual([
      [approved.id, approved.description, 'approved', '80.00', '10.00', 'https://parts.test/a', T0],
      [declined.id, 'Declined, renamed', 'declined', '0.00', '0.00', null, NOW],
      [uuid(63), 'New one', 'recommended', '15.00', '0.00', null, NOW],
    ]);
  });

  it('sets only the fields sent, measurements as millimetres', () => {
    const row = applyWrite(
      full(),
      { kind: 'inspection.update', id: inspection.id, changes: { rearRightBrake: 3.2, checkEngineLight: true } },
      context,
    ).inspections.get(inspection.id);
    expect(row).toEqual({ ...inspection, rearRightBrake: 3.2, checkEngineLight: true, updatedAt: NOW });
  });

  it('approves one service (the staff status call) and moves the inspection on', () => {
    const service = serviceRow(70, inspection.id);
    const before = state({
      customers: [jane],
      vehicles: [civic],
      inspections: [{ ...inspection, services: [service] }],
    });
    const row = applyWrite(
      before,
      { kind: 'service.status', inspectionId: inspection.id, serviceId: service.id, status: 'approved' },
      context,
    ).inspections.get(inspection.id);
    expect(row?.services[0]).toEqual({ ...service, status: 'approved', approvedAmount: '0.00', updatedAt: NOW });
    expect(row?.updatedAt).toBe(NOW);
  });

  it('marks an approved service changed offline for re-approval, keeping the amount approved', () => {
    const approved = serviceRow(71, inspection.id, { status: 'approved', laborCost: '80.00', approvedAmount: '80.00' });
    const untouched = serviceRow(72, inspection.id, {
      status: 'approved',
      laborCost: '30.00',
      approvedAmount: '30.00',
    });
    const before = state({
      customers: [jane],
      vehicles: [civic],
      inspections: [{ ...inspection, services: [approved, untouched] }],
    });
    const write: LocalWrite = {
      kind: 'inspection.update',
      id: inspection.id,
      changes: {
        services: [
          { id: approved.id, description: approved.description, laborCost: '95.00' },
          { id: untouched.id, description: untouched.description },
        ],
      },
    };
    const row = applyWrite(before, write, context).inspections.get(inspection.id);
    expect(row?.services.map((s) => [s.status, s.needsReapproval, s.approvedAmount, s.laborCost])).toEqual([
      ['approved', true, '80.00', '95.00'],
      ['approved', false, '30.00', '30.00'],
    ]);
    // Approving it again clears the mark at the new amount.
    const again = applyWrite(
      state({ customers: [jane], vehicles: [civic], inspections: [row!] }),
      { kind: 'service.status', inspectionId: inspection.id, serviceId: approved.id, status: 'approved' },
      context,
    );
    expect(again.inspections.get(inspection.id)?.services[0]).toMatchObject({
      needsReapproval: false,
      approvedAmount: '95.00',
    });
  });
});

describe('the request of each write', () => {
  const cases: [LocalWrite, ReturnType<typeof toRequest>][] = [
    [
      { kind: 'customer.create', id: uuid(1), body: { name: 'A', email: 'a@b.test', phone: '1' } },
      { method: 'POST', url: '/api/customers', body: { id: uuid(1), name: 'A', email: 'a@b.test', phone: '1' } },
    ],
    [
      { kind: 'customer.update', id: uuid(1), changes: { phone: '2' } },
      { method: 'PUT', url: `/api/customers/${uuid(1)}`, body: { phone: '2' } },
    ],
    [
      { kind: 'customer.delete', id: uuid(1) },
      { method: 'DELETE', url: `/api/customers/${uuid(1)}` },
    ],
    [
      { kind: 'vehicle.create', id: uuid(2), body: { customerId: uuid(1), year: 2020, make: 'A', model: 'B' } },
      {
        method: 'POST',
        url: '/api/vehicles',
        body: { id: uuid(2), customerId: uuid(1), year: 2020, make: 'A', model: 'B' },
      },
    ],
    [
      { kind: 'vehicle.update', id: uuid(2), changes: { color: 'Blue' } },
      { method: 'PATCH', url: `/api/vehicles/${uuid(2)}`, body: { color: 'Blue' } },
    ],
    [
      { kind: 'vehicle.delete', id: uuid(2) },
      { method: 'DELETE', url: `/api/vehicles/${uuid(2)}` },
    ],
    [
      { kind: 'inspection.create', id: uuid(3), body: { customerId: uuid(1), vehicleId: uuid(2), services: [] } },
      {
        method: 'POST',
        url: '/api/inspections',
        body: { id: uuid(3), customerId: uuid(1), vehicleId: uuid(2), services: [] },
      },
    ],
    [
      { kind: 'inspection.update', id: uuid(3), changes: { notes: 'x' } },
      { method: 'PUT', url: `/api/inspections/${uuid(3)}`, body: { notes: 'x' } },
    ],
    [
      { kind: 'service.status', inspectionId: uuid(3), serviceId: uuid(4), status: 'approved' },
      { method: 'PUT', url: `/api/services/${uuid(4)}`, body: { status: 'approved' } },
    ],
    [
      {
        kind: 'service.status',
        inspectionId: uuid(3),
        serviceId: uuid(4),
        status: 'approved',
        decisionMethod: 'phone',
      },
      { method: 'PUT', url: `/api/services/${uuid(4)}`, body: { status: 'approved', decisionMethod: 'phone' } },
    ],
  ];
  it.each(cases)('%o', (write, request) => {
    expect(toRequest(write)).toEqual(request);
  });

  it('names the row each write changes and the rows it needs on the server first', () => {
    const inspectionCreate: LocalWrite = {
      kind: 'inspection.create',
      id: uuid(3),
      body: { customerId: uuid(1), vehicleId: uuid(2) },
    };
    expect(entityOf(inspectionCreate)).toEqual({ entity: 'inspection', entityId: uuid(3) });
    expect(dependsOnOf(inspectionCreate)).toEqual([uuid(1), uuid(2)]);
    expect(entityOf({ kind: 'service.status', inspectionId: uuid(3), serviceId: uuid(4), status: 'approved' })).toEqual(
      { entity: 'inspection', entityId: uuid(3) },
    );
    expect(dependsOnOf({ kind: 'vehicle.update', id: uuid(2), changes: { customerId: uuid(9) } })).toEqual([uuid(9)]);
    expect(dependsOnOf({ kind: 'vehicle.update', id: uuid(2), changes: { make: 'Kia' } })).toEqual([]);
    expect(dependsOnOf({ kind: 'customer.delete', id: uuid(1) })).toEqual([]);
  });
});
