import { sql } from 'kysely';
import type { ShopContact } from '@shared/schemas/inspection';
import type { Db } from '@api/db/database';
import { customerApprovals } from '@api/modules/decisions/decision.repository';
import { APPROVAL_SIGNATURE, settingQuery } from '@api/modules/shop-settings/shop-settings.repository';
import { shopContactQuery } from '@api/modules/users/user.repository';

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
    sql.ref<string | null>('shop.companyName').as('shopCompanyName'),
    sql.ref<string | null>('shop.phone').as('shopPhone'),
    sql.ref<string | null>('shop.email').as('shopEmail'),
    sql.ref<string | null>('shop.address').as('shopAddress'),
    sql.ref<string | null>('shop.city').as('shopCity'),
    sql.ref<string | null>('shop.state').as('shopState'),
    sql.ref<string | null>('shop.zipCode').as('shopZipCode'),
    sql.ref<string | null>('shop.website').as('shopWebsite'),
  ] as const;
}

type SharePageColumns = {
  approvalSignature: string | null;
  customerApproved: number | boolean;
  hasMedia: number | boolean;
  shopCompanyName: string | null;
  shopPhone: string | null;
  shopEmail: string | null;
  shopAddress: string | null;
  shopCity: string | null;
  shopState: string | null;
  shopZipCode: string | null;
  shopWebsite: string | null;
};

export function sharePageOf(row: SharePageColumns): SharePageRow {
  return {
    approvalSignature: row.approvalSignature,
    // 0/1 on SQLite, a boolean on PostgreSQL.
    customerApproved: Boolean(row.customerApproved),
    hasMedia: Boolean(row.hasMedia),
    shop: {
      companyName: row.shopCompanyName,
      phone: row.shopPhone,
      email: row.shopEmail,
      address: row.shopAddress,
      city: row.shopCity,
      state: row.shopState,
      zipCode: row.shopZipCode,
      website: row.shopWebsite,
    },
  };
}
