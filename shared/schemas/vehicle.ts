import { z } from 'zod';
import { MIN_VEHICLE_YEAR, VEHICLE_SORTS, VIN_MAX_LENGTH } from '@shared/constants';
import { idSchema, listQuery, optionalText, requiredText, timestamp } from './common';

export const CUSTOMER_REQUIRED = 'Customer is required';
export const YEAR_REQUIRED = 'Year is required';
export const MAKE_REQUIRED = 'Make is required';
export const MODEL_REQUIRED = 'Model is required';
export const VIN_TOO_LONG = `VIN must be at most ${VIN_MAX_LENGTH} characters`;
export const MILEAGE_MIN = 'Mileage must be at least 0';
export const MILEAGE_WHOLE = 'Mileage must be a whole number';
export const MAX_MILEAGE = 9_999_999;
export const MILEAGE_MAX = 'Mileage must be at most 9,999,999';

/** The newest model year a vehicle may have: next calendar year, read when called. */
export const maxVehicleYear = (): number => new Date().getFullYear() + 1;
export const yearRangeMessage = (): string => `Year must be between ${MIN_VEHICLE_YEAR} and ${maxVehicleYear()}`;

const blank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** A number, or a string of one (forms send strings); NaN for anything else. */
function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

// Messages are functions of the input: the year range is computed at validation time.
const numberOrString = (required: string, invalid: () => string) =>
  z.union([z.number(), z.string()], { error: (issue) => (issue.input == null ? required : invalid()) });

export const customerIdInput = z.string(CUSTOMER_REQUIRED).trim().pipe(z.guid(CUSTOMER_REQUIRED));

export const yearInput = numberOrString(YEAR_REQUIRED, yearRangeMessage)
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || blank(value)) {
      ctx.addIssue({ code: 'custom', message: YEAR_REQUIRED });
      return z.NEVER;
    }
    const year = toNumber(value);
    if (!Number.isInteger(year) || year < MIN_VEHICLE_YEAR || year > maxVehicleYear()) {
      ctx.addIssue({ code: 'custom', message: yearRangeMessage() });
      return z.NEVER;
    }
    return year;
  });

/** Mileage: optional, blank means unknown (null); otherwise a whole number from 0. */
export const mileageInput = numberOrString(MILEAGE_WHOLE, () => MILEAGE_WHOLE)
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || blank(value)) return null;
    const mileage = toNumber(value);
    const message = Number.isNaN(mileage)
      ? MILEAGE_WHOLE
      : mileage < 0
        ? MILEAGE_MIN
        : !Number.isInteger(mileage)
          ? MILEAGE_WHOLE
          : mileage > MAX_MILEAGE
            ? MILEAGE_MAX
            : null;
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return mileage;
  });

const vehicleFields = {
  customerId: customerIdInput,
  year: yearInput,
  make: requiredText(MAKE_REQUIRED, 100, 'Make'),
  model: requiredText(MODEL_REQUIRED, 100, 'Model'),
  vin: optionalText(VIN_MAX_LENGTH, 'VIN'),
  licensePlate: optionalText(20, 'License plate'),
  mileage: mileageInput,
  color: optionalText(50, 'Color'),
};

/** The vehicle form and `POST /api/vehicles`; `id` is the client-made id of an offline create. */
export const createVehicleBody = z.object({ id: idSchema.optional(), ...vehicleFields });
export type CreateVehicleBody = z.input<typeof createVehicleBody>;

/** `PATCH /api/vehicles/:id`: partial; a missing field is "not sent", a blank optional one clears it. */
export const updateVehicleBody = z.object(vehicleFields).partial();
export type UpdateVehicleBody = z.input<typeof updateVehicleBody>;

/** `GET /api/customers/:id/vehicles`: the customer comes from the URL. */
export const customerVehicleListQuery = listQuery.extend({
  sort: z.enum(VEHICLE_SORTS, 'sort must be year, make or mileage').optional(),
});

export const vehicleListQuery = customerVehicleListQuery.extend({
  customerId: idSchema.optional(),
});
export type VehicleListQuery = z.infer<typeof vehicleListQuery>;

export const vehicleResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  vin: z.string().nullable(),
  licensePlate: z.string().nullable(),
  mileage: z.number().int().nullable(),
  color: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Vehicle = z.infer<typeof vehicleResponse>;

/** The vehicle as nested in inspections and invoices. */
export const vehicleSummaryResponse = vehicleResponse.omit({
  customerName: true,
  createdAt: true,
  updatedAt: true,
});
export type VehicleSummary = z.infer<typeof vehicleSummaryResponse>;
