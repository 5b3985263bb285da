import { z } from 'zod';
import {
  FILTER_CONDITIONS,
  FLUID_LEVELS,
  INSPECTION_SORTS,
  INSPECTION_STATUSES,
  OIL_CONDITIONS,
  SERVICE_STATUSES,
  SUSPENSION_CONDITIONS,
} from '@shared/constants';
import { customerSummaryResponse } from './customer';
import { publicMediaResponse } from './media';
import { userResponse } from './user';
import { vehicleSummaryResponse } from './vehicle';
import {
  afterQuery,
  costInput,
  errorResponse,
  idSchema,
  listQuery,
  moneyString,
  optionalText,
  requiredText,
  timestamp,
} from './common';
import { staffDecisionMethodInput } from './decision';

export const CUSTOMER_REQUIRED = 'Customer is required';
export const VEHICLE_REQUIRED = 'Vehicle is required';
export const TECHNICIAN_REQUIRED = 'Technician is required';
export const DESCRIPTION_REQUIRED = 'Description is required';
export const PART_NAME_REQUIRED = 'Part name is required';
export const NOTE_REQUIRED = 'Note is required';
export const MAX_MEASUREMENT = 999.9;
export const PARTS_TOTAL_TOO_LARGE = 'The parts total is too large';

// ---- Inputs ----

/** A required reference: missing or blank gives the form's message, a non-UUID a clear one. */
function reference(requiredMessage: string, invalidMessage: string) {
  return z.string(requiredMessage).trim().min(1, requiredMessage).pipe(z.guid(invalidMessage));
}

/** Millimetres 0 to 999.9 in steps of 0.1, as a number or numeric text; gives tenths (or null). */
export function measurementInput(label: string) {
  const message = `${label} must be a number from 0 to ${MAX_MEASUREMENT} in steps of 0.1`;
  return z
    .union([z.number(message), z.string(message)], message)
    .nullish()
    .transform((value, ctx) => {
      if (value === null || value === undefined) return null;
      const text = typeof value === 'string' ? value.trim() : String(value);
      if (text === '') return null;
      const mm = Number(text);
      const tenths = Math.round(mm * 10);
      if (
        !/^\d*\.?\d+$|^\d+\.$/.test(text) ||
        !Number.isFinite(mm) ||
        mm > MAX_MEASUREMENT ||
        Math.abs(mm * 10 - tenths) > 1e-6
      ) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return tenths;
    });
}

/** One of the option list, or null when blank. */
function conditionInput<const T extends readonly [string, ...string[]]>(label: string, options: T) {
  const message = `${label} must be one of: ${options.join(', ')}`;
  return z
    .union([z.literal(''), z.enum(options)], message)
    .nullish()
    .transform((v) => (v ? (v as T[number]) : null));
}

export const inspectionStatusInput = z.enum(
  INSPECTION_STATUSES,
  'Status must be in_progress, completed, approved or declined',
);
export const serviceStatusInput = z.enum(SERVICE_STATUSES, 'Status must be recommended, approved or declined');

const descriptionInput = requiredText(DESCRIPTION_REQUIRED, 500, 'Description');
const partsLinkInput = optionalText(2000, 'Parts link');

export const partInput = z.object({
  id: idSchema.optional(),
  partName: requiredText(PART_NAME_REQUIRED, 200, 'Part name'),
  partUrl: optionalText(2000, 'Part URL'),
  partCost: costInput,
});
export type PartInput = z.output<typeof partInput>;
const partsList = z.array(partInput, 'Parts must be a list').max(100, 'At most 100 parts per service');

/** A service inside an inspection save: costs and link left out keep their saved values. */
export const inspectionServiceInput = z.object({
  id: idSchema.optional(),
  description: descriptionInput,
  partsLink: partsLinkInput.optional(),
  partsCost: costInput.optional(),
  laborCost: costInput.optional(),
  /** Only a new service takes it; an existing service's status never changes on save. */
  status: serviceStatusInput.optional(),
  parts: partsList.optional(),
});
export type InspectionServiceInput = z.output<typeof inspectionServiceInput>;

