import { z } from 'zod';
import { INVOICE_SORTS, INVOICE_STATUSES } from '@shared/constants';
import { MAX_CENTS, parseCents } from '@shared/money';
import { idSchema, listQuery, moneyString, optionalText, VALID_AMOUNT_MESSAGE, timestamp } from './common';
import { customerSummaryResponse } from './customer';
import { publicMediaResponse } from './media';
import { vehicleSummaryResponse } from './vehicle';
import { inspectionResponse, publicFindingsResponse, publicVehicleResponse, shopContactResponse } from './inspection';

export const INSPECTION_REQUIRED = 'Please select an inspection';
export const INVOICE_STATUS_MESSAGE = 'Status must be draft, sent or paid';
export const LINE_ITEM_BOTH_MESSAGE = 'Please enter both description and amount';
export const LINE_ITEM_DESCRIPTION_MAX = 500;
export const INVOICE_NOTES_MAX = 5000;
export const MAX_LINE_ITEMS = 200;

// ---- Inputs ----

export const invoiceStatusInput = z.enum(INVOICE_STATUSES, INVOICE_STATUS_MESSAGE);

/** Missing or blank is the form's 'select an inspection'; a non-UUID cannot be an inspection. */
export const inspectionIdInput = z
  .string(INSPECTION_REQUIRED)
  .trim()
  .min(1, INSPECTION_REQUIRED)
  .pipe(z.guid('Inspection not found'));

/** Digits with up to two decimals (as text or a number); gives cents. Missing is the 'both' message. */
export const lineItemAmountInput = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? LINE_ITEM_BOTH_MESSAGE : VALID_AMOUNT_MESSAGE,
  })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: LINE_ITEM_BOTH_MESSAGE });
      return z.NEVER;
    }
    const cents = /^\d+(\.\d{1,2})?$/.test(text) ? parseCents(text) : null;
    if (cents === null || cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: VALID_AMOUNT_MESSAGE });
      return z.NEVER;
    }
    return cents;
  });

export const lineItemDescriptionInput = z
  .string(LINE_ITEM_BOTH_MESSAGE)
  .trim()
  .min(1, LINE_ITEM_BOTH_MESSAGE)
  .max(LINE_ITEM_DESCRIPTION_MAX, `Description must be at most ${LINE_ITEM_DESCRIPTION_MAX} characters`);

export const lineItemBody = z.object({
  id: idSchema.optional(),
  description: lineItemDescriptionInput,
  amount: lineItemAmountInput,
});
export type LineItemBody = z.output<typeof lineItemBody>;

export const createInvoiceBody = z.object({
  id: idSchema.optional(),
  inspectionId: inspectionIdInput,
  status: invoiceStatusInput.default('draft'),
  notes: optionalText(INVOICE_NOTES_MAX, 'Notes'),
  lineItems: z
    .array(lineItemBody, 'Line items must be a list')
    .max(MAX_LINE_ITEMS, `At most ${MAX_LINE_ITEMS} line items`)
    .optional(),
});
export type CreateInvoiceBody = z.output<typeof createInvoiceBody>;

/** Partial: only the fields sent change; blank or null notes clear them. */
export const updateInvoiceBody = z.object({
  status: invoiceStatusInput.optional(),
  notes: optionalText(INVOICE_NOTES_MAX, 'Notes').optional(),
});
export type UpdateInvoiceBody = z.output<typeof updateInvoiceBody>;

export const invoiceListQuery = listQuery.extend({
  status: z.enum([...INVOICE_STATUSES, 'all'], 'Status must be draft, sent, paid or all').optional(),
  sort: z.enum(INVOICE_SORTS, 'Sort must be date, amount or customer').optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

export const lineItemParams = z.object({ id: idSchema, itemId: idSchema });

// ---- Responses (plain: no transforms) ----

export const lineItemResponse = z.object({
  id: z.string(),
  invoiceId: z.string(),
  description: z.string(),
  amount: moneyString,
  createdAt: timestamp,
});
export type InvoiceLineItem = z.infer<typeof lineItemResponse>;

export const invoiceCustomerResponse = customerSummaryResponse;
export const invoiceVehicleResponse = vehicleSummaryResponse;

export const invoiceResponse = z.object({
  id: z.string(),
  inspectionId: z.string().nullable(),
  customerId: z.string(),
  vehicleId: z.string().nullable(),
  shareToken: z.string(),
  subtotal: moneyString,
  tax: moneyString,
  total: moneyString,
  notes: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
  customer: invoiceCustomerResponse,
  vehicle: invoiceVehicleResponse.nullable(),
  inspection: inspectionResponse.nullable(),
  lineItems: z.array(lineItemResponse),
});
export type Invoice = z.infer<typeof invoiceResponse>;

// ---- Public invoice and receipt (share pages): only what the pages show ----

export const publicInvoiceParams = z.object({ token: z.string() });
export const publicInvoiceServiceParams = z.object({ token: z.string(), serviceId: idSchema });

export const receiptFiguresResponse = z.object({
  approvedSubtotal: moneyString,
  approvedTax: moneyString,
  approvedTotal: moneyString,
  pendingAmount: moneyString,
  ifAllApprovedSubtotal: moneyString,
  ifAllApprovedTax: moneyString,
  ifAllApprovedTotal: moneyString,
});
export type ReceiptFigures = z.infer<typeof receiptFiguresResponse>;

export const publicInvoiceInspectionResponse = publicFindingsResponse;

export const publicInvoiceResponse = z.object({
  id: z.string(),
  status: z.enum(INVOICE_STATUSES),
  notes: z.string().nullable(),
  createdAt: timestamp,
  subtotal: moneyString,
  tax: moneyString,
  total: moneyString,
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  vehicle: publicVehicleResponse.nullable(),
  inspection: publicInvoiceInspectionResponse.nullable(),
  lineItems: z.array(lineItemResponse.pick({ id: true, description: true, amount: true })),
  receipt: receiptFiguresResponse,
  /** The next approval on this page needs a typed name or a drawn signature (shop setting). */
  signatureRequired: z.boolean(),
  shop: shopContactResponse,
  /** The inspection's photos and videos, by position; URLs scoped to this invoice's token. */
  media: z.array(publicMediaResponse),
});
export type PublicInvoice = z.infer<typeof publicInvoiceResponse>;
