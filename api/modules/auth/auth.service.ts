import type { z } from 'zod';
import type {
  changePasswordBody,
  loginBody,
  registerBody,
  settingsBody,
  User,
} from '../../../shared/schemas/user';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, forbidden, tooManyRequests, unauthorized } from '../../lib/http-error';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { newId, nowIso } from '../../lib/tokens';
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  updateUser,
} from '../users/user.repository';
import { toUser } from '../users/user.mapper';
import { clearFailedLogins, lockedForMinutes, recordFailedLogin } from './login-throttle';

export const INVALID_CREDENTIALS = 'Invalid username or password';

/** 409 naming the field already taken, checked before insert and again on the unique index. */
export async function assertUnique(
  db: Db,
  fields: { username?: string | undefined; email?: string | undefined },
  exceptUserId?: string,
): Promise<void> {
  if (fields.username) {
    const existing = await findUserByUsername(db, fields.username);
    if (existing && existing.id !== exceptUserId) throw conflict('Username already exists');
  }
  if (fields.email) {
    const existing = await findUserByEmail(db, fields.email);
    if (existing && existing.id !== exceptUserId) throw conflict('Email already exists');
  }
}

/** Translates a unique-index race into the same 409 as the pre-check. */
export async function withUniqueUser<T>(
  db: Db,
  fields: { username?: string | undefined; email?: string | undefined },
  exceptUserId: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  await assertUnique(db, fields, exceptUserId);
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) {
      await assertUnique(db, fields, exceptUserId);
      throw conflict('Username or email already exists');
    }
    throw err;
  }
}

export function assertAdminEmail(config: AppConfig, role: string, email: string): void {
  if (role === 'admin' && email.toLowerCase() !== config.adminEmail) {
    throw forbidden(`Admin accounts can only be created with the email: ${config.adminEmail}`);
  }
}

export async function register(
  db: Db,
  config: AppConfig,
  body: z.output<typeof registerBody>,
): Promise<User> {
  assertAdminEmail(config, body.role, body.email);
  const passwordHash = await hashPassword(body.password);
  const now = nowIso();
  const row = await withUniqueUser(db, body, undefined, () =>
    insertUser(db, {
      id: newId(),
      username: body.username,
      email: body.email,
      role: body.role,
      passwordHash,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return toUser(row);
}

export async function login(db: Db, body: z.output<typeof loginBody>): Promise<User> {
  const minutes = await lockedForMinutes(db, body.username);
  if (minutes > 0) {
    throw tooManyRequests(
      `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
  const user = await findUserByUsername(db, body.username);
  const valid = user ? await verifyPassword(body.password, user.passwordHash) : (await verifyAgainstDummy(body.password), false);
  if (!user || !valid) {
    await recordFailedLogin(db, body.username);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await clearFailedLogins(db, body.username);
  return toUser(user);
}

export async function changePassword(
  db: Db,
  userId: string,
  currentSessionId: string,
  body: z.output<typeof changePasswordBody>,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw badRequest('Current password is incorrect');
  }
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, { passwordHash, updatedAt: nowIso() });
    // Every other signed-in device has to sign in again with the new password.
    await trx
      .deleteFrom('sessions')
      .where('userId', '=', userId)
      .where('sid', '!=', currentSessionId)
      .execute();
  });
}

export async function updateSettings(
  db: Db,
  userId: string,
  body: z.output<typeof settingsBody>,
): Promise<User> {
  await withUniqueUser(db, { email: body.email }, userId, () =>
    updateUser(db, userId, { ...body, updatedAt: nowIso() }),
  );
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return toUser(user);
}
