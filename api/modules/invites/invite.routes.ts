import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, idParams } from '../../../shared/schemas/common';
import { createdInviteResponse, createInviteBody, inviteListResponse } from '../../../shared/schemas/invite';
import { requireRole } from '../../plugins/auth';
import { createInvite, listInvites, withdrawInvite } from './invite.service';

// The admin's side of invite links; the invitee's side is in the auth routes (no sign-in there).
export async function inviteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireRole('admin');
  const denied = { 401: errorResponse, 403: errorResponse };

  app.get(
    '/invites',
    { onRequest: adminOnly, schema: { response: { 200: inviteListResponse, ...denied } } },
    async (request) => listInvites(request.db),
  );

  app.post(
    '/invites',
    {
      onRequest: adminOnly,
      // The token must not be kept in the idempotency table: only its hash is stored anywhere.
      config: { storesReplay: false },
      schema: { body: createInviteBody, response: { 201: createdInviteResponse, 400: errorResponse, ...denied } },
    },
    async (request, reply) => {
      const invite = await createInvite(request.db, request.user, request.body);
      reply.status(201);
      return invite;
    },
  );

  app.delete(
    '/invites/:id',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        response: { 204: z.null(), 400: errorResponse, ...denied, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request, reply) => {
      await withdrawInvite(request.db, request.params.id);
      // Status, then return (no send): an idempotent write answers only after its transaction commits.
      reply.status(204);
      return null;
    },
  );
}
