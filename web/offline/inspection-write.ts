import { MEASUREMENT_FIELDS } from '@shared/constants';
import { formatCents, parseCents } from '@shared/money';
import {
  createInspectionBody,
  updateInspectionBody,
  type Inspection,
  type InspectionServiceInput,
  type PartInput,
  type Service,
  type ServicePart,
} from '@shared/schemas/inspection';
import {
  customerSummary,
  LocalWriteError,
  parse,
  sameValue,
  vehicleSummary,
  type ApplyContext,
  type Draft,
} from './local-rows';
import type { LocalWrite } from './types';

// The local effect of inspection saves and service status calls, as inspection.service.ts and
// inspection-services.ts apply them on the server.

const centsOf = (money: string): number => parseCents(money) ?? 0;
const sumCents = (parts: readonly { partCost: number }[]): number => parts.reduce((sum, p) => sum + p.partCost, 0);

function requireId(id: string | undefined, what: string): string {
  // Without the client id a re-application would make a new row each time.
  if (!id) throw new LocalWriteError(`Every ${what} needs its client id`);
  return id;
}

function newPart(serviceId: string, part: PartInput, now: string): ServicePart {
  return {
    id: requireId(part.id, 'part'),
    serviceId,
    partName: part.partName,
    partUrl: part.partUrl,
    partCost: formatCents(part.partCost),
    createdAt: now,
  };
}

function newService(inspectionId: string, input: InspectionServiceInput, now: string): Service {
  const id = requireId(input.id, 'service');
  const parts = input.parts ?? [];
  const partsCents = parts.length > 0 ? sumCents(parts) : (input.partsCost ?? 0);
  return {
    id,
    inspectionId,
    description: input.description,
    partsLink: input.partsLink ?? null,
    partsCost: formatCents(partsCents),
    laborCost: formatCents(input.laborCost ?? 0),
    status: input.status ?? 'recommended',
    needsReapproval: false,
    // Added as approved: approved at its amount, as the server records it.
    approvedAmount: input.status === 'approved' ? formatCents(partsCents + (input.laborCost ?? 0)) : null,
    createdAt: now,
    updatedAt: now,
    parts: parts.map((part) => newPart(id, part, now)),
  };
}

/** An existing service after a save: never its status; costs and link left out keep their values. */
function savedService(
  current: Service,
  position: number,
  oldPosition: number,
  input: InspectionServiceInput,
  now: string,
): Service {
  const currentPartsCents = centsOf(current.partsCost);
  let partsCents = input.partsCost ?? currentPartsCents;
  let parts = current.parts;
  let partsChanged = false;
  if (input.parts) {
    const saved = new Map(current.parts.map((p, index) => [p.id, { part: p, index }]));
    const sentIds = new Set(input.parts.map((p) => p.id));
    partsChanged = current.parts.some((p) => !sentIds.has(p.id));
    parts = input.parts.map((part, index) => {
      const existing = part.id ? saved.get(part.id) : undefined;
      if (!existing) {
        partsChanged = true;
        return newPart(current.id, part, now);
      }
      const next = {
        ...existing.part,
        partName: part.partName,
        partUrl: part.partUrl,
        partCost: formatCents(part.partCost),
      };
      if (!sameValue(next, existing.part) || existing.index !== index) partsChanged = true;
      return next;
    });
    if (input.parts.length > 0) partsCents = sumCents(input.parts);
  } else if (current.parts.length > 0) {
    partsCents = current.parts.reduce((sum, p) => sum + centsOf(p.partCost), 0);
  }
  const laborCents = input.laborCost ?? centsOf(current.laborCost);
  const partsLink = input.partsLink === undefined ? current.partsLink : input.partsLink;
  const changed =
    input.description !== current.description ||
    partsLink !== current.partsLink ||
    laborCents !== centsOf(current.laborCost) ||
    partsCents !== currentPartsCents ||
    position !== oldPosition;
  // An approved service whose price, parts or description changed is asked again (decision.service.ts).
  const edited =
    partsChanged ||
    input.description !== current.description ||
    laborCents + partsCents !== centsOf(current.laborCost) + currentPartsCents;
  const reapproval =
    current.status === 'approved' && edited
      ? {
          needsReapproval: true,
          approvedAmount: current.approvedAmount ?? formatCents(centsOf(current.laborCost) + currentPartsCents),
        }
      : {};
  return {
    ...current,
    ...reapproval,
    description: input.description,
    partsLink,
    laborCost: formatCents(laborCents),
    // A service with parts costs the sum of its parts.
    partsCost: formatCents(parts.length > 0 ? parts.reduce((sum, p) => sum + centsOf(p.partCost), 0) : partsCents),
    updatedAt: changed || partsChanged ? now : current.updatedAt,
    parts,
  };
}

