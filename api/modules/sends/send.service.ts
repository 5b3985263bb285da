import type { z } from 'zod';
import {
  EMAIL_NOT_SET_UP,
  NO_EMAIL_ON_RECORD,
  NO_PHONE_ON_RECORD,
  NO_TEXT_CONSENT,
  RECIPIENT_NOT_ON_RECORD,
  SEND_ID_TAKEN,
  TEXT_CHANNELS,
  type createSendBody,
  type SendChannel,
  type SendStatus,
  type ShareActivity,
  type ShareSend,
  type UnviewedSends,
} from '@shared/schemas/send';
import type { Db } from '@api/db/database';
import { isUniqueViolation } from '@api/db/errors';
import { refreshInspectionFunnelLocked } from '@api/db/inspection-funnel';
import { inTransaction } from '@api/db/transaction';
import type { Mailer } from '@api/lib/mailer';
import { conflict, notFound } from '@api/lib/http-error';
import { missingRow } from '@api/lib/change-log';
import { unviewedAlertMinutesSetting } from '@api/modules/shop-settings/shop-settings.service';
import {
  findSend,
  findTargetCustomer,
  findView,
  insertSend,
  invoiceInspectionId,
  latestDecisionAt,
  listSends,
  setSendResult,
  type SendRow,
  type Target,
} from './send.repository';
import { refuseOverLimit, type SendLimits } from './send-limits';
import { listUnviewed, UNVIEWED_WINDOW_DAYS } from './unviewed.repository';

/** The "Sent · Viewed" line shows the latest sends; older ones stay in the table. */
const ACTIVITY_SENDS = 10;
const ERROR_MAX = 500;
const MINUTE_MS = 60_000;

const notFoundMessage = (target: Target) =>
  target.kind === 'inspection' ? 'Inspection not found' : 'Invoice not found';

function toShareSend(row: SendRow): ShareSend {
  return {
    id: row.id,
    channel: row.channel as SendChannel,
    recipient: row.recipient,
    status: row.status as SendStatus,
    error: row.error,
    sentAt: row.sentAt,
    user: row.userId && row.username ? { id: row.userId, username: row.username } : null,
  };
}

const sameTarget = (row: SendRow, target: Target) =>
  (target.kind === 'inspection' ? row.inspectionId : row.invoiceId) === target.id;

async function existingSend(db: Db, id: string, target: Target): Promise<ShareSend | undefined> {
  const row = await findSend(db, id);
  if (!row) return undefined;
  if (!sameTarget(row, target)) throw conflict(SEND_ID_TAKEN);
  return toShareSend(row);
}

export interface SendContext {
  db: Db;
  mailer: Mailer | null;
  userId: string;
  now: number;
  limits: SendLimits;
}

type Customer = NonNullable<Awaited<ReturnType<typeof findTargetCustomer>>>;

/** Where a send goes: the customer's email, or phone for a text, as the record says now; nowhere for a copied link. */
function recipientOnRecord(customer: Customer, body: z.output<typeof createSendBody>): string | null {
  if (body.channel === 'copy_link') return null;
  const text = TEXT_CHANNELS.includes(body.channel);
  const address = (text ? customer.phone : customer.email).trim();
  if (!address) throw conflict(text ? NO_PHONE_ON_RECORD : NO_EMAIL_ON_RECORD);
  // An older app's queued send names its recipient: it goes only where the record still points.
  if (body.recipient && body.recipient.toLowerCase() !== address.toLowerCase()) throw conflict(RECIPIENT_NOT_ON_RECORD);
  return address;
}

/**
 * Records one send, to the customer's address on record, within the user's and the shop's limits.
 * Device channels are recorded as opened; an email goes through SMTP outside any transaction (a
 * slow mail server must not hold the database) and its row says sent or failed. The client-made id
 * makes a replay answer the first send's row instead of sending again (nor counting it again).
 */
