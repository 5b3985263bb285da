import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isPostgres } from '@api/db/database';
import { useTestApp } from '@api/test/app';
import { createCustomer, createInspection, createUser, createVehicle } from '@api/test/factories';
import * as repo from './inspection.repository';
import { getInspection, getInspectionsByIds } from './inspection.service';

const t = await useTestApp();

// Awkward rows: a shared customer, no technician, tied positions, parts written out of order,
// notes at one instant, text that JSON must escape, nulls and zeros.
const tech = await createUser(t.db, { username: 'tech-ü' });
const owner = await createCustomer(t.db, { name: 'Zoë "Quote" O\'Brien \\ ✓' });
const car = await createVehicle(t.db, owner.id, { make: 'Škoda', model: 'Octavia\nRS', vin: null });
const first = await createInspection(
  t.db,
  { customerId: owner.id, vehicleId: car.id, technicianId: tech.id, leaks: '["oil","coolant"]', checkEngineLight: 1 },
  [
    {
      description: 'Brakes 🛑',
      laborCostCents: 12_345,
      parts: [{ partName: 'Pad' }, { partName: 'Rotor', partUrl: null }],
    },
    { description: 'Tires', parts: [] },
    { description: 'Wipers', status: 'approved', parts: [{ partName: 'Blade', partCostCents: 999 }] },
  ],
);
const second = await createInspection(t.db, { customerId: owner.id, vehicleId: car.id, frontLeftTread: 0 }, [
  { description: 'Oil' },
]);
const third = await createInspection(t.db, {}, []);
// Tied positions and instants: the id decides, as in the separate reads.
const tiedAt = '2026-03-01T10:00:00.000Z';
await t.db
  .updateTable('services')
  .set({ position: 0, createdAt: tiedAt })
  .where('inspectionId', '=', first.id)
  .execute();
await t.db
  .updateTable('serviceParts')
  .set({ position: 0, createdAt: tiedAt })
  .where('serviceId', '=', first.services[0]!.id)
  .execute();
for (const note of ['b note', 'a "note"', 'c\tnote']) {
  await t.db
    .insertInto('inspectionNotes')
    .values({ id: randomUUID(), inspectionId: first.id, note, createdAt: tiedAt })
    .execute();
}

const ids = [first.id, second.id, third.id];

/** The six separate reads, as PostgreSQL runs them. */
async function readApart(inspectionIds: string[]) {
  const rows = await repo.findInspectionRows(t.db, inspectionIds);
  return {
    inspections: rows,
    customers: await repo.findCustomers(
      t.db,
      rows.map((r) => r.customerId),
    ),
    vehicles: await repo.findVehicles(
      t.db,
      rows.map((r) => r.vehicleId),
    ),
    technicians: await repo.findTechnicians(
      t.db,
      rows.flatMap((r) => (r.technicianId ? [r.technicianId] : [])),
    ),
    services: await repo.findServicesOf(t.db, inspectionIds),
    parts: await repo.findPartsOfInspections(t.db, inspectionIds),
    notes: await repo.findNotesOf(t.db, inspectionIds),
  };
}

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

describe('an inspection and what it nests, in one statement', () => {
  it.skipIf(isPostgres(t.db))('gives on SQLite the rows and order the separate reads give', async () => {
    const apart = await readApart(ids);
    const inOne = await repo.findInspectionsWithRelatedInOne(t.db, [...ids, randomUUID(), first.id]);
    expect(inOne).toBeDefined();
    // Order matters where the reads sort (services, parts, notes); sets elsewhere.
    expect(inOne!.services).toEqual(apart.services);
    expect(inOne!.parts).toEqual(apart.parts);
    expect(inOne!.notes).toEqual(apart.notes);
    expect(inOne!.services.filter((s) => s.inspectionId === first.id).map((s) => s.description)).toHaveLength(3);
    expect(inOne!.notes.map((n) => n.note)).toHaveLength(3);
    expect(byId(inOne!.inspections)).toEqual(byId(apart.inspections));
    expect(byId(inOne!.customers)).toEqual(byId(apart.customers));
    expect(byId(inOne!.vehicles)).toEqual(byId(apart.vehicles));
    expect(byId(inOne!.technicians)).toEqual(byId(apart.technicians));
  });

  it.skipIf(!isPostgres(t.db))('is not used on PostgreSQL, which runs the separate reads at once', async () => {
    expect(await repo.findInspectionsWithRelatedInOne(t.db, ids)).toBeUndefined();
  });

  it('answers the same inspections through either path', async () => {
    const [one, two, three] = await getInspectionsByIds(t.db, ids);
    expect(one).toEqual(await getInspection(t.db, first.id));
    expect(one!.customer.name).toBe('Zoë "Quote" O\'Brien \\ ✓');
    expect(one!.vehicle).toMatchObject({ make: 'Škoda', model: 'Octavia\nRS', vin: null });
    expect(one!.technician).toMatchObject({ id: tech.id, username: 'tech-ü' });
    expect(one!.leaks).toEqual(['oil', 'coolant']);
    expect(one!.checkEngineLight).toBe(true);
    expect(one!.services.map((s) => s.parts.length).sort()).toEqual([0, 1, 2]);
    expect(one!.services.find((s) => s.description === 'Brakes 🛑')?.laborCost).toBe('123.45');
    expect(one!.inspectionNotes).toHaveLength(3);
    expect(two).toMatchObject({ id: second.id, technician: null, frontLeftTread: 0 });
    expect(three).toMatchObject({ id: third.id, services: [], inspectionNotes: [] });
    expect(await getInspectionsByIds(t.db, [randomUUID()])).toEqual([]);
  });
});
