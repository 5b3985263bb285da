import type { Db } from '@api/db/database';
import type { InviteRow } from '@api/db/tables';

export interface InviteWithCreator extends InviteRow {
  creatorUsername: string | null;
}

export async function insertInvite(db: Db, row: InviteRow): Promise<void> {
  await db.insertInto('invites').values(row).execute();
}

export function findInviteById(db: Db, id: string): Promise<InviteRow | undefined> {
  return db.selectFrom('invites').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInviteByTokenHash(db: Db, tokenHash: string): Promise<InviteRow | undefined> {
  return db.selectFrom('invites').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst();
}

/** Invites not used, withdrawn or expired at `now`, newest first, with who made them. */
export function listOpenInvites(db: Db, now: string): Promise<InviteWithCreator[]> {
  return db
    .selectFrom('invites')
    .leftJoin('users', 'users.id', 'invites.createdBy')
    .selectAll('invites')
    .select('users.username as creatorUsername')
    .where('invites.usedAt', 'is', null)
    .where('invites.revokedAt', 'is', null)
    .where('invites.expiresAt', '>', now)
    .orderBy('invites.createdAt', 'desc')
    .orderBy('invites.id')
    .execute();
}

/**
 * Marks the invite used by `userId` if it is still open at `now`; false when another acceptance,
 * a withdrawal or the clock got there first (on PostgreSQL the row lock makes a second caller wait
 * and then see it used).
 */
export async function claimInvite(db: Db, id: string, userId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('invites')
    .set({ usedAt: now, usedBy: userId })
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Withdraws an unused invite; false when it was used first (a withdrawn one stays withdrawn). */
export async function revokeInvite(db: Db, id: string, now: string): Promise<boolean> {
  await db
    .updateTable('invites')
    .set({ revokedAt: now })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .where('usedAt', 'is', null)
    .execute();
  const row = await findInviteById(db, id);
  return row !== undefined && row.usedAt === null;
}

/** Invites that can no longer be used are kept a while for the record, then removed. */
export async function deleteInvitesExpiredBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('invites').where('expiresAt', '<', before).execute();
}
