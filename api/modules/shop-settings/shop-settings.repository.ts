import { compiledOnce } from '@api/db/compiled-once';
import type { Db } from '@api/db/database';
import { nowIso } from '@api/lib/tokens';

/** The approval-signature rule's key (every share page reads it within its one statement). */
export const APPROVAL_SIGNATURE = 'approvalSignature';
/** The share links' lifetime in days (every token lookup reads it within its one statement). */
export const SHARE_LINK_DAYS = 'shareLinkDays';

/** A setting's stored JSON text, or undefined when it was never set. */
export async function readSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await settingValue(db, [key]);
  return row?.value;
}

/** The statement reading one setting's stored value (a statement of its own, or part of a share page's read). */
export const settingQuery = (db: Db, key: string) =>
  db.selectFrom('shopSettings').select('value').where('key', '=', key);

// Share pages read a setting on every view: compiled once.
const settingValue = compiledOnce((db, [key]) => settingQuery(db, key!));

export async function writeSetting(db: Db, key: string, value: string): Promise<void> {
  const updatedAt = nowIso();
  await db
    .insertInto('shopSettings')
    .values({ key, value, updatedAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt }))
    .execute();
}
