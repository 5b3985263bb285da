import type { z } from 'zod';
import type { SignUpMode } from '@shared/constants';
import { APPROVAL_SIGNATURE_MODES, type ApprovalSignatureMode } from '@shared/schemas/decision';
import {
  DEFAULT_SHARE_LINK_DAYS,
  DEFAULT_UNVIEWED_ALERT_MINUTES,
  type ShopSettings,
  type shopSettingsBody,
} from '@shared/schemas/shop-settings';
import type { PermissionSettings } from '@shared/permissions';
import type { Db } from '@api/db/database';
import { hasAnyUser } from '@api/modules/users/user.repository';
import { APPROVAL_SIGNATURE, readSetting, SHARE_LINK_DAYS, writeSetting } from './shop-settings.repository';

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
  const [openSignUp, approvalSignature, unviewedAlertMinutes, shareLinkDays, permissions] = await Promise.all([
    readSetting(db, OPEN_SIGN_UP),
    approvalSignatureMode(db),
    unviewedAlertMinutesSetting(db),
    readSetting(db, SHARE_LINK_DAYS),
    permissionSettings(db),
  ]);
  // Off unless an admin turned it on: sign-up stays closed by default.
  return {
    openSignUp: openSignUp === 'true',
    approvalSignature,
    unviewedAlertMinutes,
    shareLinkDays: shareLinkDaysOf(shareLinkDays),
    ...permissions,
  };
}

const TECHNICIANS_MAY_SEND = 'techniciansMaySend';

/** The settings the role table reads (`shared/permissions.ts`); each is off unless an admin turned it on. */
export async function permissionSettings(db: Db): Promise<PermissionSettings> {
  return { techniciansMaySend: (await readSetting(db, TECHNICIANS_MAY_SEND)) === 'true' };
}

/** The days a share link lives, from its stored setting (read inside every token lookup); the default when unset or unreadable. */
export function shareLinkDaysOf(stored: string | null | undefined): number {
  const days = Number(stored);
  return stored != null && Number.isInteger(days) && days > 0 ? days : DEFAULT_SHARE_LINK_DAYS;
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
  if (body.techniciansMaySend !== undefined) {
    await writeSetting(db, TECHNICIANS_MAY_SEND, JSON.stringify(body.techniciansMaySend));
  }
  if (body.unviewedAlertMinutes !== undefined) {
    await writeSetting(db, UNVIEWED_ALERT_MINUTES, JSON.stringify(body.unviewedAlertMinutes));
  }
  if (body.shareLinkDays !== undefined) await writeSetting(db, SHARE_LINK_DAYS, JSON.stringify(body.shareLinkDays));
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
