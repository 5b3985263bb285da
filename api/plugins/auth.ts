import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@shared/constants';
import { mayDo, ROLE_TABLE, type Permission } from '@shared/permissions';
import type { Db } from '@api/db/database';
import type { UserRow } from '@api/db/tables';
import { forbidden, unauthorized } from '@api/lib/http-error';
import { permissionSettings } from '@api/modules/shop-settings/shop-settings.service';
import { findUserById } from '@api/modules/users/user.repository';
import { keepSessionAlive } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`. */
    user: UserRow;
  }
  interface FastifyContextConfig {
    /** Set on every route of a scope that `requireUserInScope` guards. */
    signedIn?: boolean;
  }
}

/** What a route-level hook made here requires; the API description reads it (`openapi-responses.ts`). */
export const REQUIRES = Symbol('requires');
/** 'user': an active signed-in account; 'session': any signed-in account, pending ones too. */
export type Requirement = 'user' | 'session' | 'role';

function tag<T extends object>(hook: T, requirement: Requirement): T & { [REQUIRES]: Requirement } {
  return Object.assign(hook, { [REQUIRES]: requirement });
}

/** Loads the session's user; a session whose user is gone is ended. */
export async function currentUser(db: Db, request: FastifyRequest): Promise<UserRow | null> {
  const session = request.session;
  const userId = session.get('userId');
  if (!userId) return null;
  // Read with the session, in the same query, for this request.
  const loaded = session.loadedUser;
  const user = loaded?.id === userId ? loaded : await findUserById(db, userId);
  if (!user) {
    await session.destroy();
    return null;
  }
  keepSessionAlive(session);
  return user;
}

export const PENDING_MESSAGE = "Your account is waiting for an administrator's approval";
export const MUST_CHANGE_PASSWORD_MESSAGE =
  'Choose a new password first: your account was given a password others know (PATCH /api/user/password)';

/**
 * preHandler for every staff route: 401 unless signed in, 403 while the account waits for approval
 * (`allowPending` lets the current-user call answer, so the app can say so), 403 while the account
 * must choose a new password (`allowPasswordChange`: the calls that let it do so).
 */
export function requireUser(db: Db, options: { allowPending?: boolean; allowPasswordChange?: boolean } = {}) {
  return tag(
    async function (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const user = await currentUser(db, request);
      if (!user) throw unauthorized();
      if (user.status !== 'active' && !options.allowPending) throw forbidden(PENDING_MESSAGE);
      if (user.mustChangePassword === 1 && !options.allowPasswordChange) throw forbidden(MUST_CHANGE_PASSWORD_MESSAGE);
      request.user = user;
    },
    options.allowPending ? 'session' : 'user',
  );
}

/** `requireUser` for every route of `scope`; the routes are marked, as a scope's hooks are not visible on them. */
export function requireUserInScope(scope: FastifyInstance, db: Db): void {
  scope.addHook('onRequest', requireUser(db));
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, signedIn: true };
  });
}

/** preHandler that must follow `requireUser`: 403 unless the user has one of the roles. */
export function requireRole(...roles: Role[]) {
  return tag(async function (request: FastifyRequest): Promise<void> {
    if (!roles.includes(request.user.role as Role)) {
      throw forbidden(
        roles.length === 1 && roles[0] === 'admin'
          ? 'You need administrator privileges to do this'
          : 'Your role does not allow this',
      );
    }
  }, 'role');
}

/** preHandler that must follow `requireUser`: 403 unless the role table lets the user's role do this in this shop. */
export function requirePermission(db: Db, permission: Permission) {
  return tag(async function (request: FastifyRequest): Promise<void> {
    if (!mayDo(permission, request.user.role, await permissionSettings(db))) {
      throw forbidden(ROLE_TABLE[permission].refusal);
    }
  }, 'role');
}
