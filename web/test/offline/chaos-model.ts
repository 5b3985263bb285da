import { formatCents, parseCents } from '@shared/money';
import type { Customer } from '@shared/schemas/customer';
import type { Inspection } from '@shared/schemas/inspection';
import type { Vehicle } from '@shared/schemas/vehicle';
import { sameValue } from '@web/offline/local-rows';

// The chaos test's model of the server: every write the server committed (a 2xx that was not a
// replay), applied once in the order the server received them, by the rules of docs/offline-sync.md
// (partial updates, services keep their status, deletes win). Only the fields the generator
// sends are modelled.

/** One write the server committed. */
export interface Commit {
  device: number;
  userId: string;
  key: string;
  method: string;
  path: string;
  body: Record<string, unknown>;
}

interface ModelPart {
  id: string;
  partName: string;
  partCost: string;
}

interface ModelService {
  id: string;
  description: string;
  laborCost: string;
  partsCost: string;
  status: string;
  parts: ModelPart[];
}

type Row = Record<string, unknown>;
type Entity = 'customer' | 'vehicle' | 'inspection';

const CUSTOMER_FIELDS = ['name', 'email', 'phone', 'address', 'status'] as const;
const VEHICLE_FIELDS = ['customerId', 'year', 'make', 'model', 'mileage', 'color', 'licensePlate'] as const;
const INSPECTION_FIELDS = [
  'customerId',
  'vehicleId',
  'technicianId',
  'status',
  'notes',
  'frontLeftTread',
  'oilLevel',
  'checkEngineLight',
] as const;
const FIELDS: Record<Entity, readonly string[]> = {
  customer: CUSTOMER_FIELDS,
  vehicle: VEHICLE_FIELDS,
  inspection: INSPECTION_FIELDS,
};

/** What the server stores for a field a create leaves out (null for the rest). */
const DEFAULTS: Record<Entity, Row> = {
  customer: { status: 'active' },
  vehicle: {},
  inspection: { status: 'in_progress', checkEngineLight: false },
};

const money = (value: unknown): string => formatCents(parseCents(value as string) ?? 0);
const pick = (row: Row, fields: readonly string[]): Row => Object.fromEntries(fields.map((f) => [f, row[f] ?? null]));

/** The same projection of a server (or device) row as the model keeps. */
export function project(entity: Entity, row: Customer | Vehicle | Inspection): Row {
  const projected = pick(row as unknown as Row, FIELDS[entity]);
  if (entity !== 'inspection') return projected;
  const services = (row as Inspection).services.map((s) => ({
    id: s.id,
    description: s.description,
    laborCost: s.laborCost,
    partsCost: s.partsCost,
    status: s.status,
    parts: s.parts.map((p) => ({ id: p.id, partName: p.partName, partCost: p.partCost })),
  }));
  return { ...projected, services };
}

function sentService(sent: Row, status: string): ModelService {
  const parts = ((sent.parts as Row[] | undefined) ?? []).map((p) => ({
    id: p.id as string,
    partName: p.partName as string,
    partCost: money(p.partCost),
  }));
  const partsCost =
    parts.length > 0
      ? formatCents(parts.reduce((sum, p) => sum + (parseCents(p.partCost) ?? 0), 0))
      : money(sent.partsCost);
  return {
    id: sent.id as string,
    description: sent.description as string,
    laborCost: money(sent.laborCost),
    partsCost,
    status,
    parts,
  };
}

export class ServerModel {
  readonly rows: Record<Entity, Map<string, Row>> = { customer: new Map(), vehicle: new Map(), inspection: new Map() };
  /** Customers, vehicles and inspections the server deleted (with its cascades). */
  readonly deleted = new Set<string>();
  private readonly deletedServices = new Set<string>();
  private readonly committedKeys = new Set<string>();
  /** Who last set each field: `${entity}:${id}:${field}` → device and value (invariant 6). */
  readonly lastWriter = new Map<string, { device: number; value: unknown }>();
  /** The devices whose updates (not creates) a row's fields hold now. */
  private readonly updatedBy = new Map<string, Map<string, number>>();
  /** Broken invariants seen while applying commits. */
  readonly violations: string[] = [];

  isCommitted(key: string): boolean {
    return this.committedKeys.has(key);
  }

  /** Committed keys in the order the server received them. */
  commitOrder(): string[] {
    return [...this.committedKeys];
  }

  apply(commit: Commit): void {
    if (this.committedKeys.has(commit.key)) {
      this.violations.push(`invariant 3: key ${commit.key} (${commit.method} ${commit.path}) was applied twice`);
      return;
    }
    this.committedKeys.add(commit.key);
    const [, , resource, id] = commit.path.split('?')[0]!.split('/');
    const resources: Record<string, Entity | 'service'> = {
      customers: 'customer',
      vehicles: 'vehicle',
      inspections: 'inspection',
      services: 'service',
    };
    const entity = resources[resource ?? ''];
    if (!entity) throw new Error(`the model does not know ${commit.method} ${commit.path}`);
    if (entity === 'service') return this.setServiceStatus(id!, commit.body.status as string);
    if (commit.method === 'POST') return this.create(entity, commit);
    if (commit.method === 'DELETE') return this.remove(entity, id!);
    this.update(entity, id!, commit);
  }

