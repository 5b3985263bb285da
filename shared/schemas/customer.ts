import { z } from 'zod';
import { CUSTOMER_SORTS, CUSTOMER_STATUSES, TEXT_CONSENT_SOURCES } from '@shared/constants';
import { afterQuery, idSchema, listQuery, optionalText, requiredText, timestamp } from './common';

export const CUSTOMER_NAME_REQUIRED = 'Name is required';
export const CUSTOMER_EMAIL_REQUIRED = 'Email is required';
export const CUSTOMER_EMAIL_INVALID = 'Please enter a valid email';
export const CUSTOMER_PHONE_REQUIRED = 'Phone is required';
export const CUSTOMER_STATUS_MESSAGE = 'Status must be active or inactive';

export const customerStatusInput = z.enum(CUSTOMER_STATUSES, CUSTOMER_STATUS_MESSAGE);

export const TEXT_CONSENT_DATE_MESSAGE = 'Consent date must be a date like 2026-11-25';
export const TEXT_CONSENT_SOURCE_MESSAGE = 'Consent source must be in_person, signed_form, phone or web';
export const TEXT_CONSENT_PAIR_MESSAGE = 'Give the consent date and its source together';
// Consent to texts: the day it was given and how; null for both withdraws it.
const textConsentAtInput = z.iso.date(TEXT_CONSENT_DATE_MESSAGE).nullable();
const textConsentSourceInput = z.enum(TEXT_CONSENT_SOURCES, TEXT_CONSENT_SOURCE_MESSAGE).nullable();

/** Date and source are sent together: both set, or both null. */
function consentPaired(
  value: { textConsentAt?: string | null | undefined; textConsentSource?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  const at = value.textConsentAt;
  const source = value.textConsentSource;
  if (at === undefined && source === undefined) return;
  if (((at ?? null) === null) !== ((source ?? null) === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [at ? 'textConsentSource' : 'textConsentAt'],
      message: TEXT_CONSENT_PAIR_MESSAGE,
    });
  }
}

const customerEmailInput = z
  .string(CUSTOMER_EMAIL_REQUIRED)
  .trim()
  .min(1, CUSTOMER_EMAIL_REQUIRED)
  .max(254, CUSTOMER_EMAIL_INVALID)
  .pipe(z.email(CUSTOMER_EMAIL_INVALID));

const customerFields = {
  name: requiredText(CUSTOMER_NAME_REQUIRED, 200, 'Name'),
  email: customerEmailInput,
  phone: requiredText(CUSTOMER_PHONE_REQUIRED, 50, 'Phone'),
  address: optionalText(300, 'Address'),
};

/** The add-customer form and `POST /api/customers`; `id` is the client-made id of an offline create. */
export const createCustomerBody = z
  .object({
    id: idSchema.optional(),
    ...customerFields,
    status: customerStatusInput.default('active'),
    textConsentAt: textConsentAtInput.default(null),
    textConsentSource: textConsentSourceInput.default(null),
  })
  .superRefine(consentPaired);
export type CreateCustomerBody = z.input<typeof createCustomerBody>;

/** `PUT /api/customers/:id`: partial, only the fields sent change. */
// partial() wraps each field in optional(), so a missing address stays "not sent" rather than becoming null.
export const updateCustomerBody = z
  .object({
    ...customerFields,
    status: customerStatusInput,
    textConsentAt: textConsentAtInput,
    textConsentSource: textConsentSourceInput,
  })
  .partial()
  .superRefine(consentPaired);
export type UpdateCustomerBody = z.input<typeof updateCustomerBody>;

export const CUSTOMER_STATUS_FILTERS = ['all', ...CUSTOMER_STATUSES] as const;

export const customerListQuery = listQuery.extend({
  ...afterQuery,
  status: z.enum(CUSTOMER_STATUS_FILTERS, 'status must be all, active or inactive').optional(),
  sort: z.enum(CUSTOMER_SORTS, 'sort must be name, recent or updated').optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuery>;

export const customerResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string().nullable(),
  status: customerStatusInput,
  /** The day the customer consented to texts; null: no consent recorded, texting is off. */
  textConsentAt: z.string().nullable(),
  textConsentSource: z.enum(TEXT_CONSENT_SOURCES).nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Customer = z.infer<typeof customerResponse>;

/** The customer as nested in inspections and invoices. */
export const customerSummaryResponse = customerResponse.omit({ createdAt: true, updatedAt: true });
export type CustomerSummary = z.infer<typeof customerSummaryResponse>;
