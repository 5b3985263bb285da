import { z } from 'zod';
import { APPROVAL_SIGNATURE_MODES } from './decision';

/** "Sent, not viewed" on the dashboard: a share link this many minutes old and never opened. */
export const DEFAULT_UNVIEWED_ALERT_MINUTES = 20;
export const MAX_UNVIEWED_ALERT_MINUTES = 7 * 24 * 60;
export const UNVIEWED_ALERT_MESSAGE = `Alert after must be a whole number of minutes from 1 to ${MAX_UNVIEWED_ALERT_MINUTES}`;

/** A share link works this many days after it was made or last sent, then says it expired. */
export const DEFAULT_SHARE_LINK_DAYS = 180;
export const MAX_SHARE_LINK_DAYS = 3650;
export const SHARE_LINK_DAYS_MESSAGE = `Links expire after must be a whole number of days from 1 to ${MAX_SHARE_LINK_DAYS}`;

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
  /** Days a share link works after it was made or last sent. */
  shareLinkDays: z.number().int(),
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
    /** Unchanged when not sent. */
    shareLinkDays: z
      .number(SHARE_LINK_DAYS_MESSAGE)
      .int(SHARE_LINK_DAYS_MESSAGE)
      .min(1, SHARE_LINK_DAYS_MESSAGE)
      .max(MAX_SHARE_LINK_DAYS, SHARE_LINK_DAYS_MESSAGE)
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one setting to change',
  });
export type ShopSettingsBody = z.input<typeof shopSettingsBody>;
