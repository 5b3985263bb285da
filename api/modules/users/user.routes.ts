import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '@shared/schemas/common';
import {
  createUserBody,
  updateUserBody,
  userDataResponse,
  userListResponse,
  userResponse,
  usersQuery,
} from '@shared/schemas/user';
import { sendPage } from '@api/lib/list';
import { created, errorsFor, noContent } from '@api/lib/replies';
import { hashPassword } from '@api/lib/password';
import { requireRole } from '@api/plugins/auth';
import {
  approveUser,
  createUser,
  deleteUserById,
  getUser,
  getUserData,
  listUsersPage,
  updateUserById,
} from './user.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The hash of the body's new password, made in a preHandler (see hashPasswordFirst). */
    passwordHash?: string;
  }
}

// Every route here is admin only; the staff scope has already required a signed-in user.
export async function userRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole('admin');
  // The hash costs a deliberate ~0.3 s. Made here, before the handler, it runs before an idempotent
  // write opens its transaction: on SQLite a transaction holds the one connection every request needs.
  const hashPasswordFirst = async (request: FastifyRequest) => {
    const password = (request.body as { password?: unknown } | undefined)?.password;
    if (typeof password === 'string' && password)
      request.passwordHash = await hashPassword(password, app.config.passwordHashParams);
  };
  const actor = (request: { user: { id: string }; session: { sessionId: string } }) => ({
    userId: request.user.id,
    sessionId: request.session.sessionId,
  });

  app.get(
    '/users',
    {
      onRequest: adminOnly,
      schema: { querystring: usersQuery, response: { 200: userListResponse, ...errorsFor(400, 401, 403) } },
    },
    async (request, reply) => sendPage(reply, await listUsersPage(app.db, request.query)),
  );

  app.get(
    '/users/:id',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 200: userResponse, ...errorsFor(400, 401, 403, 404) } },
    },
    async (request) => getUser(app.db, request.params.id),
  );

  app.get(
    '/users/:id/data',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 200: userDataResponse, ...errorsFor(400, 401, 403, 404) } },
    },
    async (request) => getUserData(app.db, request.params.id),
  );

  app.post(
    '/users',
    {
      onRequest: adminOnly,
      preHandler: hashPasswordFirst,
      schema: { body: createUserBody, response: { 201: userResponse, ...errorsFor(400, 401, 403, 409) } },
    },
    async (request, reply) =>
      created(reply, createUser(request.db, app.config, request.body, { preparedHash: request.passwordHash })),
  );

  app.post(
    '/users/:id/approve',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 200: userResponse, ...errorsFor(400, 401, 403, 404, 409) } },
    },
    async (request) => approveUser(request.db, request.params.id),
  );

  app.put(
    '/users/:id',
    {
      onRequest: adminOnly,
      preHandler: hashPasswordFirst,
      schema: {
        params: idParams,
        body: updateUserBody,
        response: { 200: userResponse, ...errorsFor(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateUserById(request.db, app.config, actor(request), request.params.id, request.body, request.passwordHash),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 204: z.null(), ...errorsFor(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => noContent(reply, deleteUserById(request.db, actor(request), request.params.id)),
  );
}
