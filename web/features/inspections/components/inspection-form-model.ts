import {
  INSPECTION_TAX_RATE,
  MEASUREMENT_FIELDS,
  type InspectionStatus,
  type MeasurementField,
} from '@shared/constants';
import { parseCents, serviceTotalCents, totalsWithTax, type Totals } from '@shared/money';
import type { z } from 'zod';
import type { createInspectionBody, Inspection, updateInspectionBody } from '@shared/schemas/inspection';
import { newClientId } from '@web/lib/api-client';

// The dialog's editable copy of an inspection: every input is text, ids are kept for every service
// and part (new ones get a client id when added), so a save never deletes and recreates them.

export const CONDITION_FIELDS = [
  'cabinFilterCondition',
  'engineFilterCondition',
  'oilCondition',
  'oilLevel',
  'coolantLevel',
  'suspensionCondition',
] as const;
export type ConditionField = (typeof CONDITION_FIELDS)[number];

/** The Select value for "not recorded" (Radix reserves ''). */
export const NO_CONDITION = 'none';

export interface PartDraft {
  id: string;
  partName: string;
  partUrl: string;
  partCost: string;
}

export interface ServiceDraft {
  id: string;
  isNew: boolean;
  description: string;
  laborCost: string;
  /** Used only while the service has no parts (otherwise the parts add up). */
  partsCost: string;
  parts: PartDraft[];
}

export interface InspectionDraft {
  customerId: string;
  vehicleId: string;
  technicianId: string;
  status: InspectionStatus;
  measurements: Record<MeasurementField, string>;
  conditions: Record<ConditionField, string>;
  leaks: string;
  checkEngineLight: 'on' | 'off';
  diagnosticCodes: string;
  notes: string;
  services: ServiceDraft[];
}

const text = (value: number | string | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

export const newPart = (): PartDraft => ({ id: newClientId(), partName: '', partUrl: '', partCost: '' });

export const newService = (): ServiceDraft => ({
  id: newClientId(),
  isNew: true,
  description: '',
  laborCost: '',
  partsCost: '',
  parts: [],
});

export function emptyDraft(customerId = '', technicianId = ''): InspectionDraft {
  return {
    customerId,
    vehicleId: '',
    technicianId,
    status: 'in_progress',
    measurements: Object.fromEntries(MEASUREMENT_FIELDS.map((f) => [f, ''])) as Record<MeasurementField, string>,
    conditions: Object.fromEntries(CONDITION_FIELDS.map((f) => [f, NO_CONDITION])) as Record<ConditionField, string>,
    leaks: '',
    checkEngineLight: 'off',
    diagnosticCodes: '',
    notes: '',
    services: [],
  };
}

export function draftFrom(inspection: Inspection): InspectionDraft {
  return {
    customerId: inspection.customerId,
    vehicleId: inspection.vehicleId,
    technicianId: inspection.technicianId ?? '',
    status: inspection.status,
    measurements: Object.fromEntries(MEASUREMENT_FIELDS.map((f) => [f, text(inspection[f])])) as Record<
      MeasurementField,
      string
    >,
    conditions: Object.fromEntries(CONDITION_FIELDS.map((f) => [f, inspection[f] ?? NO_CONDITION])) as Record<
      ConditionField,
      string
    >,
    leaks: inspection.leaks.join(', '),
    checkEngineLight: inspection.checkEngineLight ? 'on' : 'off',
    diagnosticCodes: inspection.diagnosticCodes ?? '',
    notes: inspection.notes ?? '',
    services: inspection.services.map((s) => ({
      id: s.id,
      isNew: false,
      description: s.description,
      laborCost: s.laborCost,
      partsCost: s.partsCost,
      parts: s.parts.map((p) => ({ id: p.id, partName: p.partName, partUrl: p.partUrl ?? '', partCost: p.partCost })),
    })),
  };
}

/** Blank costs count as '0', as the API's cost fields do. */
const cost = (value: string): string => (value.trim() === '' ? '0' : value.trim());

function serviceBody(service: ServiceDraft): Record<string, unknown> {
  return {
    id: service.id,
    description: service.description,
    laborCost: cost(service.laborCost),
    ...(service.parts.length === 0 ? { partsCost: cost(service.partsCost) } : {}),
    // Only a new service takes a status; an existing one keeps its own (approve/decline survive).
    ...(service.isNew ? { status: 'recommended' } : {}),
    parts: service.parts.map((p) => ({
      id: p.id,
      partName: p.partName,
      partUrl: p.partUrl,
      partCost: cost(p.partCost),
    })),
  };
}

/** Every field except services, as the API takes them. */
function fieldsBody(draft: InspectionDraft): Record<string, unknown> {
  return {
    customerId: draft.customerId,
    vehicleId: draft.vehicleId,
    technicianId: draft.technicianId,
    status: draft.status,
    ...Object.fromEntries(MEASUREMENT_FIELDS.map((f) => [f, draft.measurements[f].trim() || null])),
    ...Object.fromEntries(
      CONDITION_FIELDS.map((f) => [f, draft.conditions[f] === NO_CONDITION ? null : draft.conditions[f]]),
    ),
    leaks: draft.leaks
      .split(/[,\n]/)
      .map((leak) => leak.trim())
      .filter(Boolean),
    checkEngineLight: draft.checkEngineLight === 'on',
    diagnosticCodes: draft.diagnosticCodes,
    notes: draft.notes,
  };
}

/** What the dialog sends for a new inspection: every field and the services (wire shapes). */
export type InspectionBody = Omit<z.input<typeof createInspectionBody>, 'id'>;
/** What an edit sends: only the changed fields. */
export type InspectionChanges = z.input<typeof updateInspectionBody>;

/** A new inspection sends everything. */
export function toBody(draft: InspectionDraft): InspectionBody {
  return { ...fieldsBody(draft), services: draft.services.map(serviceBody) } as InspectionBody;
}

/**
 * An edit sends only the fields that changed, and the services (the full list: the server upserts
 * by id and removes only the ones left out) only when any of them changed. What another device
 * changed meanwhile in the other fields is left alone.
 */
export function toChanges(draft: InspectionDraft, initial: InspectionDraft): InspectionChanges {
  const fields = fieldsBody(draft);
  const before = fieldsBody(initial);
  const changed = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(before[key])),
  );
  const services = draft.services.map(serviceBody);
  const servicesChanged = JSON.stringify(services) !== JSON.stringify(initial.services.map(serviceBody));
  return (servicesChanged ? { ...changed, services } : changed) as InspectionChanges;
}

const cents = (value: string): number => parseCents(cost(value)) ?? 0;

/** The live estimate: parts (or the parts cost) plus labour of every service, with 8.5% tax. */
export function estimate(draft: InspectionDraft): Totals {
  const subtotal = draft.services.reduce(
    (sum, s) =>
      sum +
      serviceTotalCents({
        laborCostCents: cents(s.laborCost),
        partsCostCents: cents(s.partsCost),
        parts: s.parts.map((p) => ({ partCostCents: cents(p.partCost) })),
      }),
    0,
  );
  return totalsWithTax(subtotal, INSPECTION_TAX_RATE);
}
