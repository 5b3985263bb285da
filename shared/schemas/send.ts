import { z } from 'zod';
import { TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX } from './email-template';
import { idSchema, timestamp } from './common';

/**
 * How a share link went out. email: by the server through SMTP; mail_app: a `mailto:` link opened
 * the device's mail app; text: an `sms:` link; share_sheet: the device's share sheet (Web Share);
 * copy_link: copied to the clipboard.
 */
export const SEND_CHANNELS = ['email', 'mail_app', 'text', 'share_sheet', 'copy_link'] as const;
export type SendChannel = (typeof SEND_CHANNELS)[number];
/** Channels that text the customer: they need the customer's recorded consent. */
export const TEXT_CHANNELS: readonly SendChannel[] = ['text', 'share_sheet'];

/** sending: handed to the SMTP server right now; sent | failed: its answer; opened: handed to the device. */
export const SEND_STATUSES = ['sending', 'sent', 'failed', 'opened'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

export const NO_TEXT_CONSENT = 'No consent to texts recorded';
export const EMAIL_NOT_SET_UP = 'Email is not set up on the server: send it from the device’s mail app';
/** A send goes where the customer's record says; sending elsewhere starts with changing the record. */
export const RECIPIENT_NOT_ON_RECORD =
  'Sends go to the email or phone on the customer’s record. To send elsewhere, change the customer first.';
export const NO_EMAIL_ON_RECORD = 'The customer has no email on record. Add one to the customer first.';
export const NO_PHONE_ON_RECORD = 'The customer has no phone on record. Add one to the customer first.';
export const SEND_ID_TAKEN = 'This send id was already used for another inspection or invoice';

export const sendParams = z.object({ id: idSchema });

/**
 * `POST /api/inspections/:id/sends` and `/api/invoices/:id/sends`. `id` is made by the client once
 * per send: the same id again answers the first send's row and never sends twice. There is no
 * recipient to choose: the send goes to the customer's email (or phone, for texts) on record.
 */
export const createSendBody = z
  .object({
    id: idSchema,
    channel: z.enum(SEND_CHANNELS, 'Channel must be email, mail_app, text, share_sheet or copy_link'),
    /**
     * Only from apps before sends went to the record: a queued send still names its recipient, and
     * goes only if that is still the address on record (409 otherwise).
     */
    recipient: z
      .string()
      .trim()
      .max(320, 'Recipient must be at most 320 characters')
      .nullish()
      .transform((v) => v || null),
    subject: z
      .string()
      .max(TEMPLATE_SUBJECT_MAX, `Subject must be at most ${TEMPLATE_SUBJECT_MAX} characters`)
      .nullish()
      .transform((v) => v ?? null),
    body: z
      .string()
      .max(TEMPLATE_BODY_MAX, `Body must be at most ${TEMPLATE_BODY_MAX} characters`)
      .nullish()
      .transform((v) => v ?? null),
    /** When the device handed the message over (a send queued offline); the server's time when absent. */
    sentAt: z.iso.datetime({ message: 'sentAt must be an ISO date and time', offset: true }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.channel !== 'email') return;
    if (!value.subject?.trim()) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Subject is required' });
    if (!value.body?.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: 'Body is required' });
  });
export type CreateSendBody = z.input<typeof createSendBody>;

export const shareSendResponse = z.object({
  id: z.string(),
  channel: z.enum(SEND_CHANNELS),
  recipient: z.string().nullable(),
  status: z.enum(SEND_STATUSES),
  /** Why an email failed, as the SMTP server or the connection said. */
  error: z.string().nullable(),
  sentAt: timestamp,
  user: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type ShareSend = z.infer<typeof shareSendResponse>;

/** What the "Sent · Viewed · Decided" line needs, and the latest sends. */
export const shareActivityResponse = z.object({
  sends: z.array(shareSendResponse),
  /** Customer views of the share page (staff previews are not counted). */
  views: z.object({ firstViewedAt: timestamp, lastViewedAt: timestamp, count: z.number().int() }).nullable(),
  /** The latest approve, decline or unapprove of one of the inspection's services. */
  decidedAt: timestamp.nullable(),
});
export type ShareActivity = z.infer<typeof shareActivityResponse>;

/** The dashboard's "Sent, not viewed": share links sent over the shop's alert time ago and never opened. */
export const unviewedSendsResponse = z.object({
  minutes: z.number().int(),
  items: z.array(
    z.object({
      kind: z.enum(['inspection', 'invoice']),
      id: z.string(),
      customerName: z.string(),
      vehicle: z.string().nullable(),
      /** The first send still unanswered by a view. */
      sentAt: timestamp,
    }),
  ),
});
export type UnviewedSends = z.infer<typeof unviewedSendsResponse>;
