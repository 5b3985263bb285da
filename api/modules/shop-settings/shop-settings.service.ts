import type { z } from 'zod';
import type { SignUpMode } from '../../../shared/constants';
import { APPROVAL_SIGNATURE_MODES, type ApprovalSignatureMode } from '../../../shared/schemas/decision';
import type { ShopSettings, shopSettingsBody } from '../../../shared/schemas/shop-settings';
import type { Db } from '../../db/database';
import { hasAnyUser } from '../users/user.repository';
import { readSetting, writeSetting } from './shop-settings.repository';

const OPEN_SIGN_UP = 'openSignUp';
const APPROVAL_SIGNATURE = 'approvalSignature';

/** never unless an admin chose otherwise; an unreadable stored value counts as never. */
export async function approvalSignatureMode(db: Db): Promise<ApprovalSignatureMode> {
  const stored = await readSetting(db, APPROVAL_SIGNATURE);
  return APPROVAL_SIGNATURE_MODES.find((m) => stored === JSON.stringify(m)) ?? 'never';
}

export async function getShopSettings(db: Db): Promise<ShopSettings> {
  // Off unless an admin turned it on: sign-up stays closed by default.
  return {
    openSignUp: (await readSetting(db, OPEN_SIGN_UP)) === 'true',
    approvalSignature: await approvalSignatureMode(db),
  };
}

export async function updateShopSettings(db: Db, body: z.output<typeof shopSettingsBody>): Promise<ShopSettings> {
  await writeSetting(db, OPEN_SIGN_UP, JSON.stringify(body.openSignUp));
  if (body.approvalSignature !== undefined) await writeSetting(db, APPROVAL_SIGNATURE, JSON.stringify(body.approvalSignature));
  return getShopSettings(db);
}

/** The empty shop signs up its admin; after that the form is closed unless "Open sign-up" is on. */
export async function signUpMode(db: Db): Promise<SignUpMode> {
  if (!(await hasAnyUser(db))) return 'first-admin';
  return (await getShopSettings(db)).openSignUp ? 'open' : 'closed';
}