  private create(entity: Entity, commit: Commit): void {
    const id = commit.body.id as string;
    if (this.rows[entity].has(id)) this.violations.push(`invariant 2: a second ${entity} row for created id ${id}`);
    if (this.deleted.has(id)) this.violations.push(`invariant 5: deleted ${entity} ${id} was created again`);
    const row = pick({ ...DEFAULTS[entity], technicianId: commit.userId, ...commit.body }, FIELDS[entity]);
    if (entity === 'inspection')
      row.services = ((commit.body.services as Row[] | undefined) ?? []).map((s) =>
        sentService(s, (s.status as string) ?? 'recommended'),
      );
    this.rows[entity].set(id, row);
    for (const field of FIELDS[entity])
      this.lastWriter.set(`${entity}:${id}:${field}`, { device: commit.device, value: row[field] });
  }

  private update(entity: Entity, id: string, commit: Commit): void {
    const row = this.rows[entity].get(id);
    if (!row) {
      this.violations.push(
        `invariant 3: the server applied ${commit.method} ${commit.path} to a ${entity} it does not have`,
      );
      return;
    }
    for (const field of FIELDS[entity]) {
      if (commit.body[field] === undefined) continue;
      row[field] = commit.body[field];
      this.lastWriter.set(`${entity}:${id}:${field}`, { device: commit.device, value: commit.body[field] });
      const fields = this.updatedBy.get(`${entity}:${id}`) ?? new Map<string, number>();
      this.updatedBy.set(`${entity}:${id}`, fields.set(field, commit.device));
    }
    if (entity === 'inspection' && commit.body.services)
      row.services = this.savedServices(row.services as ModelService[], commit.body.services as Row[]);
  }

  /** The full list sent: status kept, removed ones gone for good, ones deleted elsewhere not back. */
  private savedServices(current: ModelService[], sent: Row[]): ModelService[] {
    const own = new Map(current.map((s) => [s.id, s]));
    const next: ModelService[] = [];
    for (const service of sent) {
      const existing = own.get(service.id as string);
      if (existing) next.push({ ...sentService(service, existing.status) });
      else if (!this.deletedServices.has(service.id as string))
        next.push(sentService(service, (service.status as string) ?? 'recommended'));
    }
    const kept = new Set(next.map((s) => s.id));
    for (const service of current) if (!kept.has(service.id)) this.deletedServices.add(service.id);
    return next;
  }

  private setServiceStatus(serviceId: string, status: string): void {
    for (const row of this.rows.inspection.values()) {
      const service = (row.services as ModelService[]).find((s) => s.id === serviceId);
      if (service) {
        service.status = status;
        return;
      }
    }
    this.violations.push(`invariant 3: the server changed service ${serviceId}, which the model does not have`);
  }

  private remove(entity: Entity, id: string): void {
    if (!this.rows[entity].has(id)) {
      this.violations.push(`invariant 3: the server deleted a ${entity} ${id} it does not have`);
      return;
    }
    const gone: [Entity, string][] = [[entity, id]];
    if (entity === 'customer') {
      for (const [vehicleId, vehicle] of this.rows.vehicle)
        if (vehicle.customerId === id) gone.push(['vehicle', vehicleId]);
    }
    const vehicles = new Set(gone.filter(([e]) => e === 'vehicle').map(([, v]) => v));
    for (const [inspectionId, inspection] of this.rows.inspection) {
      if (vehicles.has(inspection.vehicleId as string) || (entity === 'customer' && inspection.customerId === id))
        gone.push(['inspection', inspectionId]);
    }
    for (const [kind, goneId] of gone) {
      const row = this.rows[kind].get(goneId);
      if (kind === 'inspection' && row) for (const s of row.services as ModelService[]) this.deletedServices.add(s.id);
      this.rows[kind].delete(goneId);
      this.deleted.add(goneId);
    }
  }

  /** The first difference between the model and the server's rows, or null (invariants 2, 3, 5, 6). */
  differenceFrom(server: Record<Entity, Map<string, Row>>): string | null {
    for (const entity of ['customer', 'vehicle', 'inspection'] as const) {
      for (const id of server[entity].keys()) {
        if (this.deleted.has(id)) return `invariant 5: deleted ${entity} ${id} is back on the server`;
        if (!this.rows[entity].has(id))
          return `invariant 2: the server has a ${entity} ${id} that no committed create made`;
      }
      for (const [id, row] of this.rows[entity]) {
        const actual = server[entity].get(id);
        if (!actual) return `invariant 3: ${entity} ${id} is missing on the server`;
        for (const field of FIELDS[entity]) {
          if (sameValue(actual[field], row[field])) continue;
          const writer = this.lastWriter.get(`${entity}:${id}:${field}`);
          return `invariant 6: ${entity} ${id} field ${field} is ${JSON.stringify(actual[field])} on the server, but device ${writer?.device} set it last to ${JSON.stringify(row[field])}`;
        }
        if (!sameValue(actual.services, row.services)) {
          return `invariant 3: services of inspection ${id} are ${JSON.stringify(actual.services)} on the server, the model has ${JSON.stringify(row.services)}`;
        }
      }
    }
    return null;
  }

  /** Live rows whose fields now hold updates of two or more devices (invariant 6 at work). */
  mergedRows(): number {
    let count = 0;
    for (const [key, fields] of this.updatedBy) {
      const [entity, id] = key.split(':') as [Entity, string];
      if (this.rows[entity].has(id) && new Set(fields.values()).size > 1) count += 1;
    }
    return count;
  }
}
