import { z } from 'zod';
import { MAX_CENTS, parseCents } from '@shared/money';
import { MAX_PAGE_SIZE } from '@shared/constants';
import { ERROR_REASONS, GONE_ENTITIES } from '@shared/errors';

export const VALID_AMOUNT_MESSAGE = 'Please enter a valid amount (e.g., 45.00)';

/** Any 8-4-4-4-12 hex id; unknown ids are then a 404, not a 400. */
export const idSchema = z.guid('Invalid id');
export const idParams = z.object({ id: idSchema });

/** Trimmed text where blank means "not given" (stored as null). */
export function optionalText(max: number, label = 'This field') {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** Trimmed required text; missing or blank gives `message` (the form shows it under the field). */
export function requiredText(message: string, max = 200, label = 'This field') {
  return z.string(message).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);
}

function toCents(value: number | string, ctx: z.RefinementCtx): number {
  const cents = parseCents(value);
  if (cents === null || cents > MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: VALID_AMOUNT_MESSAGE });
    return z.NEVER;
  }
  return cents;
}

/** A cost that defaults to 0 when blank or missing; accepts 45, "45" or "45.00"; gives cents. */
export const costInput = z
  .union([z.number(), z.string()], VALID_AMOUNT_MESSAGE)
  .nullish()
  .transform((value, ctx) => (value === null || value === undefined || value === '' ? 0 : toCents(value, ctx)));

/** A required amount: digits with up to two decimals (or a number); gives cents. */
export const amountInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,2})?$/, VALID_AMOUNT_MESSAGE),
    ],
    VALID_AMOUNT_MESSAGE,
  )
  .transform((value, ctx) => toCents(value, ctx));

/** Money as sent in responses: exactly two decimals. */
export const moneyString = z.string().regex(/^-?\d+\.\d{2}$/);

export const timestamp = z.string();

/** Digits, with a sign and decimals (read, then refused with their own messages). */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * A whole number written as text (a query string's, an upload's metadata): its digits. Anything else
 * is "<name> must be a number": `0x10`, `1e1`, an empty value or one with spaces (which a plain
 * `Number()` reads as 16, 10, 0 and the digits), and a query parameter sent twice. The API
 * description shows it as the integer it is, with its range.
 */
export function textWholeNumber(name: string, { min, max }: { min: number; max?: number }) {
  return z.preprocess(
    // Anything but digits is made NaN, which the number refuses as not a number.
    (value) => (typeof value === 'string' && !DECIMAL.test(value) ? Number.NaN : value),
    z.coerce
      .number(`${name} must be a number`)
      // The bounds first, and alone: past MAX_SAFE_INTEGER a number is no longer whole to zod, and
      // "too large" says why.
      .min(min, { message: `${name} must be at least ${min}`, abort: true })
      .max(max ?? Number.MAX_SAFE_INTEGER, {
        message: max === undefined ? `${name} is too large` : `${name} must be at most ${max}`,
        abort: true,
      })
      .int(`${name} must be a whole number`),
  );
}

/** Query parameters every list endpoint takes. */
export const listQuery = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  limit: textWholeNumber('limit', { min: 1, max: MAX_PAGE_SIZE }).optional(),
  offset: textWholeNumber('offset', { min: 0 }).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

/** The response header that carries the cursor of the next page (`after=`), when there is one. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';
export const CURSOR_INVALID = 'after must be a cursor from the X-Next-Cursor header of this list';

/** Keyset paging beside `offset`: the rows after the one a cursor names, through the sort's index. */
export const afterQuery = {
  after: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,1000}$/, CURSOR_INVALID)
    .optional()
    .describe(
      `The ${NEXT_CURSOR_HEADER} header of the previous page: the next page, read through the sort's index (not with offset)`,
    ),
};

/** The headers a list's 200 answer carries (documented; the routes set them). */
export const listHeaders: Record<string, z.ZodType> = {
  'X-Total-Count': z.string().describe('How many rows match the filters, over all pages'),
  [NEXT_CURSOR_HEADER]: z
    .string()
    .optional()
    .describe('Sent when a limit was given and more rows follow: pass it as `after` for the next page'),
};

export const errorResponse = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  gone: z.enum(GONE_ENTITIES).optional(),
  reason: z.enum(ERROR_REASONS).optional(),
});
