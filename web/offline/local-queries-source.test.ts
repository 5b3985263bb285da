import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Inspection } from '@shared/schemas/inspection';
import type { Vehicle } from '@shared/schemas/vehicle';
import { createCustomer } from '@web/entities/customers/create-customer';
import { deleteCustomer } from '@web/entities/customers/delete-customer';
import { getCustomerInspections } from '@web/entities/inspections/get-customer-inspections';
import { updateCustomer } from '@web/entities/customers/update-customer';
import { updateServiceStatus } from '@web/entities/inspections/update-service-status';
import { saveInspection } from '@web/entities/inspections/save-inspection';
import {
  draftFrom,
  emptyDraft,
  newService,
  toBody,
  toChanges,
} from '@web/features/inspections/components/inspection-form-model';
import { createVehicle } from '@web/entities/vehicles/create-vehicle';
import { deleteVehicle } from '@web/entities/vehicles/delete-vehicle';
import { updateVehicle } from '@web/entities/vehicles/update-vehicle';
import { ApiError } from '@web/lib/api-client';
import { getOffline } from './index';
import { readLocalFirst, readLocalRow } from './local-queries-source';
import { customerRow, userRow } from '@web/test/offline/test-rows';

// The screens' side of the local copy: where reads come from before and after the first pull, and
// what the forms' saves put on this device and in the outbox (labels, only changed fields).

const USER = userRow(900, { username: 'sam', email: 'sam@shop.test' });

let online = true;
const serverCalls: string[] = [];
const serverRows = new Map<string, unknown>();

vi.stubGlobal('navigator', {
  get onLine() {
    return online;
  },
});
vi.stubGlobal('localStorage', {
  getItem: () => JSON.stringify(USER),
  setItem: () => undefined,
  removeItem: () => undefined,
});
// The REST calls the api files make when the device cannot answer: a tiny stand-in server.
vi.stubGlobal('fetch', async (url: string) => {
  serverCalls.push(url);
  const path = new URL(url, 'http://shop.test').pathname;
  const row = serverRows.get(path);
  if (row === undefined)
    return new Response(JSON.stringify({ error: 'Not Found', message: 'Not found' }), { status: 404 });
  return new Response(JSON.stringify(row), { status: 200, headers: { 'content-type': 'application/json' } });
});

const { db } = getOffline();

beforeEach(async () => {
  online = true;
  serverCalls.length = 0;
  serverRows.clear();
  await Promise.all(db.tables.map((table) => table.clear()));
});

afterAll(() => {
  vi.unstubAllGlobals();
});

const pulled = () => db.meta.put({ key: 'lastPulledAt', value: '2026-03-01T00:00:00.000Z' });
const labels = async () => (await db.outbox.orderBy('seq').toArray()).map((e) => e.label);
const lastWrite = async () => (await db.outbox.orderBy('seq').last())?.write;

describe('reads', () => {
  const local = async () => 'local';
  const server = async () => 'server';

  it('asks the server while the first pull has not finished, so a new device never shows an empty shop', async () => {
    expect(await readLocalFirst(local, server)).toBe('server');
    await pulled();
    expect(await readLocalFirst(local, server)).toBe('local');
  });

  it('answers from the device when offline, or when the server cannot be reached', async () => {
    online = false;
    expect(await readLocalFirst(local, server)).toBe('local');
    online = true;
    const unreachable = async (): Promise<string> => {
      throw new TypeError('Failed to fetch');
    };
    expect(await readLocalFirst(local, unreachable)).toBe('local');
    // The server answered with an error: that is shown, not hidden behind a partial copy.
    const refused = async (): Promise<string> => {
      throw new ApiError(500, '500: boom', 'boom');
    };
    await expect(readLocalFirst(local, refused)).rejects.toThrow('500: boom');
  });

  it("reads one row from the device, else from the server, and says so offline when it isn't here", async () => {
    expect(await readLocalRow(async () => 'here', server)).toBe('here');
    expect(await readLocalRow(async () => undefined, server)).toBe('server');
    online = false;
    await expect(readLocalRow(async () => undefined, server)).rejects.toThrow(
      'This record is not kept on this device. Connect to load it.',
    );
  });
});

