import type { z } from 'zod';
import type { changePasswordBody, loginBody, registerBody, settingsBody, User } from '@shared/schemas/user';
import type { AppConfig } from '@api/config';
import type { Db } from '@api/db/database';
import type { UserRow, UserUpdate } from '@api/db/tables';
import { inTransaction } from '@api/db/transaction';
import { badRequest, forbidden, unauthorized } from '@api/lib/http-error';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '@api/lib/password';
import { claimSetupCode, removeSetupCodeFile } from '@api/lib/setup-code';
import { nowIso } from '@api/lib/tokens';
import { toUser } from '@api/modules/users/user.mapper';
import { deleteUserSessions, findUserById, findUserByUsername, updateUser } from '@api/modules/users/user.repository';
import { signUpMode } from '@api/modules/shop-settings/shop-settings.service';
import { assertAdminEmail, withUniqueUser } from '@api/modules/users/user.rules';
import { createPendingUser, createUser } from '@api/modules/users/user.service';
import { clientAddressKey } from './client-address';
import { hashDeviceId, newDeviceId } from './device-cookie';
import { checkSetupCode, SETUP_CODE_INVALID } from './setup-code-check';
import { throttled, usernameKey } from './login-throttle';
import { isTrustedDevice, trustDevice } from './trusted-devices';
import { assertPasswordAllowed, meetsPasswordRules } from '@api/lib/password-rules';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';

export const SIGN_UP_CLOSED_MESSAGE =
  "Sign-up is closed. Ask your shop's administrator to add you or to send you an invite link.";

/**
 * Sign-up: the empty shop's first account is its admin, made with the setup code the server printed
 * (and the admin-email rule); after that only with "Open sign-up" on, and the account waits for an
 * admin's approval. Otherwise the same rules as an admin creating a user (unique name and email,
 * password rules). Without open sign-up, an empty shop answers like a closed one unless the code is right.
 */
export async function register(
  db: Db,
  config: AppConfig,
  body: z.output<typeof registerBody>,
  client: { address: string; now: number },
  beforeHash: () => Promise<void>,
): Promise<User | 'received'> {
  const mode = await signUpMode(db);
  if (mode !== 'open') {
    if (body.setupCode === undefined) throw forbidden(SIGN_UP_CLOSED_MESSAGE);
    await checkSetupCode(db, body.setupCode, client, mode === 'first-admin');
    if (body.role !== 'admin') throw forbidden(firstAccountMessage(config));
    // The code goes with the transaction that makes the admin: of two sign-ups at once, one gets it.
    const user = await createUser(db, config, body, {
      claim: async (trx) => {
        if (!(await claimSetupCode(trx))) throw forbidden(SETUP_CODE_INVALID);
      },
    });
    removeSetupCodeFile(config.dataDir);
    return user;
  }
  // The admin-email message first (it names the one allowed address); and a stranger never waits as an administrator, even
  // with that email (the admin may have moved to another one).
  assertAdminEmail(config, body.role, body.email);
  if (body.role === 'admin') throw forbidden(OPEN_SIGN_UP_ROLE_MESSAGE);
  // Only checks that do not depend on who exists, then the same hash and insert for every request.
  await createPendingUser(db, config, body, beforeHash);
  return 'received';
}

export const OPEN_SIGN_UP_ROLE_MESSAGE = 'Sign-up makes Technician and Service Advisor accounts only';

export const firstAccountMessage = (config: AppConfig) =>
  `The first account is the shop's administrator: choose Administrator and use the email ${config.adminEmail}`;

/** Where a sign-in comes from: the client address and the id in a validly signed device cookie. */
export interface SignInClient {
  address: string;
  deviceId: string | undefined;
  now: number;
}

/**
 * Checks the password under the sign-in throttle (see login-throttle.ts) and trusts the device for
 * the user on success. Returns the device id the device cookie must carry from now on.
 */
export async function login(
  db: Db,
  config: AppConfig,
  body: z.output<typeof loginBody>,
  client: SignInClient,
): Promise<{ user: User; deviceId: string }> {
  const user = await findUserByUsername(db, body.username);
  // Asked for unknown names too (of a user id that cannot exist), so both take the same queries.
  const trusted =
    client.deviceId !== undefined && (await isTrustedDevice(db, client.deviceId, user?.id ?? '', client.now));
  const attempt = {
    usernameKey: usernameKey(body.username),
    clientKey: trusted ? `device:${hashDeviceId(client.deviceId!)}` : `address:${clientAddressKey(client.address)}`,
    trusted,
    now: client.now,
  };
  // Unknown usernames cost the same time as wrong passwords, so they cannot be told apart.
  const valid = await throttled(db, attempt, async () =>
    user
      ? verifyPassword(body.password, user.passwordHash, trusted ? 'trusted' : 'normal')
      : (await verifyAgainstDummy(body.password, config.passwordHashParams), false),
  );
  if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS);
  const deviceId = await trustThisDevice(db, user.id, client);
  return { user: await catchUpPasswordRules(db, config, user, body.password), deviceId };
}

/**
 * A device that just proved the password (a sign-in, or an account made with it) is trusted for
 * that user; returns the device id its cookie must carry.
 */
export async function trustThisDevice(db: Db, userId: string, client: Omit<SignInClient, 'address'>): Promise<string> {
  const deviceId = client.deviceId ?? newDeviceId();
  await trustDevice(db, deviceId, userId, client.now);
  return deviceId;
}

async function catchUpPasswordRules(db: Db, config: AppConfig, user: UserRow, password: string): Promise<User> {
  // The one moment the password is known: hashes from older parameters are made again, and a
  // password from before today's rules signs in but asks for a new one.
  const changes: UserUpdate = {};
  if (needsRehash(user.passwordHash, config.passwordHashParams)) {
    changes.passwordHash = await hashPassword(password, config.passwordHashParams);
  }
  const required = (await meetsPasswordRules(password)) ? 0 : 1;
  if (required !== user.passwordChangeRequired) changes.passwordChangeRequired = required;
  if (Object.keys(changes).length === 0) return toUser(user);
  await updateUser(db, user.id, changes);
  return toUser({ ...user, ...changes } as typeof user);
}

export async function changePassword(
  db: Db,
  config: AppConfig,
  userId: string,
  currentSessionId: string,
  body: z.output<typeof changePasswordBody>,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
    throw badRequest(CURRENT_PASSWORD_INCORRECT);
  }
  await assertPasswordAllowed(body.newPassword, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword, config.passwordHashParams);
  await inTransaction(db, async (trx) => {
    await updateUser(trx, userId, {
      passwordHash,
      passwordChangeRequired: 0,
      mustChangePassword: 0,
      updatedAt: nowIso(),
    });
    // Every other signed-in device has to sign in again with the new password.
    await deleteUserSessions(trx, userId, currentSessionId);
  });
}

/** Partial: only the fields sent change; a blank optional field is cleared. */
export async function updateSettings(db: Db, userId: string, body: z.output<typeof settingsBody>): Promise<User> {
  // Kysely leaves out undefined values, so fields not sent keep their value.
  if (Object.values(body).some((value) => value !== undefined)) {
    const changes: UserUpdate = { ...body, updatedAt: nowIso() };
    await withUniqueUser(db, { email: body.email }, userId, () => updateUser(db, userId, changes));
  }
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  return toUser(user);
}
