import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@api/app';
import { createTestDatabase } from '@api/test/database';
import { testConfig, useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createUser, createVehicle } from '@api/test/factories';
import { DOCUMENT_SHAPE, serializeInspection } from './inspection-document.format';
import { storeDocument } from './inspection-document.repository';
import {
  buildMissingDocuments,
  inspectionTexts,
  startDocumentKeeper,
  stopDocumentKeeper,
} from './inspection-documents';
import { getInspection } from './inspection.service';

// Inspection documents (the read model): what is stored is the answer the rows give, every change
// to a row a document is made of clears it in the same transaction, and a body built from rows that
// changed meanwhile is never stored. The tests' apps also check every stored document against the
// rows when they close (api/test/app.ts), so the whole API suite looks for stale ones. This app runs
// no keeper: the tests store documents themselves, when they mean to.

const t = await useTestApp({}, { upkeep: false });
const advisor = await t.signIn('service_advisor');

async function documentRow(inspectionId: string) {
  return t.db.selectFrom('inspectionDocuments').selectAll().where('inspectionId', '=', inspectionId).executeTakeFirst();
}

/** Stores the documents a read had to build, as the keeper does soon after it. */
const storeBuilt = () => buildMissingDocuments(t.db, undefined, { otherFormats: false });

/** An inspection with two services (one with a part) and a note, its answer stored after a first read. */
async function storedInspection() {
  const technician = await createUser(t.db, { role: 'technician' });
  const customer = await createCustomer(t.db);
  const vehicle = await createVehicle(t.db, customer.id);
  const inspection = await createInspection(
    t.db,
    { customerId: customer.id, vehicleId: vehicle.id, technicianId: technician.id },
    [
      { description: 'Front brakes', parts: [{ partName: 'Pads', partCostCents: 4_500 }] },
      { description: 'Wipers', parts: [] },
    ],
  );
  await t.db
    .insertInto('inspectionNotes')
    .values({
      id: randomUUID(),
      inspectionId: inspection.id,
      note: 'Rattle at idle',
      createdAt: new Date().toISOString(),
    })
    .execute();
  const first = await advisor.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
  expect(first.statusCode).toBe(200);
  await storeBuilt();
  const row = await documentRow(inspection.id);
  expect(row).toMatchObject({ shape: DOCUMENT_SHAPE, body: first.body });
  return { inspection, technician, customer, vehicle, version: Number(row!.version), body: first.body };
}

// The answer as parsed JSON, read field by field below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = any;

async function expectCleared(inspectionId: string, before: number) {
  const row = await documentRow(inspectionId);
  expect(row).toMatchObject({ shape: null, body: null });
  expect(Number(row!.version)).toBeGreaterThan(before);
}

