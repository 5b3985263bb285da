import { sql } from 'kysely';
import type { Db } from '@api/db/database';
import { HttpError } from '@api/lib/http-error';
import { newShareToken } from '@api/lib/tokens';
import { SHARE_LINK_DAYS, settingQuery } from '@api/modules/shop-settings/shop-settings.repository';
import { shareLinkDaysOf } from '@api/modules/shop-settings/shop-settings.service';

// A share link belongs to one customer and lives for the shop's setting; these decide both.

export const SHARE_LINK_EXPIRED = 'This link has expired';
const DAY_MS = 24 * 60 * 60 * 1000;

type LinkTable = 'inspections' | 'invoices';
const SEND_COLUMN = { inspections: 'inspection_id', invoices: 'invoice_id' } as const;

/** What decides whether a share link still works, read in the token lookup's own statement. */
export interface ShareLinkLife {
  /** When the link was made: its last renewal, else its row's creation. */
  linkIssuedAt: string;
  /** Its latest send that did not fail, if any. */
  linkSentAt: string | null;
  /** The stored lifetime setting (JSON text), null when never set. */
  linkDays: string | null;
}

/** The columns of `ShareLinkLife` for the `table` row the statement reads (scalar subqueries on its indexes). */
export function shareLinkLifeColumns(db: Db, table: LinkTable) {
  const id = sql.ref(`${table}.id`);
  return [
    sql<string>`coalesce(${sql.ref(`${table}.shareTokenAt`)}, ${sql.ref(`${table}.createdAt`)})`.as('linkIssuedAt'),
    sql<string | null>`(select max(s.sent_at) from share_sends s
      where s.${sql.raw(SEND_COLUMN[table])} = ${id} and s.status <> 'failed')`.as('linkSentAt'),
    sql<string | null>`${settingQuery(db, SHARE_LINK_DAYS)}`.as('linkDays'),
  ];
}

/** Whether the link is past the shop's lifetime, counted from the later of its making and its last send. */
export function shareLinkExpired(life: ShareLinkLife, now: number): boolean {
  const from = life.linkSentAt && life.linkSentAt > life.linkIssuedAt ? life.linkSentAt : life.linkIssuedAt;
  return Date.parse(from) + shareLinkDaysOf(life.linkDays) * DAY_MS <= now;
}

/** A dead link's 404 that says it expired: the share page tells the customer so, with the shop's phone. */
export const shareLinkExpiredError = () =>
  new HttpError(404, 'not_found', SHARE_LINK_EXPIRED, undefined, { reason: 'link_expired' });

/** Throws the expired link's 404 when the link is past its lifetime. */
export function assertShareLinkAlive(life: ShareLinkLife, now: number): void {
  if (shareLinkExpired(life, now)) throw shareLinkExpiredError();
}

/** Gives the inspection a new report link; the old one answers like any unknown link from now on. */
export async function renewInspectionLink(db: Db, inspectionId: string, now: string): Promise<void> {
  await db
    .updateTable('inspections')
    .set({ shareToken: newShareToken(), shareTokenAt: now, updatedAt: now })
    .where('id', '=', inspectionId)
    .execute();
}

/** Gives one invoice a new link; the old one answers like any unknown link from now on. */
export async function renewInvoiceLink(db: Db, invoiceId: string, now: string): Promise<void> {
  await db
    .updateTable('invoices')
    .set({ shareToken: newShareToken(), shareTokenAt: now, updatedAt: now })
    .where('id', '=', invoiceId)
    .execute();
}

/**
 * The inspection's invoices follow it to its new customer and vehicle, each with a new link: the
 * old customer's receipt links die, so nothing of the new customer is reachable through them.
 */
export async function moveInvoicesWithInspection(
  db: Db,
  inspection: { id: string; customerId: string; vehicleId: string },
  now: string,
): Promise<void> {
  const invoices = await db.selectFrom('invoices').select('id').where('inspectionId', '=', inspection.id).execute();
  for (const { id } of invoices) {
    await db
      .updateTable('invoices')
      .set({
        customerId: inspection.customerId,
        vehicleId: inspection.vehicleId,
        shareToken: newShareToken(),
        shareTokenAt: now,
        updatedAt: now,
      })
      .where('id', '=', id)
      .execute();
  }
}
