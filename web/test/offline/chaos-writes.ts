import { FLUID_LEVELS } from '@shared/constants';
import { mulberry32 } from '@shared/seeded-random';
import type { Inspection } from '@shared/schemas/inspection';
import type { LocalDb } from '@web/offline/local-db';
import type { LocalWrite } from '@web/offline/types';

// Random staff writes for the chaos test, made from what a device has locally, shaped as the forms
// send them (only changed fields; the full services list with ids; status only on new services).

/** Seeded, so a failing seed replays exactly. */
export class Rand {
  readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  int(below: number): number {
    return Math.floor(this.next() * below);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A random subset of `items` with at least one and at most `max` members. */
  some<T>(items: readonly T[], max = items.length): T[] {
    const pool = [...items];
    const count = 1 + this.int(Math.min(max, pool.length));
    return Array.from({ length: count }, () => pool.splice(this.int(pool.length), 1)[0] as T);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  uuid(): string {
    const hex = (length: number) => Array.from({ length }, () => this.int(16).toString(16)).join('');
    return `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`;
  }

  money(max: number): string {
    return `${this.int(max)}.${String(this.int(100)).padStart(2, '0')}`;
  }
}

export interface GeneratedWrite {
  write: LocalWrite;
  label: string;
}

const NAMES = ['Ann', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'];
const MAKES = ['Honda', 'Ford', 'Kia', 'Subaru', 'Volvo'];
const MODELS = ['Civic', 'Focus', 'Rio', 'Outback', 'V60'];
const COLORS = ['Red', 'Blue', 'Grey', 'White'];
const JOBS = ['Brake pads', 'Oil change', 'Wipers', 'Battery', 'Tyres', 'Coolant flush'];

type Fields = Record<string, unknown>;

const customerFields = (rand: Rand): Fields => ({
  name: `${rand.pick(NAMES)} ${rand.int(1000)}`,
  email: `c${rand.int(100000)}@mail.test`,
  phone: `555-${rand.int(10000)}`,
  address: `${rand.int(999)} Main St`,
  status: rand.pick(['active', 'inactive']),
});

const vehicleFields = (rand: Rand): Fields => ({
  year: 1995 + rand.int(30),
  make: rand.pick(MAKES),
  model: rand.pick(MODELS),
  mileage: rand.int(300_000),
  color: rand.pick(COLORS),
  licensePlate: `P${rand.int(10000)}`,
});

const inspectionFields = (rand: Rand): Fields => ({
  notes: `Note ${rand.int(1000)}`,
  status: rand.pick(['in_progress', 'completed']),
  frontLeftTread: rand.int(120) / 10,
  oilLevel: rand.pick(FLUID_LEVELS),
  checkEngineLight: rand.chance(0.5),
});

const newPart = (rand: Rand) => ({
  id: rand.uuid(),
  partName: `Part ${rand.int(100)}`,
  partUrl: '',
  partCost: rand.money(200),
});

function newService(rand: Rand) {
  const parts = rand.chance(0.4) ? [newPart(rand)] : [];
  return {
    id: rand.uuid(),
    description: `${rand.pick(JOBS)} ${rand.int(100)}`,
    laborCost: rand.money(300),
    ...(parts.length === 0 ? { partsCost: rand.money(100) } : {}),
    status: 'recommended' as const,
    parts,
  };
}

/** The services as the edit form sends them, with a few random edits. */
function editedServices(rand: Rand, inspection: Inspection) {
  const services = inspection.services.map((s) => ({
    id: s.id,
    description: s.description,
    laborCost: s.laborCost,
    ...(s.parts.length === 0 ? { partsCost: s.partsCost } : {}),
    parts: s.parts.map((p) => ({ id: p.id, partName: p.partName, partUrl: p.partUrl ?? '', partCost: p.partCost })),
  }));
  const target = services.length > 0 ? services[rand.int(services.length)] : undefined;
  if (target && rand.chance(0.4)) target.description = `${rand.pick(JOBS)} ${rand.int(100)}`;
  if (target && rand.chance(0.3)) target.laborCost = rand.money(300);
  if (target && rand.chance(0.3)) {
    delete target.partsCost;
    target.parts.push(newPart(rand));
  }
  if (target && rand.chance(0.2)) services.splice(services.indexOf(target), 1);
  if (services.length === 0 || rand.chance(0.4)) return [...services, newService(rand)];
  return services;
}

const only = (fields: Fields, names: readonly string[]): Fields => Object.fromEntries(names.map((n) => [n, fields[n]]));
const vehicleName = (v: { year: number; make: string; model: string }) => `${v.year} ${v.make} ${v.model}`;

/** The rows the devices start with: two customers with a vehicle each, and an inspection with services. */
export function setupWrites(rand: Rand): GeneratedWrite[] {
  const customers = [0, 1].map(() => ({
    id: rand.uuid(),
    body: customerFields(rand) as { name: string; email: string; phone: string },
  }));
  const vehicles = customers.map((c) => ({
    id: rand.uuid(),
    body: { customerId: c.id, ...vehicleFields(rand) } as {
      customerId: string;
      year: number;
      make: string;
      model: string;
    },
  }));
  const [vehicle] = vehicles as [(typeof vehicles)[number]];
  return [
    ...customers.map(({ id, body }) => ({
      write: { kind: 'customer.create', id, body } as const,
      label: `Add customer ${body.name}`,
    })),
    ...vehicles.map(({ id, body }) => ({
      write: { kind: 'vehicle.create', id, body } as const,
      label: `Add vehicle ${vehicleName(body)}`,
    })),
    {
      write: {
        kind: 'inspection.create',
        id: rand.uuid(),
        body: {
          customerId: vehicle.body.customerId,
          vehicleId: vehicle.id,
          services: [newService(rand), newService(rand)],
        },
      },
      label: `Add inspection of ${vehicleName(vehicle.body)}`,
    },
  ];
}

/** One random write a user of this device could make now, or null when there is nothing to change. */
export async function randomWrite(rand: Rand, db: LocalDb): Promise<GeneratedWrite | null> {
  const [customers, vehicles, inspections] = await Promise.all([
    db.customers.toArray(),
    db.vehicles.toArray(),
    db.inspections.toArray(),
  ]);
  const roll = rand.next();
  if (roll < 0.14 || customers.length === 0) {
    const body = customerFields(rand) as { name: string; email: string; phone: string };
    return { write: { kind: 'customer.create', id: rand.uuid(), body }, label: `Add customer ${body.name}` };
  }
  if (roll < 0.27) {
    const customer = rand.pick(customers);
    const changes = only(customerFields(rand), rand.some(['name', 'email', 'phone', 'address', 'status'], 2));
    return { write: { kind: 'customer.update', id: customer.id, changes }, label: `Edit customer ${customer.name}` };
  }
  if (roll < 0.33) {
    const customer = rand.pick(customers);
    return { write: { kind: 'customer.delete', id: customer.id }, label: `Delete customer ${customer.name}` };
  }
  if (roll < 0.43 || vehicles.length === 0) {
    const body = { customerId: rand.pick(customers).id, ...vehicleFields(rand) } as {
      customerId: string;
      year: number;
      make: string;
      model: string;
    };
    return { write: { kind: 'vehicle.create', id: rand.uuid(), body }, label: `Add vehicle ${vehicleName(body)}` };
  }
  if (roll < 0.53) {
    const vehicle = rand.pick(vehicles);
    const changes = only(
      vehicleFields(rand),
      rand.some(['year', 'make', 'model', 'mileage', 'color', 'licensePlate'], 2),
    );
    // Now and then it moves to another customer (its inspections stay with the old one).
    if (rand.chance(0.3)) changes.customerId = rand.pick(customers).id;
    return {
      write: { kind: 'vehicle.update', id: vehicle.id, changes },
      label: `Edit vehicle ${vehicleName(vehicle)}`,
    };
  }
  if (roll < 0.6) {
    const vehicle = rand.pick(vehicles);
    return { write: { kind: 'vehicle.delete', id: vehicle.id }, label: `Delete vehicle ${vehicleName(vehicle)}` };
  }
  const vehicle = rand.pick(vehicles);
  if (roll < 0.7 || inspections.length === 0) {
    if (!customers.some((c) => c.id === vehicle.customerId)) return null;
    // Now and then from a stale pick: the vehicle has another owner by now, and the server refuses it.
    const customerId = rand.chance(0.2) ? rand.pick(customers).id : vehicle.customerId;
    const body = {
      customerId,
      vehicleId: vehicle.id,
      ...only(inspectionFields(rand), rand.some(['notes', 'frontLeftTread', 'oilLevel', 'checkEngineLight'], 2)),
      services: Array.from({ length: rand.int(3) }, () => newService(rand)),
    };
    return {
      write: { kind: 'inspection.create', id: rand.uuid(), body },
      label: `Add inspection of ${vehicleName(vehicle)}`,
    };
  }
  const inspection = rand.pick(inspections);
  const label = `Edit inspection of ${vehicleName(inspection.vehicle)}`;
  if (roll < 0.86) {
    const changes: Fields = rand.chance(0.7)
      ? only(
          inspectionFields(rand),
          rand.some(['notes', 'status', 'frontLeftTread', 'oilLevel', 'checkEngineLight'], 2),
        )
      : {};
    if (rand.chance(0.6)) changes.services = editedServices(rand, inspection);
    return { write: { kind: 'inspection.update', id: inspection.id, changes }, label };
  }
  const service = inspection.services.length > 0 ? rand.pick(inspection.services) : undefined;
  if (!service) return null;
  const status = service.status === 'approved' ? 'recommended' : 'approved';
  return {
    write: { kind: 'service.status', inspectionId: inspection.id, serviceId: service.id, status },
    label: `${status === 'approved' ? 'Approve' : 'Unapprove'} ${service.description}`,
  };
}

/** Two devices change different fields of the same row before either syncs (invariant 6). */
export async function splitEdit(
  rand: Rand,
  first: LocalDb,
  second: LocalDb,
): Promise<[GeneratedWrite, GeneratedWrite] | null> {
  const kinds = rand.some(['customer', 'vehicle', 'inspection'] as const, 3);
  for (const kind of kinds) {
    const table = kind === 'customer' ? 'customers' : kind === 'vehicle' ? 'vehicles' : 'inspections';
    const mine = (await first[table].toCollection().primaryKeys()) as string[];
    const theirs = new Set((await second[table].toCollection().primaryKeys()) as string[]);
    const shared = mine.filter((id) => theirs.has(id));
    if (shared.length === 0) continue;
    const id = rand.pick(shared);
    const names = rand.shuffle(
      kind === 'customer'
        ? ['name', 'phone', 'address', 'status']
        : kind === 'vehicle'
          ? ['make', 'mileage', 'color', 'licensePlate']
          : ['notes', 'status', 'frontLeftTread', 'oilLevel'],
    );
    const fields =
      kind === 'customer' ? customerFields(rand) : kind === 'vehicle' ? vehicleFields(rand) : inspectionFields(rand);
    const [a, b] = [names.slice(0, 2), names.slice(2)];
    const write = (changes: Fields): LocalWrite => ({ kind: `${kind}.update`, id, changes }) as LocalWrite;
    return [
      { write: write(only(fields, rand.some(a))), label: `Edit ${kind}` },
      { write: write(only(fields, rand.some(b))), label: `Edit ${kind}` },
    ];
  }
  return null;
}
