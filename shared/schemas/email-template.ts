import { z } from 'zod';
import { TEMPLATE_STATUSES } from '@shared/constants';
import { idSchema, listQuery, optionalText, requiredText, timestamp } from './common';

/** The placeholders a template may carry; they are copied verbatim, never filled in by the API. */
export const TEMPLATE_PLACEHOLDERS = [
  '[Customer Name]',
  '[Vehicle]',
  '[Date]',
  '[Time]',
  '[Inspection Link]',
  '[Invoice Link]',
] as const;

export const TEMPLATE_NAME_MAX = 200;
export const TEMPLATE_DESCRIPTION_MAX = 1000;
export const TEMPLATE_SUBJECT_MAX = 500;
export const TEMPLATE_BODY_MAX = 20_000;
/** The card preview shows this many characters of the body, then an ellipsis. */
export const TEMPLATE_PREVIEW_LENGTH = 200;

export const templateStatusInput = z.enum(TEMPLATE_STATUSES, 'Status must be active or draft');

const nameInput = requiredText('Name is required', TEMPLATE_NAME_MAX, 'Name');
const descriptionInput = optionalText(TEMPLATE_DESCRIPTION_MAX, 'Description');
const subjectInput = requiredText('Subject is required', TEMPLATE_SUBJECT_MAX, 'Subject');
// The body keeps its own line breaks and indentation: only an all-blank body is refused.
const bodyInput = z
  .string('Body is required')
  .max(TEMPLATE_BODY_MAX, `Body must be at most ${TEMPLATE_BODY_MAX} characters`)
  .refine((v) => v.trim().length > 0, 'Body is required');

const templateFields = { name: nameInput, description: descriptionInput, subject: subjectInput, body: bodyInput };

export const createEmailTemplateBody = z.object({
  id: idSchema.optional(),
  ...templateFields,
  status: templateStatusInput.default('active'),
});
export type CreateEmailTemplateBody = z.input<typeof createEmailTemplateBody>;

/** A partial update: only the fields sent change. */
export const updateEmailTemplateBody = z.object({ ...templateFields, status: templateStatusInput }).partial();
export type UpdateEmailTemplateBody = z.input<typeof updateEmailTemplateBody>;

export const emailTemplateListQuery = listQuery.extend({
  status: templateStatusInput.optional(),
});
export type EmailTemplateListQuery = z.infer<typeof emailTemplateListQuery>;

export const emailTemplateResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type EmailTemplate = z.infer<typeof emailTemplateResponse>;