const inspectionFields = {
  status: inspectionStatusInput,
  frontLeftTread: measurementInput('Front left tread'),
  frontRightTread: measurementInput('Front right tread'),
  rearLeftTread: measurementInput('Rear left tread'),
  rearRightTread: measurementInput('Rear right tread'),
  frontLeftBrake: measurementInput('Front left brake'),
  frontRightBrake: measurementInput('Front right brake'),
  rearLeftBrake: measurementInput('Rear left brake'),
  rearRightBrake: measurementInput('Rear right brake'),
  cabinFilterCondition: conditionInput('Cabin filter condition', FILTER_CONDITIONS),
  engineFilterCondition: conditionInput('Engine filter condition', FILTER_CONDITIONS),
  oilCondition: conditionInput('Oil condition', OIL_CONDITIONS),
  oilLevel: conditionInput('Oil level', FLUID_LEVELS),
  coolantLevel: conditionInput('Coolant level', FLUID_LEVELS),
  suspensionCondition: conditionInput('Suspension condition', SUSPENSION_CONDITIONS),
  leaks: z
    .array(
      z.string('Each leak must be a text').trim().min(1, 'A leak cannot be blank').max(100),
      'Leaks must be a list',
    )
    .max(50, 'At most 50 leaks')
    .nullish()
    .transform((v) => v ?? []),
  checkEngineLight: z
    .boolean('Check engine light must be true or false')
    .nullish()
    .transform((v) => v ?? false),
  diagnosticCodes: optionalText(2000, 'Diagnostic codes'),
  notes: optionalText(10000, 'Notes'),
  services: z.array(inspectionServiceInput, 'Services must be a list').max(200, 'At most 200 services'),
};

export const createInspectionBody = z.object({
  id: idSchema.optional(),
  customerId: reference(CUSTOMER_REQUIRED, 'Customer not found'),
  vehicleId: reference(VEHICLE_REQUIRED, 'Vehicle not found'),
  /** Defaults to the signed-in user when left out. */
  technicianId: reference(TECHNICIAN_REQUIRED, 'Technician not found').optional(),
  ...inspectionFields,
  status: inspectionStatusInput.default('in_progress'),
  services: inspectionFields.services.optional(),
});
export type CreateInspectionBody = z.output<typeof createInspectionBody>;

/** Partial: only the fields sent change; `services`, when sent, is the full list. */
export const updateInspectionBody = z.object({
  customerId: reference(CUSTOMER_REQUIRED, 'Customer not found').optional(),
  vehicleId: reference(VEHICLE_REQUIRED, 'Vehicle not found').optional(),
  technicianId: reference(TECHNICIAN_REQUIRED, 'Technician not found').optional(),
  ...(Object.fromEntries(Object.entries(inspectionFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof inspectionFields]: z.ZodOptional<(typeof inspectionFields)[K]>;
  }),
});
export type UpdateInspectionBody = z.output<typeof updateInspectionBody>;

export const inspectionListQuery = listQuery.extend({
  ...afterQuery,
  status: z.enum([...INSPECTION_STATUSES, 'all'], 'Unknown status').optional(),
  customerId: idSchema.optional(),
  vehicleId: idSchema.optional(),
  technicianId: idSchema.optional(),
  sort: z.enum(INSPECTION_SORTS, 'Sort must be recent or oldest').optional(),
});
export type InspectionListQuery = z.output<typeof inspectionListQuery>;

export const createNoteBody = z.object({
  id: idSchema.optional(),
  note: requiredText(NOTE_REQUIRED, 10000, 'Note'),
});

const serviceFields = {
  description: descriptionInput,
  partsLink: partsLinkInput,
  partsCost: costInput,
  laborCost: costInput,
};

export const createServiceBody = z.object({
  id: idSchema.optional(),
  inspectionId: reference('Inspection is required', 'Inspection not found'),
  ...serviceFields,
  status: serviceStatusInput.default('recommended'),
  /** How the customer gave a decision the staff records (approved or declined); in person if left out. */
  decisionMethod: staffDecisionMethodInput.optional(),
  parts: partsList.optional(),
});
export type CreateServiceBody = z.output<typeof createServiceBody>;

/** The staff status change (approve, unapprove, decline) and edits; only fields sent change. */
export const updateServiceBody = z
  .object({
    status: serviceStatusInput,
    ...serviceFields,
    /** How the customer gave the decision a status change records; in person if left out. */
    decisionMethod: staffDecisionMethodInput,
  })
  .partial();
export type UpdateServiceBody = z.output<typeof updateServiceBody>;

export const createPartBody = partInput;

// ---- Responses (plain: no transforms) ----

const measurement = z.number().nullable();

export const partResponse = z.object({
  id: z.string(),
  serviceId: z.string(),
  partName: z.string(),
  partUrl: z.string().nullable(),
  partCost: moneyString,
  createdAt: timestamp,
});
export type ServicePart = z.infer<typeof partResponse>;