describe('inspection documents', () => {
  it('store the answer the rows give, and send it as the route writes it', async () => {
    const { inspection, body } = await storedInspection();
    expect(body).toBe(serializeInspection(await getInspection(t.db, inspection.id)));
    const again = await advisor.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(body);
    expect(JSON.parse(again.body)).toMatchObject({
      id: inspection.id,
      services: [
        { description: 'Front brakes', partsCost: '45.00', parts: [{ partName: 'Pads' }] },
        { description: 'Wipers' },
      ],
      inspectionNotes: [{ note: 'Rattle at idle' }],
    });
  });

  it('are cleared by every change to a row they are made of, and the next read shows it', async () => {
    const changes: [
      string,
      (s: Awaited<ReturnType<typeof storedInspection>>) => Promise<unknown>,
      (answer: Answer) => unknown,
    ][] = [
      [
        'the inspection',
        (s) => t.db.updateTable('inspections').set({ notes: 'Changed' }).where('id', '=', s.inspection.id).execute(),
        (a) => expect(a.notes).toBe('Changed'),
      ],
      [
        'a service',
        (s) =>
          t.db
            .updateTable('services')
            .set({ laborCostCents: 9_900 })
            .where('id', '=', s.inspection.services[1]!.id)
            .execute(),
        (a) => expect(a.services[1].laborCost).toBe('99.00'),
      ],
      [
        'a new service',
        (s) =>
          t.db
            .insertInto('services')
            .values({
              id: randomUUID(),
              inspectionId: s.inspection.id,
              description: 'Cabin filter',
              partsLink: null,
              partsCostCents: 0,
              laborCostCents: 0,
              status: 'recommended',
              position: 9,
              createdAt: new Date().toISOString(),
              updatedAt: new Date().toISOString(),
            })
            .execute(),
        (a) => expect(a.services.map((x: { description: string }) => x.description)).toContain('Cabin filter'),
      ],
      [
        'a removed service',
        (s) => t.db.deleteFrom('services').where('id', '=', s.inspection.services[1]!.id).execute(),
        (a) => expect(a.services).toHaveLength(1),
      ],
      [
        "a service's part",
        (s) =>
          t.db
            .updateTable('serviceParts')
            .set({ partCostCents: 6_000 })
            .where('serviceId', '=', s.inspection.services[0]!.id)
            .execute(),
        (a) => expect(a.services[0].partsCost).toBe('60.00'),
      ],
      [
        'a new part',
        (s) =>
          t.db
            .insertInto('serviceParts')
            .values({
              id: randomUUID(),
              serviceId: s.inspection.services[1]!.id,
              partName: 'Blade',
              partUrl: null,
              partCostCents: 1_250,
              position: 0,
              createdAt: new Date().toISOString(),
            })
            .execute(),
        (a) => expect(a.services[1].parts.map((p: { partName: string }) => p.partName)).toEqual(['Blade']),
      ],
      [
        'a removed part',
        (s) => t.db.deleteFrom('serviceParts').where('serviceId', '=', s.inspection.services[0]!.id).execute(),
        (a) => expect(a.services[0].parts).toEqual([]),
      ],
      [
        'a note',
        (s) =>
          t.db
            .updateTable('inspectionNotes')
            .set({ note: 'Louder now' })
            .where('inspectionId', '=', s.inspection.id)
            .execute(),
        (a) => expect(a.inspectionNotes[0].note).toBe('Louder now'),
      ],
      [
        'the customer',
        (s) =>
          t.db.updateTable('customers').set({ name: 'Renamed Customer' }).where('id', '=', s.customer.id).execute(),
        (a) => expect(a.customer.name).toBe('Renamed Customer'),
      ],
      [
        'the vehicle',
        (s) => t.db.updateTable('vehicles').set({ mileage: 123_456 }).where('id', '=', s.vehicle.id).execute(),
        (a) => expect(a.vehicle.mileage).toBe(123_456),
      ],
      [
        'the technician removed (the foreign key sets it to null)',
        (s) => t.db.deleteFrom('users').where('id', '=', s.technician.id).execute(),
        (a) => expect(a.technician).toBeNull(),
      ],
      [
        "the technician's name",
        (s) =>
          t.db
            .updateTable('users')
            .set({ username: `renamed-${s.technician.id.slice(0, 8)}` })
            .where('id', '=', s.technician.id)
            .execute(),
        (a) => expect(a.technician.username).toMatch(/^renamed-/),
      ],
    ];
    for (const [what, change, check] of changes) {
      const stored = await storedInspection();
      await change(stored);
      await expectCleared(stored.inspection.id, stored.version);
      const response = await advisor.inject({ method: 'GET', url: `/api/inspections/${stored.inspection.id}` });
      expect(response.statusCode, what).toBe(200);
      check(JSON.parse(response.body));
      await storeBuilt();
      expect((await documentRow(stored.inspection.id))?.body, what).toBe(response.body);
    }
  });

  it('are kept when a change leaves them as they are', async () => {
    const { inspection, technician, version } = await storedInspection();
    // The technician's password and status are not part of an inspection.
    await t.db.updateTable('users').set({ status: 'pending' }).where('id', '=', technician.id).execute();
    expect(await documentRow(inspection.id)).toMatchObject({ shape: DOCUMENT_SHAPE, version });
  });

  it('are cleared through the API too, inside its transactions', async () => {
    const { inspection, version } = await storedInspection();
    const response = await advisor.inject({
      method: 'POST',
      url: `/api/inspections/${inspection.id}/notes`,
      payload: { note: 'Customer waiting' },
    });
    expect(response.statusCode).toBe(201);
    await expectCleared(inspection.id, version);
    const read = await advisor.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
    expect(JSON.parse(read.body).inspectionNotes.map((n: { note: string }) => n.note)).toContain('Customer waiting');
  });

  it('go with their inspection', async () => {
    const { inspection } = await storedInspection();
    await t.db.deleteFrom('inspections').where('id', '=', inspection.id).execute();
    expect(await documentRow(inspection.id)).toBeUndefined();
    const response = await advisor.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
    expect(response.statusCode).toBe(404);
  });

  it('are not stored when built from rows older than the version', async () => {
    const { inspection, version } = await storedInspection();
    await t.db.updateTable('inspections').set({ notes: 'Newer' }).where('id', '=', inspection.id).execute();
    // A body built before that change, stored with the version read before it: refused.
    await storeDocument(t.db, inspection.id, version, '{"stale":true}');
    expect(await documentRow(inspection.id)).toMatchObject({ shape: null, body: null });
    const response = await advisor.inject({ method: 'GET', url: `/api/inspections/${inspection.id}` });
    expect(JSON.parse(response.body).notes).toBe('Newer');
  });

  it('of another format are not used, and are built again', async () => {
    const { inspection, body } = await storedInspection();
    await t.db
      .updateTable('inspectionDocuments')
      .set({ shape: 'older format', body: '{"old":true}' })
      .where('inspectionId', '=', inspection.id)
      .execute();
    expect((await inspectionTexts(t.db, [inspection.id])).get(inspection.id)).toBe(body);
    await t.db
      .updateTable('inspectionDocuments')
      .set({ shape: 'older format', body: '{"old":true}' })
      .where('inspectionId', '=', inspection.id)
      .execute();
    await buildMissingDocuments(t.db);
    expect(await documentRow(inspection.id)).toMatchObject({ shape: DOCUMENT_SHAPE, body });
  });
});

describe('the document keeper', () => {
  it('builds every missing answer in the background, and stops', async () => {
    const database = await createTestDatabase();
    try {
      const customer = await createCustomer(database.db);
      const vehicle = await createVehicle(database.db, customer.id);
      // More than one batch.
      const made = [];
      for (let i = 0; i < 130; i++) {
        made.push(
          await createInspection(database.db, { customerId: customer.id, vehicleId: vehicle.id }, [
            { description: `Job ${i}` },
          ]),
        );
      }
      const app = await buildApp({ config: testConfig(), db: database.db });
      startDocumentKeeper(database.db, app.log);
      const deadline = Date.now() + 20_000;
      let left = made.length;
      while (left > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const row = await database.db
          .selectFrom('inspectionDocuments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('shape', 'is', null)
          .executeTakeFirstOrThrow();
        left = Number(row.n);
      }
      expect(left).toBe(0);
      await stopDocumentKeeper(database.db);
      const stored = await database.db.selectFrom('inspectionDocuments').select(['inspectionId', 'body']).execute();
      expect(stored).toHaveLength(made.length);
      const sample = made[77]!;
      expect(stored.find((r) => r.inspectionId === sample.id)?.body).toBe(
        serializeInspection(await getInspection(database.db, sample.id)),
      );
      await app.close();
    } finally {
      await database.drop();
    }
  });
});
