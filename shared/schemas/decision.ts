import { z } from 'zod';
import { amountInput, moneyString, optionalText, timestamp } from './common';

// Every approve, decline or unapprove of a service, and the share page's typed-name or drawn
// signature step (docs/approval-decisions.md).

export const DECISIONS = ['approved', 'declined', 'unapproved'] as const;
export type Decision = (typeof DECISIONS)[number];

export const DECISION_ACTORS = ['customer', 'staff'] as const;
/** How the customer gave the decision: `link` on a share page, the others recorded by staff. */
export const DECISION_METHODS = ['link', 'in_person', 'phone', 'text'] as const;
export type DecisionMethod = (typeof DECISION_METHODS)[number];
export const STAFF_DECISION_METHODS = ['in_person', 'phone', 'text'] as const;
export type StaffDecisionMethod = (typeof STAFF_DECISION_METHODS)[number];
export const DEFAULT_STAFF_METHOD: StaffDecisionMethod = 'in_person';
export const DECISION_METHOD_LABELS: Record<DecisionMethod, string> = {
  link: 'Share link',
  in_person: 'In person',
  phone: 'Phone',
  text: 'Text',
};

/** When a share page asks for a typed name or a drawn signature before approving. */
export const APPROVAL_SIGNATURE_MODES = ['never', 'first', 'always'] as const;
export type ApprovalSignatureMode = (typeof APPROVAL_SIGNATURE_MODES)[number];

export const staffDecisionMethodInput = z.enum(
  STAFF_DECISION_METHODS,
  'Decision method must be in_person, phone or text',
);

/** A drawn signature is a PNG data URL of at most this many characters (about 200 KB). */
export const MAX_SIGNATURE_CHARS = 200 * 1024;
export const SIGNATURE_PREFIX = 'data:image/png;base64,';
export const SIGNATURE_TOO_LARGE = 'The signature is too large (at most 200 KB)';
export const SIGNATURE_NOT_PNG = 'The signature must be a PNG image';
export const SIGNATURE_REQUIRED = 'Type your full name or draw your signature to approve';

/** The share page's approve: a typed name and/or a drawn signature when the shop asks for one. */
export const publicApproveBody = z
  .object({
    signerName: optionalText(200, 'Name'),
    signature: z
      .string(SIGNATURE_NOT_PNG)
      .max(MAX_SIGNATURE_CHARS, SIGNATURE_TOO_LARGE)
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, SIGNATURE_NOT_PNG)
      .nullish()
      .transform((v) => v ?? null),
    /** The service's amount as the customer saw it; an approval is refused when the price changed since. */
    shownAmount: amountInput.optional(),
  })
  // No body at all is an approval without a name or signature.
  .nullish();
export type PublicApproveBody = z.output<typeof publicApproveBody>;

export const decisionResponse = z.object({
  id: z.string(),
  serviceId: z.string(),
  description: z.string(),
  decision: z.enum(DECISIONS),
  actor: z.enum(DECISION_ACTORS),
  method: z.enum(DECISION_METHODS),
  /** The service's amount (parts and labour) when it was decided. */
  amount: moneyString,
  /** The customer's name, or the staff user's name. */
  by: z.string(),
  signerName: z.string().nullable(),
  /** The drawn signature as a PNG data URL, when one was given. */
  signature: z.string().nullable(),
  clientAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  decidedAt: timestamp,
});
export type DecisionEntry = z.infer<typeof decisionResponse>;

export const decisionListResponse = z.object({ decisions: z.array(decisionResponse) });
export type DecisionList = z.infer<typeof decisionListResponse>;
