import { z } from 'zod';
import { APPROVAL_SIGNATURE_MODES } from './decision';

/** "Sent, not viewed" on the dashboard: a share link this many minutes old and never opened. */
export const DEFAULT_UNVIEWED_ALERT_MINUTES = 20;
export const MAX_UNVIEWED_ALERT_MINUTES = 7 * 24 * 60;
export const UNVIEWED_ALERT_MESSAGE = `Alert after must be a whole number of minutes from 1 to ${MAX_UNVIEWED_ALERT_MINUTES}`;

/** Shop-wide settings an administrator changes on the Users screen. */
export const shopSettingsResponse = z.object({
  /** The Sign Up form is open to anyone; accounts made there wait for approval. */
  openSignUp: z.boolean(),
  /** When a share page asks for a typed name or a drawn signature: never, first approval, always. */
  approvalSignature: z.enum(APPROVAL_SIGNATURE_MODES),
  /** Minutes after a send with no view before the dashboard flags the report. */
  unviewedAlertMinutes: z.number().int(),
  /** Technicians may send reports to customers too (advisors and admins always may). */
  techniciansMaySend: z.boolean(),
});
export type ShopSettings = z.infer<typeof shopSettingsResponse>;

/** Each setting left out stays as it is, so a screen changing one never resets another from an old copy. */
export const shopSettingsBody = z
  .object({
    openSignUp: z.boolean('Open sign-up must be true or false').optional(),
    /** Left out: unchanged. */
    approvalSignature: z.enum(APPROVAL_SIGNATURE_MODES, 'Approval signature must be never, first or always').optional(),
    /** Unchanged when not sent. */
    unviewedAlertMinutes: z
      .number(UNVIEWED_ALERT_MESSAGE)
      .int(UNVIEWED_ALERT_MESSAGE)
      .min(1, UNVIEWED_ALERT_MESSAGE)
      .max(MAX_UNVIEWED_ALERT_MINUTES, UNVIEWED_ALERT_MESSAGE)
      .optional(),
    techniciansMaySend: z.boolean('Technicians may send must be true or false').optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one setting to change',
  });
export type ShopSettingsBody = z.input<typeof shopSettingsBody>;
