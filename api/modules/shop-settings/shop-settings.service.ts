import type { z } from 'zod';
import type { SignUpMode } from '@shared/constants';
import { APPROVAL_SIGNATURE_MODES, type ApprovalSignatureMode } from '@shared/schemas/decision';
import {
  DEFAULT_UNVIEWED_ALERT_MINUTES,
  type ShopSettings,
  type shopSettingsBody,
} from '@shared/schemas/shop-settings';
import type { Db } from '@api/db/database';
import { hasAnyUser } from '@api/modules/users/user.repository';
import { APPROVAL_SIGNATURE, readSetting, writeSetting } from './shop-settings.repository';

const OPEN_SIGN_UP = 'openSignUp';

/** The mode a stored approval-signature setting names: never unless an admin chose otherwise; an unreadable value counts as never. */
export function signatureModeOf(stored: string | null | undefined): ApprovalSignatureMode {
  return APPROVAL_SIGNATURE_MODES.find((m) => stored === JSON.stringify(m)) ?? 'never';
}

export async function approvalSignatureMode(db: Db): Promise<ApprovalSignatureMode> {
  return signatureModeOf(await readSetting(db, APPROVAL_SIGNATURE));
}

const UNVIEWED_ALERT_MINUTES = 'unviewedAlertMinutes';

export async function getShopSettings(db: Db): Promise<ShopSettings> {
  const [openSignUp, approvalSignature, unviewedAlertMinutes] = await Promise.all([
    readSetting(db, OPEN_SIGN_UP),
    approvalSignatureMode(db),
    unviewedAlertMinutesSetting(db),
  ]);
  // Off unless an admin turned it on: sign-up stays closed by default.
  return { openSignUp: openSignUp === 'true', approvalSignature, unviewedAlertMinutes };
}

/** The dashboard's "Sent, not viewed" threshold in minutes. */
export async function unviewedAlertMinutesSetting(db: Db): Promise<number> {
  const stored = Number(await readSetting(db, UNVIEWED_ALERT_MINUTES));
  return Number.isInteger(stored) && stored > 0 ? stored : DEFAULT_UNVIEWED_ALERT_MINUTES;
}

export async function updateShopSettings(db: Db, body: z.output<typeof shopSettingsBody>): Promise<ShopSettings> {
  if (body.openSignUp !== undefined) await writeSetting(db, OPEN_SIGN_UP, JSON.stringify(body.openSignUp));
  if (body.approvalSignature !== undefined)
    await writeSetting(db, APPROVAL_SIGNATURE, JSON.stringify(body.approvalSignature));
  if (body.unviewedAlertMinutes !== undefined) {
    await writeSetting(db, UNVIEWED_ALERT_MINUTES, JSON.stringify(body.unviewedAlertMinutes));
  }
  return getShopSettings(db);
}

/**
 * The empty shop signs up its admin (with the setup code); after that the form is closed unless
 * "Open sign-up" is on. Only `register` sees 'first-admin': `GET /api/config` says closed to everyone.
 */
export async function signUpMode(db: Db): Promise<SignUpMode | 'first-admin'> {
  if (!(await hasAnyUser(db))) return 'first-admin';
  return (await readSetting(db, OPEN_SIGN_UP)) === 'true' ? 'open' : 'closed';
}
