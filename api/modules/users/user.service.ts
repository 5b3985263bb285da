import type { z } from 'zod';
import type { UserStatus } from '@shared/constants';
import type { createUserBody, updateUserBody, User, UserData, UsersQuery } from '@shared/schemas/user';
import type { AppConfig } from '@api/config';
import type { Db } from '@api/db/database';
import type { UserUpdate } from '@api/db/tables';
import { isUniqueViolation } from '@api/db/errors';
import { underSavepoint } from '@api/db/savepoint';
import { inTransaction } from '@api/db/transaction';
import type { ListPage } from '@api/lib/list';
import { conflict, HttpError, notFound } from '@api/lib/http-error';
import { hashPassword } from '@api/lib/password';
import { assertPasswordAllowed } from '@api/lib/password-rules';
import { newId, nowIso } from '@api/lib/tokens';
import { customersCreatedBy, inspectionsByTechnician, vehiclesCreatedBy } from './user-data.repository';
import { toUser } from './user.mapper';
import {
  countAdmins,
  countUsers,
  deleteUser,
  deleteUserSessions,
  findUserById,
  insertUser,
  listUsers,
  lockAdmins,
  updateUser,
  type UserFilters,
} from './user.repository';
import { toCustomer } from '@api/modules/customers/customer.mapper';
import { changed, inspectionIdsOfTechnician, mediaIdsTakenBy, recordChanges } from '@api/lib/change-log';
import { assertAdminEmail, assertUnique, DELETE_SELF_MESSAGE, LAST_ADMIN_MESSAGE, withUniqueUser } from './user.rules';

const USER_NOT_FOUND = 'User not found';

/** Who is asking: the admin and the session they are using. */
export interface Actor {
  userId: string;
  sessionId: string;
}

export async function listUsersPage(db: Db, query: UsersQuery): Promise<ListPage<User>> {
  const filters: UserFilters = {
    q: query.q,
    role: query.role === 'all' ? undefined : query.role,
    status: query.status === 'all' ? undefined : query.status,
  };
  const [rows, total] = await Promise.all([listUsers(db, filters, query), countUsers(db, filters)]);
  return { items: rows.map(toUser), total };
}

