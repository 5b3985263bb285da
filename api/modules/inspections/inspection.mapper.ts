import type { InspectionStatus, ServiceStatus } from '@shared/constants';
import { formatCents, servicePartsCents } from '@shared/money';
import type { Inspection, InspectionNote, Service, ServicePart } from '@shared/schemas/inspection';
import type {
  CustomerRow,
  InspectionNoteRow,
  InspectionRow,
  ServicePartRow,
  ServiceRow,
  VehicleRow,
} from '@api/db/tables';
import { toCustomerSummary } from '@api/modules/customers/customer.mapper';
import { toVehicleSummary } from '@api/modules/vehicles/vehicle.mapper';
import type { TechnicianRow } from './inspection.repository';

type Measurements = Pick<
  Inspection,
  | 'frontLeftTread'
  | 'frontRightTread'
  | 'rearLeftTread'
  | 'rearRightTread'
  | 'frontLeftBrake'
  | 'frontRightBrake'
  | 'rearLeftBrake'
  | 'rearRightBrake'
>;

const tenthsToMm = (tenths: number | null): number | null => (tenths === null ? null : tenths / 10);

export function parseLeaks(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function toPart(row: ServicePartRow): ServicePart {
  return {
    id: row.id,
    serviceId: row.serviceId,
    partName: row.partName,
    partUrl: row.partUrl,
    partCost: formatCents(row.partCostCents),
    createdAt: row.createdAt,
  };
}

/** A service with its parts; partsCost is the sum of the parts when it has any. */
export function toService(row: ServiceRow, parts: readonly ServicePartRow[]): Service {
  return {
    id: row.id,
    inspectionId: row.inspectionId,
    description: row.description,
    partsLink: row.partsLink,
    partsCost: formatCents(servicePartsCents({ ...row, parts })),
    laborCost: formatCents(row.laborCostCents),
    status: row.status as ServiceStatus,
    needsReapproval: row.needsReapproval === 1,
    approvedAmount: row.approvedAmountCents === null ? null : formatCents(row.approvedAmountCents),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    parts: parts.map(toPart),
  };
}

export function toNote(row: InspectionNoteRow): InspectionNote {
  return { id: row.id, inspectionId: row.inspectionId, note: row.note, createdAt: row.createdAt };
}

export function toMeasurements(row: InspectionRow): Measurements {
  return {
    frontLeftTread: tenthsToMm(row.frontLeftTread),
    frontRightTread: tenthsToMm(row.frontRightTread),
    rearLeftTread: tenthsToMm(row.rearLeftTread),
    rearRightTread: tenthsToMm(row.rearRightTread),
    frontLeftBrake: tenthsToMm(row.frontLeftBrake),
    frontRightBrake: tenthsToMm(row.frontRightBrake),
    rearLeftBrake: tenthsToMm(row.rearLeftBrake),
    rearRightBrake: tenthsToMm(row.rearRightBrake),
  };
}

export function toConditions(row: InspectionRow) {
  return {
    cabinFilterCondition: row.cabinFilterCondition as Inspection['cabinFilterCondition'],
    engineFilterCondition: row.engineFilterCondition as Inspection['engineFilterCondition'],
    oilCondition: row.oilCondition as Inspection['oilCondition'],
    oilLevel: row.oilLevel as Inspection['oilLevel'],
    coolantLevel: row.coolantLevel as Inspection['coolantLevel'],
    suspensionCondition: row.suspensionCondition as Inspection['suspensionCondition'],
    leaks: parseLeaks(row.leaks),
    diagnosticCodes: row.diagnosticCodes,
    notes: row.notes,
  };
}

export interface Related {
  customers: Map<string, CustomerRow>;
  vehicles: Map<string, VehicleRow>;
  technicians: Map<string, TechnicianRow>;
  services: Map<string, ServiceRow[]>;
  parts: Map<string, ServicePartRow[]>;
  notes: Map<string, InspectionNoteRow[]>;
}

export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** The response shape; undefined when the customer or vehicle vanished mid-read. */
export function toInspection(row: InspectionRow, related: Related): Inspection | undefined {
  const customer = related.customers.get(row.customerId);
  const vehicle = related.vehicles.get(row.vehicleId);
  if (!customer || !vehicle) return undefined;
  const technician = row.technicianId ? related.technicians.get(row.technicianId) : undefined;
  return {
    id: row.id,
    customerId: row.customerId,
    vehicleId: row.vehicleId,
    technicianId: row.technicianId,
    shareToken: row.shareToken,
    status: row.status as InspectionStatus,
    ...toMeasurements(row),
    ...toConditions(row),
    checkEngineLight: row.checkEngineLight === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    customer: toCustomerSummary(customer),
    vehicle: toVehicleSummary(vehicle),
    technician: technician ? { id: technician.id, username: technician.username } : null,
    services: (related.services.get(row.id) ?? []).map((s) => toService(s, related.parts.get(s.id) ?? [])),
    inspectionNotes: (related.notes.get(row.id) ?? []).map(toNote),
  };
}
