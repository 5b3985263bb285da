import { sql } from 'kysely';
import type { ShopContact } from '@shared/schemas/inspection';
import { isPostgres, type Db } from '@api/db/database';
import { jsonArray } from '@api/db/json-rows';
import { customerApprovals } from '@api/modules/decisions/decision.repository';
import { findInspectionMedia, type MediaView } from '@api/modules/media/media.repository';
import { APPROVAL_SIGNATURE, settingQuery } from '@api/modules/shop-settings/shop-settings.repository';
import { SHOP_CONTACT_FIELDS, shopContactQuery } from '@api/modules/users/user.repository';
import type { ShareLinkLife } from '@api/modules/inspections/share-link';

/** What every share page reads besides its own rows, in the same statement as them. */
export interface SharePageRow {
  /** The stored approval-signature setting (JSON text), null when never set. */
  approvalSignature: string | null;
  /** Whether the customer approved anything of the page's inspection through a share page yet. */
  customerApproved: boolean;
  /** Whether the page's inspection has photos or videos (read apart, only then). */
  hasMedia: boolean;
  /** The earliest-created admin's contact, all null without an admin. */
  shop: ShopContact;
}

/**
 * The shop's contact as one JSON array of its fields in `SHOP_CONTACT_FIELDS` order, null without an
 * admin: a scalar subquery, which SQLite runs without the temporary table a joined one-row table
 * needs (about 4 µs less a share page).
 */
function shopContactColumn(db: Db) {
  const postgres = isPostgres(db);
  const array = jsonArray(postgres, sql.join(SHOP_CONTACT_FIELDS.map((field) => sql.ref(field))));
  const text = postgres ? sql<string>`${array}::text` : array;
  return sql<string | null>`(${shopContactQuery(db).clearSelect().select(text.as('contact'))})`;
}

/**
 * The columns of `SharePageRow` for the inspection whose id is in `inspectionId` (a column of the
 * page's row).
 */
export function sharePageColumns(db: Db, inspectionId: 'inspections.id' | 'invoices.inspectionId') {
  const ofInspection = sql.ref<string>(inspectionId);
  return [
    sql<string | null>`${settingQuery(db, APPROVAL_SIGNATURE)}`.as('approvalSignature'),
    sql<number | boolean>`exists ${customerApprovals(db).where('serviceDecisions.inspectionId', '=', ofInspection)}`.as(
      'customerApproved',
    ),
    sql<number | boolean>`exists ${db.selectFrom('media').select('media.id').where('media.inspectionId', '=', ofInspection)}`.as(
      'hasMedia',
    ),
    shopContactColumn(db).as('shopContact'),
  ];
}

interface SharePageColumns extends ShareLinkLife {
  approvalSignature: string | null;
  customerApproved: number | boolean;
  hasMedia: number | boolean;
  shopContact: string | null;
}

export function sharePageOf(row: SharePageColumns): SharePageRow {
  return {
    approvalSignature: row.approvalSignature,
    // 0/1 on SQLite, a boolean on PostgreSQL.
    customerApproved: Boolean(row.customerApproved),
    hasMedia: Boolean(row.hasMedia),
    shop: shopContactOf(row.shopContact),
  };
}

/** A share page's statement as read: the page's data, its inspection, and whether that has media. */
export interface SharePageRead<P> {
  page: P;
  /** The page's inspection, null for a receipt without one. */
  inspectionId: string | null;
  /** Whether that inspection has photos or videos (read apart, only then). */
  hasMedia: boolean;
  /** Whether the page's link still works (`shareLinkExpired`). */
  life: ShareLinkLife;
}

export function sharePageRead<R extends SharePageColumns, P>(
  row: R,
  inspectionId: string | null,
  page: (row: R) => P,
): SharePageRead<P> {
  const life = { linkIssuedAt: row.linkIssuedAt, linkSentAt: row.linkSentAt, linkDays: row.linkDays };
  return { page: page(row), inspectionId, hasMedia: Boolean(row.hasMedia), life };
}

/** The page's photos and videos, read only when its statement found some. */
export async function sharePageMedia(db: Db, read: SharePageRead<unknown>): Promise<MediaView[]> {
  return read.hasMedia && read.inspectionId ? findInspectionMedia(db, read.inspectionId) : [];
}

/** The contact block of a shop without an admin: every field null. */
export const NO_SHOP: ShopContact = Object.fromEntries(SHOP_CONTACT_FIELDS.map((field) => [field, null])) as ShopContact;

/** The shop's contact from its JSON array (`shopContactColumn`), `NO_SHOP` without an admin. */
function shopContactOf(json: string | null): ShopContact {
  if (json === null) return NO_SHOP;
  const values = JSON.parse(json) as (string | null)[];
  return Object.fromEntries(SHOP_CONTACT_FIELDS.map((field, i) => [field, values[i] ?? null])) as ShopContact;
}
