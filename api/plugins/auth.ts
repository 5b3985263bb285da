import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/constants';
import type { Db } from '../db/database';
import type { UserRow } from '../db/tables';
import { forbidden, unauthorized } from '../lib/http-error';
import { findUserById } from '../modules/users/user.repository';
import { keepSessionAlive } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`. */
    user: UserRow;
  }
}

/** Loads the session's user; a session whose user is gone is ended. */
export async function currentUser(db: Db, request: FastifyRequest): Promise<UserRow | null> {
  const userId = request.session.get('userId');
  if (!userId) return null;
  const user = await findUserById(db, userId);
  if (!user) {
    await request.session.destroy();
    return null;
  }
  keepSessionAlive(request.session);
  return user;
}

export const PENDING_MESSAGE = "Your account is waiting for an administrator's approval";

/**
 * preHandler for every staff route: 401 unless signed in, 403 while the account waits for approval
 * (`allowPending` lets the current-user call answer, so the app can say so).
 */
export function requireUser(db: Db, options: { allowPending?: boolean } = {}) {
  return async function (request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const user = await currentUser(db, request);
    if (!user) throw unauthorized();
    if (user.status !== 'active' && !options.allowPending) throw forbidden(PENDING_MESSAGE);
    request.user = user;
  };
}

/** preHandler that must follow `requireUser`: 403 unless the user has one of the roles. */
export function requireRole(...roles: Role[]) {
  return async function (request: FastifyRequest): Promise<void> {
    if (!roles.includes(request.user.role as Role)) {
      throw forbidden(
        roles.length === 1 && roles[0] === 'admin'
          ? 'You need administrator privileges to do this'
          : 'Your role does not allow this',
      );
    }
  };
}
