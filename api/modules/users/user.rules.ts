import type { AppConfig } from '@api/config';
import type { Db } from '@api/db/database';
import { isUniqueViolation } from '@api/db/errors';
import { underSavepoint } from '@api/db/savepoint';
import { conflict, forbidden } from '@api/lib/http-error';
import { findUserByEmail, findUserByUsername } from './user.repository';

export const LAST_ADMIN_MESSAGE = 'At least one administrator is required';
export const DELETE_SELF_MESSAGE = 'You cannot delete your own account';

interface UniqueFields {
  username?: string | undefined;
  email?: string | undefined;
}

/** 409 naming the field already taken (usernames and emails are unique ignoring case). */
export async function assertUnique(db: Db, fields: UniqueFields, exceptUserId?: string): Promise<void> {
  if (fields.username) {
    const existing = await findUserByUsername(db, fields.username);
    if (existing && existing.id !== exceptUserId) throw conflict('Username already exists');
  }
  if (fields.email) {
    const existing = await findUserByEmail(db, fields.email);
    if (existing && existing.id !== exceptUserId) throw conflict('Email already exists');
  }
}

/** Runs a write after the uniqueness check; a unique-index race becomes the same 409. */
export async function withUniqueUser<T>(
  db: Db,
  fields: UniqueFields,
  exceptUserId: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  await assertUnique(db, fields, exceptUserId);
  try {
    return await underSavepoint(db, write);
  } catch (err) {
    if (isUniqueViolation(err)) {
      await assertUnique(db, fields, exceptUserId);
      throw conflict('Username or email already exists');
    }
    throw err;
  }
}

/** Only the configured ADMIN_EMAIL may hold a new administrator account. */
export function assertAdminEmail(config: AppConfig, role: string, email: string): void {
  if (role === 'admin' && email.toLowerCase() !== config.adminEmail.toLowerCase()) {
    throw forbidden(`Admin accounts can only be created with the email: ${config.adminEmail}`);
  }
}