/** The full list sent: upsert by id, remove what was left out (inspection-services.ts). */
function savedServices(
  inspectionId: string,
  current: readonly Service[],
  inputs: readonly InspectionServiceInput[],
  now: string,
): Service[] {
  const own = new Map(current.map((s, index) => [s.id, { service: s, index }]));
  return inputs.map((input, position) => {
    const existing = own.get(requireId(input.id, 'service'));
    return existing
      ? savedService(existing.service, position, existing.index, input, now)
      : newService(inspectionId, input, now);
  });
}

type InspectionColumns = Omit<
  Inspection,
  | 'id'
  | 'customerId'
  | 'vehicleId'
  | 'technicianId'
  | 'shareToken'
  | 'createdAt'
  | 'updatedAt'
  | 'customer'
  | 'vehicle'
  | 'technician'
  | 'services'
  | 'inspectionNotes'
>;

/** Parsed fields as the response shows them: measurements in millimetres (parsed as tenths). */
function columnsOf(body: Partial<Record<keyof InspectionColumns, unknown>>): Partial<InspectionColumns> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    const isMeasurement = (MEASUREMENT_FIELDS as readonly string[]).includes(key);
    columns[key] = isMeasurement && typeof value === 'number' ? value / 10 : value;
  }
  return columns as Partial<InspectionColumns>;
}

function technicianOf(
  context: ApplyContext,
  id: string | null,
  current?: Inspection['technician'],
): Inspection['technician'] {
  if (!id) return null;
  return context.technicians.get(id) ?? (current?.id === id ? current : null);
}

export function createInspection(
  draft: Draft,
  write: Extract<LocalWrite, { kind: 'inspection.create' }>,
  context: ApplyContext,
): void {
  const body = parse(createInspectionBody, { ...write.body, id: write.id }, 'inspection');
  const customer = draft.customers.get(body.customerId);
  const vehicle = draft.vehicles.get(body.vehicleId);
  if (!customer || !vehicle) throw new LocalWriteError('The inspection’s customer or vehicle is not on this device');
  const { id: _id, customerId, vehicleId, technicianId, services, ...fields } = body;
  const technician = technicianId ?? context.userId;
  const existing = draft.inspections.get(write.id);
  draft.inspections.set(write.id, {
    ...(columnsOf(fields) as InspectionColumns),
    id: write.id,
    customerId,
    vehicleId,
    technicianId: technician,
    // Made by the server; an empty token until its row comes back.
    shareToken: existing?.shareToken ?? '',
    createdAt: context.now,
    updatedAt: context.now,
    customer: customerSummary(customer),
    vehicle: vehicleSummary(vehicle),
    technician: technicianOf(context, technician, existing?.technician),
    services: savedServices(write.id, [], services ?? [], context.now),
    inspectionNotes: existing?.inspectionNotes ?? [],
  });
}

export function updateInspection(
  draft: Draft,
  write: Extract<LocalWrite, { kind: 'inspection.update' }>,
  context: ApplyContext,
): void {
  const current = draft.inspections.get(write.id);
  const { services, customerId, vehicleId, technicianId, ...fields } = parse(
    updateInspectionBody,
    write.changes,
    'inspection changes',
  );
  if (!current) return;
  const next: Inspection = { ...current, ...columnsOf(fields), updatedAt: context.now };
  if (customerId !== undefined) next.customerId = customerId;
  if (vehicleId !== undefined) next.vehicleId = vehicleId;
  if (technicianId !== undefined) {
    next.technicianId = technicianId;
    next.technician = technicianOf(context, technicianId, current.technician);
  }
  if (services) next.services = savedServices(write.id, current.services, services, context.now);
  draft.inspections.set(write.id, next);
}

/** A staff status change, with the approval fields the server sets (decision.service.ts). */
function withStatus(service: Service, status: Service['status'], now: string): Service {
  if (status === service.status && !(status === 'approved' && service.needsReapproval))
    return { ...service, updatedAt: now };
  const total = centsOf(service.partsCost) + centsOf(service.laborCost);
  return {
    ...service,
    status,
    needsReapproval: false,
    approvedAmount: status === 'approved' ? formatCents(total) : null,
    updatedAt: now,
  };
}

export function setServiceStatus(
  draft: Draft,
  write: Extract<LocalWrite, { kind: 'service.status' }>,
  now: string,
): void {
  const inspection = draft.inspections.get(write.inspectionId);
  if (!inspection?.services.some((s) => s.id === write.serviceId)) return;
  draft.inspections.set(inspection.id, {
    ...inspection,
    updatedAt: now,
    services: inspection.services.map((s) => (s.id === write.serviceId ? withStatus(s, write.status, now) : s)),
  });
}