describe('saves', () => {
  it('puts customers and vehicles on the device at once and queues them with the sync panel labels', async () => {
    const jane = await createCustomer({ name: ' Jane Doe ', email: 'jane@mail.test', phone: '555-0101', address: '' });
    expect(jane).toMatchObject({ name: 'Jane Doe', address: null, status: 'active' });
    expect(await db.customers.get(jane.id)).toEqual(jane);

    const civic = await createVehicle({
      customerId: jane.id,
      year: '2019',
      make: 'Honda',
      model: 'Civic',
      mileage: '42000',
    });
    expect(civic).toMatchObject({ customerId: jane.id, customerName: 'Jane Doe', year: 2019, mileage: 42_000 });

    const renamed = await updateCustomer({ customer: jane, changes: { name: 'Jane Roe' } });
    expect(renamed.name).toBe('Jane Roe');
    expect(await lastWrite()).toEqual({ kind: 'customer.update', id: jane.id, changes: { name: 'Jane Roe' } });
    // Nothing changed: nothing is queued.
    expect(await updateCustomer({ customer: renamed, changes: {} })).toBe(renamed);
    expect(await updateVehicle({ vehicle: civic, changes: {} })).toBe(civic);

    const moved = await updateVehicle({ vehicle: civic, changes: { mileage: '43500' } });
    expect(moved.mileage).toBe(43_500);
    await deleteVehicle(moved);
    expect(await db.vehicles.get(civic.id)).toBeUndefined();
    await deleteCustomer(renamed);
    expect(await db.customers.get(jane.id)).toBeUndefined();

    expect(await labels()).toEqual([
      'Add customer Jane Doe',
      'Add vehicle 2019 Honda Civic',
      'Edit customer Jane Roe',
      'Edit vehicle 2019 Honda Civic',
      'Delete vehicle 2019 Honda Civic',
      'Delete customer Jane Roe',
    ]);
    expect(new Set((await db.outbox.toArray()).map((e) => e.userId))).toEqual(new Set([USER.id]));
    expect(serverCalls).toEqual([]);
  });

  it('keeps a row read from the server before the first pull, so an edit of it shows here too', async () => {
    const fromServer = customerRow(1, { name: 'Ben Ortiz', email: 'ben@mail.test', phone: '555-0102' });
    const saved = await updateCustomer({ customer: fromServer, changes: { phone: '555-0199' } });
    expect(saved).toMatchObject({ name: 'Ben Ortiz', phone: '555-0199' });

    // A new vehicle for a customer only the server has yet: the customer is fetched and kept.
    const other = customerRow(2, { name: 'Cara Diaz' });
    serverRows.set(`/api/customers/${other.id}`, other);
    const car = await createVehicle({ customerId: other.id, year: 2020, make: 'Kia', model: 'Soul' });
    expect(car.customerName).toBe('Cara Diaz');
    expect(serverCalls).toEqual([`/api/customers/${other.id}`]);
    expect(await labels()).toEqual(['Edit customer Ben Ortiz', 'Add vehicle 2020 Kia Soul']);
  });

  it('creates an inspection, then an edit sends only the changed fields, and services only when they changed', async () => {
    const jane = await createCustomer({ name: 'Jane Doe', email: 'jane@mail.test', phone: '555-0101' });
    const civic = await createVehicle({ customerId: jane.id, year: 2019, make: 'Honda', model: 'Civic' });
    const draft = { ...emptyDraft(jane.id, USER.id), vehicleId: civic.id, notes: 'Squeal when braking.' };
    const pads = { ...newService(), description: 'Brake pads', laborCost: '120' };
    const id = crypto.randomUUID();
    const created = await saveInspection({
      mode: 'create',
      id,
      body: toBody({ ...draft, services: [pads] }),
      customerName: 'Jane Doe',
    });
    expect(created).toMatchObject({
      id,
      status: 'in_progress',
      notes: 'Squeal when braking.',
      customer: { name: 'Jane Doe' },
    });
    expect(created?.services.map((s) => [s.description, s.laborCost, s.status])).toEqual([
      ['Brake pads', '120.00', 'recommended'],
    ]);

    const opened = draftFrom(created as Inspection);
    await saveInspection({
      mode: 'update',
      inspection: created as Inspection,
      changes: toChanges({ ...opened, notes: 'Pads at 2 mm.' }, opened),
      customerName: 'Jane Doe',
    });
    expect(await lastWrite()).toEqual({ kind: 'inspection.update', id, changes: { notes: 'Pads at 2 mm.' } });

    // The customer approves meanwhile (here, the staff approve); a later edit of the services keeps it.
    const [service] = created?.services ?? [];
    await updateServiceStatus({
      inspection: created as Inspection,
      service: service as Inspection['services'][number],
      status: 'approved',
    });
    const cheaper = { ...opened, services: opened.services.map((s) => ({ ...s, laborCost: '110' })) };
    const after = await saveInspection({
      mode: 'update',
      inspection: created as Inspection,
      changes: toChanges(cheaper, opened),
      customerName: 'Jane Doe',
    });
    const sent = await lastWrite();
    expect(sent?.kind === 'inspection.update' && Object.keys(sent.changes)).toEqual(['services']);
    expect(sent?.kind === 'inspection.update' && sent.changes.services?.[0]).not.toHaveProperty('status');
    expect(after?.services.map((s) => [s.laborCost, s.status])).toEqual([['110.00', 'approved']]);

    // An edit that changes nothing queues nothing.
    expect(
      await saveInspection({
        mode: 'update',
        inspection: after as Inspection,
        changes: toChanges(opened, opened),
        customerName: 'Jane Doe',
      }),
    ).toBeUndefined();
    await updateServiceStatus({
      inspection: after as Inspection,
      service: after?.services[0] as Inspection['services'][number],
      status: 'recommended',
    });
    expect(await labels()).toEqual([
      'Add customer Jane Doe',
      'Add vehicle 2019 Honda Civic',
      'Create inspection for Jane Doe',
      'Edit inspection for Jane Doe',
      'Approve service Brake pads',
      'Edit inspection for Jane Doe',
      'Move service back to pending Brake pads',
    ]);
  });

  it("adds the server's older history under a customer's local inspections when online", async () => {
    const jane = await createCustomer({ name: 'Jane Doe', email: 'jane@mail.test', phone: '555-0101' });
    const civic: Vehicle = await createVehicle({ customerId: jane.id, year: 2019, make: 'Honda', model: 'Civic' });
    const draft = { ...emptyDraft(jane.id, USER.id), vehicleId: civic.id };
    const recent = await saveInspection({
      mode: 'create',
      id: crypto.randomUUID(),
      body: toBody(draft),
      customerName: 'Jane Doe',
    });
    await pulled();
    const old = {
      ...(recent as Inspection),
      id: crypto.randomUUID(),
      status: 'completed',
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    serverRows.set('/api/inspections', [old]);

    expect((await getCustomerInspections(jane.id)).map((i) => i.id)).toEqual([recent?.id, old.id]);
    online = false;
    expect((await getCustomerInspections(jane.id)).map((i) => i.id)).toEqual([recent?.id]);
  });
});