export const serviceResponse = z.object({
  id: z.string(),
  inspectionId: z.string(),
  description: z.string(),
  partsLink: z.string().nullable(),
  partsCost: moneyString,
  laborCost: moneyString,
  status: z.enum(SERVICE_STATUSES),
  /** Approved, then its price, parts or description changed: the customer is asked again. */
  needsReapproval: z.boolean(),
  /** The amount (parts and labour) of the latest approval; null unless approved. */
  approvedAmount: moneyString.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  parts: z.array(partResponse),
});
export type Service = z.infer<typeof serviceResponse>;

export const inspectionNoteResponse = z.object({
  id: z.string(),
  inspectionId: z.string(),
  note: z.string(),
  createdAt: timestamp,
});
export type InspectionNote = z.infer<typeof inspectionNoteResponse>;

export const measurementsResponse = {
  frontLeftTread: measurement,
  frontRightTread: measurement,
  rearLeftTread: measurement,
  rearRightTread: measurement,
  frontLeftBrake: measurement,
  frontRightBrake: measurement,
  rearLeftBrake: measurement,
  rearRightBrake: measurement,
  cabinFilterCondition: z.enum(FILTER_CONDITIONS).nullable(),
  engineFilterCondition: z.enum(FILTER_CONDITIONS).nullable(),
  oilCondition: z.enum(OIL_CONDITIONS).nullable(),
  oilLevel: z.enum(FLUID_LEVELS).nullable(),
  coolantLevel: z.enum(FLUID_LEVELS).nullable(),
  suspensionCondition: z.enum(SUSPENSION_CONDITIONS).nullable(),
  leaks: z.array(z.string()),
  diagnosticCodes: z.string().nullable(),
  notes: z.string().nullable(),
};

export const inspectionResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  vehicleId: z.string(),
  technicianId: z.string().nullable(),
  shareToken: z.string(),
  status: z.enum(INSPECTION_STATUSES),
  ...measurementsResponse,
  checkEngineLight: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  customer: customerSummaryResponse,
  vehicle: vehicleSummaryResponse,
  /** The technician's name only: staff emails and roles are for admins (the user list). */
  technician: userResponse.pick({ id: true, username: true }).nullable(),
  services: z.array(serviceResponse),
  inspectionNotes: z.array(inspectionNoteResponse),
});
export type Inspection = z.infer<typeof inspectionResponse>;

// ---- Public report (share page): only what the page shows ----

export const publicPartResponse = partResponse.pick({ id: true, partName: true, partUrl: true, partCost: true });
export const publicServiceResponse = serviceResponse
  .pick({
    id: true,
    description: true,
    partsCost: true,
    laborCost: true,
    status: true,
    needsReapproval: true,
    approvedAmount: true,
  })
  .extend({ parts: z.array(publicPartResponse) });
export type PublicService = z.infer<typeof publicServiceResponse>;

const text = z.string().nullable();
export const shopContactResponse = z.object({
  companyName: text,
  phone: text,
  email: text,
  address: text,
  city: text,
  state: text,
  zipCode: text,
  website: text,
});
export type ShopContact = z.infer<typeof shopContactResponse>;

/** A share link that leads nowhere: the usual error, plus the shop's contact so the customer can call. */
export const shareNotFoundResponse = errorResponse.extend({ shop: shopContactResponse });

export const publicVehicleResponse = vehicleSummaryResponse.pick({
  year: true,
  make: true,
  model: true,
  licensePlate: true,
  vin: true,
  mileage: true,
});
export type PublicVehicle = z.infer<typeof publicVehicleResponse>;

/** The findings every share page shows: the report, and the receipt's inspection details. */
export const publicFindingsResponse = z.object({
  id: z.string(),
  status: z.enum(INSPECTION_STATUSES),
  createdAt: timestamp,
  technician: z.object({ username: z.string() }).nullable(),
  ...measurementsResponse,
  checkEngineLight: z.boolean().nullable(),
  services: z.array(publicServiceResponse),
  inspectionNotes: z.array(inspectionNoteResponse.pick({ id: true, note: true, createdAt: true })),
});
export type PublicFindings = z.infer<typeof publicFindingsResponse>;

export const publicInspectionResponse = publicFindingsResponse.extend({
  updatedAt: timestamp,
  customer: z.object({ name: z.string() }),
  vehicle: publicVehicleResponse,
  estimate: z.object({ subtotal: moneyString, tax: moneyString, total: moneyString }),
  /** The next approval on this page needs a typed name or a drawn signature (shop setting). */
  signatureRequired: z.boolean(),
  shop: shopContactResponse,
  /** The inspection's photos and videos, by position; URLs scoped to the page's token. */
  media: z.array(publicMediaResponse),
});
export type PublicInspection = z.infer<typeof publicInspectionResponse>;
