import { z } from 'zod';
import { errorResponse } from '@shared/schemas/common';
import { customerResponse } from '@shared/schemas/customer';
import { emailTemplateResponse } from '@shared/schemas/email-template';
import {
  inspectionNoteResponse,
  inspectionResponse,
  partResponse,
  publicInspectionResponse,
  serviceResponse,
} from '@shared/schemas/inspection';
import { invoiceResponse, lineItemResponse, publicInvoiceResponse } from '@shared/schemas/invoice';
import { userResponse } from '@shared/schemas/user';
import { vehicleResponse } from '@shared/schemas/vehicle';

/** Schemas named as components in the API description, so operations refer to them instead of repeating them. */
export const componentRegistry = z.registry<{ id?: string; description?: string }>();

const COMPONENTS: [z.ZodType, string, string][] = [
  [
    errorResponse,
    'Error',
    'Every error answer: a stable `error` code, a message for people, and `issues` for validation errors',
  ],
  [customerResponse, 'Customer', 'A customer'],
  [vehicleResponse, 'Vehicle', "A customer's vehicle"],
  [inspectionResponse, 'Inspection', 'A multi-point inspection with its services and notes'],
  [serviceResponse, 'Service', 'A recommended service of an inspection, with its parts'],
  [partResponse, 'Part', 'A part of a service'],
  [inspectionNoteResponse, 'InspectionNote', 'A note on an inspection'],
  [invoiceResponse, 'Invoice', 'An invoice or receipt with its line items; money as two-decimal strings'],
  [lineItemResponse, 'LineItem', 'A line of an invoice'],
  [userResponse, 'User', 'A staff user'],
  [emailTemplateResponse, 'EmailTemplate', 'An email template'],
  [publicInspectionResponse, 'PublicInspection', 'The inspection report a share link shows'],
  [publicInvoiceResponse, 'PublicInvoice', 'The invoice or receipt a share link shows'],
];
for (const [schema, id, description] of COMPONENTS) componentRegistry.add(schema, { id, description });

// Tags group the operations by module: the first path segment after /api.
const SEGMENT_TAGS: Record<string, string> = {
  config: 'Sign-in',
  register: 'Sign-in',
  login: 'Sign-in',
  logout: 'Sign-in',
  user: 'Sign-in',
  public: 'Share pages',
  docs: 'API description',
  'openapi.json': 'API description',
};

const TAG_DESCRIPTIONS: Record<string, string> = {
  'Sign-in': 'Sessions, the signed-in user and the settings the sign-in page shows',
  'Share pages': 'What the customers’ share links show and do; no sign-in, the token is the key',
  'API description': 'This description, as JSON, YAML and a browsable page',
  Sync: 'The change feed the offline app pulls',
};

/** "email-templates" → "Email templates". */
const words = (segment: string) => {
  const text = segment.replaceAll('-', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export function tagFor(url: string): string {
  const segment = url.split('/')[2] ?? '';
  return SEGMENT_TAGS[segment] ?? words(segment);
}

/** The tags in use, sorted, with a description where there is one. */
export function tagList(used: Set<string>): { name: string; description?: string }[] {
  return [...used]
    .sort()
    .map((name) => (TAG_DESCRIPTIONS[name] ? { name, description: TAG_DESCRIPTIONS[name] } : { name }));
}
