import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams } from '../../../shared/schemas/common';
import {
  createUserBody,
  updateUserBody,
  userDataResponse,
  userListResponse,
  userResponse,
  usersQuery,
} from '../../../shared/schemas/user';
import { setTotalCount } from '../../lib/list';
import { hashPassword } from '../../lib/password';
import { requireRole } from '../../plugins/auth';
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
  const denied = { 400: errorResponse, 401: errorResponse, 403: errorResponse };
  // The hash costs a deliberate ~0.3 s. Made here, before the handler, it runs before an idempotent
  // write opens its transaction: on SQLite a transaction holds the one connection every request needs.
  const hashPasswordFirst = async (request: FastifyRequest) => {
    const password = (request.body as { password?: unknown } | undefined)?.password;
    if (typeof password === 'string' && password) request.passwordHash = await hashPassword(password, app.config.passwordHashParams);
  };
  const actor = (request: { user: { id: string }; session: { sessionId: string } }) => ({
    userId: request.user.id,
    sessionId: request.session.sessionId,
  });

  app.get(
    '/users',
    { onRequest: adminOnly, schema: { querystring: usersQuery, response: { 200: userListResponse, ...denied } } },
    async (request, reply) => {
      const { users, total } = await listUsersPage(app.db, request.query);
      setTotalCount(reply, total);
      return users;
    },
  );

  app.get(
    '/users/:id',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 200: userResponse, ...denied, 404: errorResponse } },
    },
    async (request) => getUser(app.db, request.params.id),
  );

  app.get(
    '/users/:id/data',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 200: userDataResponse, ...denied, 404: errorResponse } },
    },
    async (request) => getUserData(app.db, request.params.id),
  );

  app.post(
    '/users',
    {
      onRequest: adminOnly,
      preHandler: hashPasswordFirst,
      schema: { body: createUserBody, response: { 201: userResponse, ...denied, 409: errorResponse } },
    },
    async (request, reply) => {
      const user = await createUser(request.db, app.config, request.body, { preparedHash: request.passwordHash });
      reply.status(201);
      return user;
    },
  );

  app.post(
    '/users/:id/approve',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 200: userResponse, ...denied, 404: errorResponse } },
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
        response: { 200: userResponse, ...denied, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) =>
      updateUserById(request.db, app.config, actor(request), request.params.id, request.body, request.passwordHash),
  );

  app.delete(
    '/users/:id',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 204: z.null(), ...denied, 404: errorResponse, 409: errorResponse } },
    },
    async (request, reply) => {
      await deleteUserById(request.db, actor(request), request.params.id);
      reply.status(204);
      return null;
    },
  );
}