export async function createSend(
  ctx: SendContext,
  target: Target,
  body: z.output<typeof createSendBody>,
): Promise<{ send: ShareSend; created: boolean }> {
  const { db } = ctx;
  const customer = await findTargetCustomer(db, target);
  // A send queued offline for an inspection deleted since hears 410, as every other queued write does.
  if (!customer)
    throw target.kind === 'inspection'
      ? await missingRow(db, 'inspection', target.id, notFound(notFoundMessage(target)))
      : notFound(notFoundMessage(target));
  const replayed = await existingSend(db, body.id, target);
  if (replayed) return { send: replayed, created: false };
  if (TEXT_CHANNELS.includes(body.channel) && !customer.textConsentAt) throw conflict(NO_TEXT_CONSENT);
  const email = body.channel === 'email';
  if (email && !ctx.mailer) throw conflict(EMAIL_NOT_SET_UP);
  const recipient = recipientOnRecord(customer, body);

  const now = new Date(ctx.now).toISOString();
  // A device send queued offline keeps the time it was handed over (never a time still to come).
  const sentAt = !email && body.sentAt && Date.parse(body.sentAt) < ctx.now ? new Date(body.sentAt).toISOString() : now;
  const row = {
    id: body.id,
    inspectionId: target.kind === 'inspection' ? target.id : null,
    invoiceId: target.kind === 'invoice' ? target.id : null,
    userId: ctx.userId,
    channel: body.channel,
    recipient,
    subject: body.subject,
    body: body.body,
    status: email ? 'sending' : 'opened',
    error: null,
    sentAt,
    createdAt: now,
  };
  try {
    // Counted and inserted in one transaction, so the limits hold across requests and processes.
    await inTransaction(db, async (trx) => {
      await refuseOverLimit(trx, ctx.userId, ctx.now, ctx.limits);
      await insertSend(trx, row);
    });
  } catch (err) {
    // The same send arrived twice at once: the other request owns it.
    const raced = isUniqueViolation(err) ? await existingSend(db, body.id, target) : undefined;
    if (raced) return { send: raced, created: false };
    throw err;
  }
  // The funnel report counts a send that has not failed: this one from now, a failed email no more.
  const refreshFunnel = () =>
    target.kind === 'inspection' ? refreshInspectionFunnelLocked(db, [target.id]) : Promise.resolve();
  await refreshFunnel();
  if (email && ctx.mailer) {
    try {
      await ctx.mailer({ to: recipient ?? '', subject: body.subject ?? '', text: body.body ?? '' });
      await setSendResult(db, body.id, 'sent', null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await setSendResult(db, body.id, 'failed', message.slice(0, ERROR_MAX));
      await refreshFunnel();
    }
  }
  const stored = await findSend(db, body.id);
  if (!stored) throw notFound(notFoundMessage(target));
  return { send: toShareSend(stored), created: true };
}

/** The latest sends, the customer's views and the latest decision, for "Sent · Viewed · Decided". */
export async function shareActivity(db: Db, target: Target): Promise<ShareActivity> {
  const customer = await findTargetCustomer(db, target);
  if (!customer) throw notFound(notFoundMessage(target));
  const inspectionId = target.kind === 'inspection' ? target.id : await invoiceInspectionId(db, target.id);
  const [sends, view, decidedAt] = await Promise.all([
    listSends(db, target, ACTIVITY_SENDS),
    findView(db, target),
    inspectionId ? latestDecisionAt(db, inspectionId) : null,
  ]);
  return {
    sends: sends.map(toShareSend),
    views: view
      ? { firstViewedAt: view.firstViewedAt, lastViewedAt: view.lastViewedAt, count: Number(view.viewCount) }
      : null,
    decidedAt,
  };
}

const vehicleText = (row: { year: number | null; make: string | null; model: string | null }) =>
  row.make ? [row.year, row.make, row.model].filter(Boolean).join(' ') : null;

/** Reports sent over the shop's alert time ago (within the last week) and never viewed, oldest first. */
export async function unviewedSends(db: Db, now: number): Promise<UnviewedSends> {
  const minutes = await unviewedAlertMinutesSetting(db);
  const since = new Date(now - UNVIEWED_WINDOW_DAYS * 24 * 60 * MINUTE_MS).toISOString();
  const cutoff = new Date(now - minutes * MINUTE_MS).toISOString();
  const [inspections, invoices] = await Promise.all([
    listUnviewed(db, 'inspection', since, cutoff),
    listUnviewed(db, 'invoice', since, cutoff),
  ]);
  const items = [
    ...inspections.map((row) => ({ kind: 'inspection' as const, row })),
    ...invoices.map((row) => ({ kind: 'invoice' as const, row })),
  ]
    .sort((a, b) => (a.row.sentAt < b.row.sentAt ? -1 : a.row.sentAt > b.row.sentAt ? 1 : 0))
    .map(({ kind, row }) => ({
      kind,
      id: row.id,
      customerName: row.customerName,
      vehicle: vehicleText(row),
      sentAt: row.sentAt,
    }));
  return { minutes, items };
}
