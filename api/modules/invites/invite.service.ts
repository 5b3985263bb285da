import type { z } from 'zod';
import { INVITE_TTL_DAYS, type InviteRole } from '@shared/constants';
import type { acceptInviteBody, createInviteBody, CreatedInvite, Invite, PublicInvite } from '@shared/schemas/invite';
import type { User } from '@shared/schemas/user';
import type { AppConfig } from '@api/config';
import type { Db } from '@api/db/database';
import type { InviteRow } from '@api/db/tables';
import { conflict, gone, notFound } from '@api/lib/http-error';
import { newId, newShareToken, sha256Hex } from '@api/lib/tokens';
import { findShopContact } from '@api/modules/users/user.repository';
import { createUser } from '@api/modules/users/user.service';
import {
  claimInvite,
  deleteInvitesExpiredBefore,
  findInviteById,
  findInviteByTokenHash,
  insertInvite,
  listOpenInvites,
  revokeInvite,
  type InviteWithCreator,
} from './invite.repository';

const DAY_MS = 86_400_000;
const ASK_AGAIN = 'Ask your administrator for a new one.';
export const INVITE_NOT_FOUND = `This invite link is not valid. ${ASK_AGAIN}`;
export const INVITE_USED = `This invite link has already been used. ${ASK_AGAIN}`;
export const INVITE_REVOKED = `This invite link was withdrawn. ${ASK_AGAIN}`;
export const INVITE_EXPIRED = `This invite link has expired. ${ASK_AGAIN}`;
export const INVITE_ALREADY_USED = 'This invite has already been used';
/** Used and lapsed invites stay this long before they are removed. */
const KEEP_LAPSED_DAYS = 90;

/** Only the token's hash is stored: a copy of the database hands out no accounts. */
const hashToken = sha256Hex;

function toInvite(row: InviteRow, creatorUsername: string | null): Invite {
  return {
    id: row.id,
    role: row.role as InviteRole,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    createdBy: row.createdBy && creatorUsername ? { id: row.createdBy, username: creatorUsername } : null,
  };
}

export async function createInvite(
  db: Db,
  creator: { id: string; username: string },
  body: z.output<typeof createInviteBody>,
  now = new Date(),
): Promise<CreatedInvite> {
  const token = newShareToken();
  const row: InviteRow = {
    id: newId(),
    tokenHash: hashToken(token),
    role: body.role,
    createdBy: creator.id,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS).toISOString(),
    usedAt: null,
    usedBy: null,
    revokedAt: null,
  };
  await insertInvite(db, row);
  await deleteInvitesExpiredBefore(db, new Date(now.getTime() - KEEP_LAPSED_DAYS * DAY_MS).toISOString());
  return { ...toInvite(row, creator.username), token };
}

export async function listInvites(db: Db, now = new Date()): Promise<Invite[]> {
  const rows = await listOpenInvites(db, now.toISOString());
  return rows.map((row: InviteWithCreator) => toInvite(row, row.creatorUsername));
}

/** Withdraws an invite; withdrawing one twice is fine, one already used is a conflict. */
export async function withdrawInvite(db: Db, id: string, now = new Date()): Promise<void> {
  const invite = await findInviteById(db, id);
  if (!invite) throw notFound('Invite not found');
  // Checked again by the update itself: an acceptance may land between the two.
  if (invite.usedAt || !(await revokeInvite(db, id, now.toISOString()))) throw conflict(INVITE_ALREADY_USED);
}

/** Why an invite can no longer be used, checked in the order a person would care about. */
function closedReason(invite: InviteRow, now: string): string | null {
  if (invite.usedAt) return INVITE_USED;
  if (invite.revokedAt) return INVITE_REVOKED;
  if (invite.expiresAt <= now) return INVITE_EXPIRED;
  return null;
}

async function openInvite(db: Db, token: string, now: string): Promise<InviteRow> {
  const invite = await findInviteByTokenHash(db, hashToken(token));
  if (!invite) throw notFound(INVITE_NOT_FOUND);
  const reason = closedReason(invite, now);
  if (reason) throw gone(reason);
  return invite;
}

/** What the invite page shows: the role offered, until when, and the shop's name. */
export async function describeInvite(db: Db, token: string, now = new Date()): Promise<PublicInvite> {
  const invite = await openInvite(db, token, now.toISOString());
  const shop = await findShopContact(db);
  return { role: invite.role as InviteRole, expiresAt: invite.expiresAt, shopName: shop?.companyName ?? null };
}

/**
 * The invitee's account, made with the invite's role; the invite is used up in the same transaction.
 * `beforeHash` runs once the invite is known to be open, just before the password is hashed.
 */
export async function acceptInvite(
  db: Db,
  config: AppConfig,
  token: string,
  body: z.output<typeof acceptInviteBody>,
  { beforeHash, now = new Date() }: { beforeHash?: () => Promise<void>; now?: Date } = {},
): Promise<User> {
  const invite = await openInvite(db, token, now.toISOString());
  return createUser(
    db,
    config,
    { ...body, role: invite.role as InviteRole },
    {
      beforeHash,
      claim: async (trx, userId) => {
        if (await claimInvite(trx, invite.id, userId, now.toISOString())) return;
        // Someone else used or withdrew it meanwhile: say which, and undo the new account.
        const current = await findInviteById(trx, invite.id);
        throw gone((current && closedReason(current, now.toISOString())) ?? INVITE_USED);
      },
    },
  );
}