export async function getUser(db: Db, id: string): Promise<User> {
  const row = await findUserById(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

export interface CreateUserOptions {
  /** 'pending' for an account from the open sign-up. */
  status?: UserStatus;
  /** Runs in the insert's transaction once the row exists (an invite is claimed there); throwing undoes the insert. */
  claim?: (trx: Db, userId: string) => Promise<void>;
  /** Made by the route before any transaction opened (see user.routes.ts). */
  preparedHash?: string | undefined;
  /** Runs just before the password is hashed (a sign-up spends its address's budget there). */
  beforeHash?: (() => Promise<void>) | undefined;
}

export async function createUser(
  db: Db,
  config: AppConfig,
  body: z.output<typeof createUserBody>,
  options: CreateUserOptions = {},
): Promise<User> {
  assertAdminEmail(config, body.role, body.email);
  // A create sent again with the same client id must not make a second account.
  if (body.id && (await findUserById(db, body.id))) throw conflict('User already exists');
  // Checked before the (deliberately slow) hash, so a taken name costs no hashing.
  await assertUnique(db, body);
  await assertPasswordAllowed(body.password, 'password');
  await options.beforeHash?.();
  const passwordHash = options.preparedHash ?? (await hashPassword(body.password, config.passwordHashParams));
  const now = nowIso();
  const values = {
    id: body.id ?? newId(),
    username: body.username,
    email: body.email,
    role: body.role,
    passwordHash,
    passwordChangeRequired: 0,
    status: options.status ?? 'active',
    createdAt: now,
    updatedAt: now,
  };
  try {
    // The hash is made before the transaction, so no slow work holds the database.
    const row = options.claim
      ? await inTransaction(db, async (trx) => {
          const created = await underSavepoint(trx, () => insertUser(trx, values));
          await options.claim!(trx, created.id);
          return created;
        })
      : await underSavepoint(db, () => insertUser(db, values));
    return toUser(row);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (body.id && (await findUserById(db, body.id))) throw conflict('User already exists');
    await assertUnique(db, body);
    throw conflict('Username or email already exists');
  }
}

/**
 * An account from the open sign-up, waiting for approval. Nothing here depends on who exists: a
 * taken username or email is stored like a free one and settled when an admin approves.
 */
export async function createPendingUser(
  db: Db,
  config: AppConfig,
  body: z.output<typeof createUserBody>,
  beforeHash?: () => Promise<void>,
): Promise<void> {
  await assertPasswordAllowed(body.password, 'password');
  await beforeHash?.();
  const passwordHash = await hashPassword(body.password, config.passwordHashParams);
  const now = nowIso();
  await insertUser(db, {
    id: newId(),
    username: body.username,
    email: body.email,
    role: body.role,
    passwordHash,
    passwordChangeRequired: 0,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  });
}

export async function updateUserById(
  db: Db,
  config: AppConfig,
  actor: Actor,
  id: string,
  body: z.output<typeof updateUserBody>,
  /** Made by the route before any transaction opened (see user.routes.ts). */
  preparedHash?: string,
): Promise<User> {
  const user = await findUserById(db, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  if (body.role === 'admin' && user.role !== 'admin') {
    // Promoting someone creates an administrator, so the admin-email rule applies.
    assertAdminEmail(config, 'admin', body.email ?? user.email);
  }
  // Checked before the (deliberately slow) hash, so a taken name costs no hashing.
  await assertUnique(db, body, id);
  const changes: UserUpdate = {};
  if (body.username !== undefined) changes.username = body.username;
  if (body.email !== undefined) changes.email = body.email;
  if (body.role !== undefined) changes.role = body.role;
  if (body.password) {
    await assertPasswordAllowed(body.password, 'password');
    changes.passwordHash = preparedHash ?? (await hashPassword(body.password, config.passwordHashParams));
    changes.passwordChangeRequired = 0;
  }
  if (Object.keys(changes).length > 0) {
    changes.updatedAt = nowIso();
    const demotesAdmin = user.role === 'admin' && changes.role !== undefined && changes.role !== 'admin';
    await withUniqueUser(db, body, id, () =>
      inTransaction(db, async (trx) => {
        if (demotesAdmin) await lockAdmins(trx);
        await updateUser(trx, id, changes);
        if (demotesAdmin && (await countAdmins(trx)) === 0) throw conflict(LAST_ADMIN_MESSAGE);
        // A new password signs the user out everywhere (the admin's own session stays).
        if (changes.passwordHash) await deleteUserSessions(trx, id, actor.sessionId);
        // Inspections nest their technician's name, email and role; media show who took them.
        if (changes.username || changes.email || changes.role) {
          await recordChanges(trx, [
            ...changed('inspection', await inspectionIdsOfTechnician(trx, id)),
            ...(changes.username ? changed('media', await mediaIdsTakenBy(trx, id)) : []),
          ]);
        }
      }),
    );
  }
  return getUser(db, id);
}

/**
 * An admin lets an account from the open sign-up in; approving an active account changes nothing.
 * A sign-up whose username or email an active account has by now is refused with which one.
 */
export async function approveUser(db: Db, id: string): Promise<User> {
  const user = await findUserById(db, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  if (user.status !== 'active') {
    try {
      await withUniqueUser(db, user, id, () => updateUser(db, id, { status: 'active', updatedAt: nowIso() }));
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 409) throw conflict(approvalClashMessage(err.message));
      throw err;
    }
  }
  return getUser(db, id);
}

export const approvalClashMessage = (taken: string) =>
  `${taken}: another account has it. Decline this sign-up, or change the other account first.`;

export async function deleteUserById(db: Db, actor: Actor, id: string): Promise<void> {
  if (id === actor.userId) throw conflict(DELETE_SELF_MESSAGE);
  await inTransaction(db, async (trx) => {
    const user = await findUserById(trx, id);
    if (!user) throw notFound(USER_NOT_FOUND);
    // Only removing an administrator can leave none: then wait for any other such change.
    if (user.role === 'admin') await lockAdmins(trx);
    const inspectionIds = await inspectionIdsOfTechnician(trx, id);
    const mediaIds = await mediaIdsTakenBy(trx, id);
    // Sessions go with the user (cascade); their customers, inspections and media stay, unassigned.
    await deleteUser(trx, id);
    if (user.role === 'admin' && (await countAdmins(trx)) === 0) throw conflict(LAST_ADMIN_MESSAGE);
    // Their inspections now show no technician, their media no one who took them.
    await recordChanges(trx, [...changed('inspection', inspectionIds), ...changed('media', mediaIds)]);
  });
}

export async function getUserData(db: Db, id: string): Promise<UserData> {
  const user = await getUser(db, id);
  const [customers, vehicles, inspections] = await Promise.all([
    customersCreatedBy(db, id),
    vehiclesCreatedBy(db, id),
    inspectionsByTechnician(db, id),
  ]);
  return {
    user,
    customers: customers.map(toCustomer),
    vehicles,
    inspections: inspections.map(({ customerName, vehicleYear, vehicleMake, vehicleModel, ...inspection }) => ({
      ...inspection,
      customer: { id: inspection.customerId, name: customerName },
      vehicle: { id: inspection.vehicleId, year: vehicleYear, make: vehicleMake, model: vehicleModel },
    })),
  };
}
