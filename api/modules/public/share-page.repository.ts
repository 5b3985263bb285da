import { sql } from 'kysely';
import type { ShopContact } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import { customerApprovals } from '@api/modules/decisions/decision.repository';
import { APPROVAL_SIGNATURE, settingQuery } from '@api/modules/shop-settings/shop-settings.repository';
import { SHOP_CONTACT_FIELDS, shopContactQuery } from '@api/modules/users/user.repository';

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

/** The shop's contact, joined to a share page's row as `shop` (`leftJoin(shopJoin(db), (j) => j.onTrue())`). */
export const shopJoin = (db: Db) => shopContactQuery(db).as('shop');

type ShopField = (typeof SHOP_CONTACT_FIELDS)[number];
type ShopAlias = `shop${Capitalize<ShopField>}`;

/** A shop field's name in the page's row (prefixed: the page's own row may have an `email`). */
const shopAlias = (field: ShopField) => `shop${field[0]!.toUpperCase()}${field.slice(1)}` as ShopAlias;
const SHOP_ALIASES = SHOP_CONTACT_FIELDS.map((field) => [field, shopAlias(field)] as const);

/**
 * The columns of `SharePageRow` for the inspection whose id is in `inspectionId` (a column of the
 * page's row); the query joins `shopJoin` too.
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
    ...SHOP_ALIASES.map(([field, alias]) => sql.ref<string | null>(`shop.${field}`).as(alias)),
  ];
}

type SharePageColumns = {
  approvalSignature: string | null;
  customerApproved: number | boolean;
  hasMedia: number | boolean;
} & Record<ShopAlias, string | null>;

export function sharePageOf(row: SharePageColumns): SharePageRow {
  return {
    approvalSignature: row.approvalSignature,
    // 0/1 on SQLite, a boolean on PostgreSQL.
    customerApproved: Boolean(row.customerApproved),
    hasMedia: Boolean(row.hasMedia),
    shop: Object.fromEntries(SHOP_ALIASES.map(([field, alias]) => [field, row[alias]])) as ShopContact,
  };
}
