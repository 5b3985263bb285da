import type { z } from 'zod';
import { createCustomerBody, updateCustomerBody } from '@shared/schemas/customer';
import { createInspectionBody, updateInspectionBody } from '@shared/schemas/inspection';
import { createVehicleBody, updateVehicleBody } from '@shared/schemas/vehicle';
import type { LocalWrite } from '@web/offline/types';

/** One text input of the sync panel's edit form. */
export interface EditableField {
  name: string;
  label: string;
  /** The value as text ('' for none). */
  value: string;
}

export type EditErrors = Partial<Record<string, string>>;

export type EditResult = { ok: true; write: LocalWrite } | { ok: false; errors: EditErrors };

type EditableKind =
  | 'customer.create'
  | 'customer.update'
  | 'vehicle.create'
  | 'vehicle.update'
  | 'inspection.create'
  | 'inspection.update';
type EditableWrite = Extract<LocalWrite, { kind: EditableKind }>;

// The same schemas the forms and the server use, so the messages are the ones users know.
const SCHEMAS: Record<EditableKind, z.ZodType> = {
  'customer.create': createCustomerBody,
  'customer.update': updateCustomerBody,
  'vehicle.create': createVehicleBody,
  'vehicle.update': updateVehicleBody,
  'inspection.create': createInspectionBody,
  'inspection.update': updateInspectionBody,
};

// References are picked from lists in the real forms; as free text they would only invite typos.
const NOT_EDITABLE = new Set(['id', 'customerId', 'vehicleId', 'technicianId']);

const LABELS: Record<string, string> = {
  vin: 'VIN',
  licensePlate: 'License plate',
};

/** "frontLeftTread" → "Front left tread". */
export function fieldLabel(name: string): string {
  const known = LABELS[name];
  if (known) return known;
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isEditable(write: LocalWrite): write is EditableWrite {
  return write.kind in SCHEMAS;
}

function fieldsOf(write: EditableWrite): Record<string, unknown> {
  return 'body' in write ? write.body : write.changes;
}

const isScalar = (value: unknown): value is string | number | null =>
  value === null || typeof value === 'string' || typeof value === 'number';

const asText = (value: string | number | null): string => (value === null ? '' : String(value));

/**
 * The fields a user can correct in a change that needs attention: the text and number fields it
 * carries (for an update, only the fields it changes). Null when the change has none (deletes,
 * approvals), which leaves Retry and Discard.
 */
export function editableFields(write: LocalWrite): EditableField[] | null {
  if (!isEditable(write)) return null;
  const fields = Object.entries(fieldsOf(write))
    .filter(([name, value]) => !NOT_EDITABLE.has(name) && isScalar(value))
    .map(([name, value]) => ({ name, label: fieldLabel(name), value: asText(value as string | number | null) }));
  return fields.length > 0 ? fields : null;
}

/**
 * The change with the user's corrections, validated with the write's schema. Only fields whose
 * text changed are replaced; a number stays a number when the new text is one.
 */
export function editWrite(write: LocalWrite, values: Record<string, string>): EditResult {
  const fields = editableFields(write);
  if (!fields || !isEditable(write)) return { ok: false, errors: { _form: 'This change cannot be edited.' } };
  const original = fieldsOf(write);
  const edited: Record<string, unknown> = {};
  for (const field of fields) {
    const text = values[field.name];
    if (text === undefined || text === field.value) continue;
    const before = original[field.name];
    const trimmed = text.trim();
    edited[field.name] =
      typeof before === 'number' && trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : text;
  }
  const next = { ...original, ...edited };
  const parsed = SCHEMAS[write.kind].safeParse(next);
  if (!parsed.success) {
    const names = new Set(fields.map((f) => f.name));
    const errors: EditErrors = {};
    for (const issue of parsed.error.issues) {
      const key = typeof issue.path[0] === 'string' && names.has(issue.path[0]) ? issue.path[0] : '_form';
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  // The schema accepted the values, so they are valid wire input for this kind.
  const updated = ('body' in write ? { ...write, body: next } : { ...write, changes: next }) as LocalWrite;
  return { ok: true, write: updated };
}
